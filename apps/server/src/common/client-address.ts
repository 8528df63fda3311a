/**
 * Who a request comes from, for the per-address limits. Behind `trustProxy` reverse proxies the address
 * is read from `X-Forwarded-For` (the entry that many hops from the right) — but only when the peer
 * itself is one of the trusted proxies, so a client reaching the port directly cannot pick its own
 * address. IPv6 clients are grouped by their /64 (one subscriber usually holds a whole /64), IPv4-mapped
 * IPv6 addresses count as the IPv4 address.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** Where proxies usually sit: loopback and the private ranges (TRUSTED_PROXIES replaces it). */
export const PRIVATE_NETWORKS = ['127.0.0.0/8', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '::1/128', 'fc00::/7'];

/** A parsed network: the address as a number, its family's width, and the prefix length. */
interface Network {
  readonly value: bigint;
  readonly width: 32 | 128;
  readonly prefix: number;
}

/** Which networks' peers may speak for a client through `X-Forwarded-For`. */
export type TrustedNetworks = readonly Network[];

/** Parses CIDRs (`10.0.0.0/8`, `fc00::/7`, or a bare address); throws on one that does not parse (a config error). */
export function parseNetworks(cidrs: readonly string[]): TrustedNetworks {
  return cidrs.map((cidr) => {
    const [address = '', prefixText] = cidr.trim().split('/');
    const value = addressValue(address);
    if (!value) throw new Error(`TRUSTED_PROXIES: "${cidr}" is not an address or a network`);
    const prefix = prefixText === undefined ? value.width : Number(prefixText);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > value.width) {
      throw new Error(`TRUSTED_PROXIES: "${cidr}" has a bad prefix length`);
    }
    return { ...value, prefix };
  });
}

/** Whether `address` is inside one of `networks`. */
export function inNetworks(address: string, networks: TrustedNetworks): boolean {
  const a = addressValue(address);
  if (!a) return false;
  return networks.some((n) => {
    if (n.width !== a.width) return false;
    const shift = BigInt(n.width - n.prefix);
    return a.value >> shift === n.value >> shift;
  });
}

/** The client's address as the limits key it. */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | readonly string[] | undefined,
  trustProxy: number,
  trusted: TrustedNetworks = parseNetworks(PRIVATE_NETWORKS),
): string {
  let address = peer ?? '';
  if (trustProxy > 0 && forwardedFor !== undefined && inNetworks(address, trusted)) {
    const forwarded = (typeof forwardedFor === 'string' ? forwardedFor : forwardedFor.join(','))
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
    // The chain as the last proxy saw it: client, proxies…, then the peer itself.
    const chain = [...forwarded, address];
    address = chain[Math.max(0, chain.length - 1 - trustProxy)]!;
  }
  return addressKey(address);
}

/** The limits key of one address: IPv4 as is, IPv6 by /64, anything unparseable as itself (bounded). */
export function addressKey(address: string): string {
  const parsed = addressValue(address);
  if (!parsed) return address.slice(0, 64) || 'unknown';
  if (parsed.width === 32) {
    const v = Number(parsed.value);
    return [v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255].join('.');
  }
  const groups = Array.from({ length: 4 }, (_, i) => ((parsed.value >> BigInt(112 - 16 * i)) & 0xffffn).toString(16));
  return `${groups.join(':')}::/64`;
}

/** An address as a number of its family (IPv4-mapped IPv6 as IPv4), or null when it is not an address. */
function addressValue(address: string): { value: bigint; width: 32 | 128 } | null {
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (isIPv4(bare)) return { value: BigInt(ipv4Value(bare)), width: 32 };
  if (!isIPv6(bare)) return null;
  const value = ipv6Value(bare);
  // ::ffff:a.b.c.d (in either spelling) is the IPv4 address a.b.c.d.
  if (value >> 32n === 0xffffn) return { value: value & 0xffffffffn, width: 32 };
  return { value, width: 128 };
}

function ipv4Value(address: string): number {
  return address.split('.').reduce((v, part) => v * 256 + Number(part), 0);
}

/** The 128-bit value of a valid IPv6 address (`::` compression and a trailing dotted quad allowed). */
function ipv6Value(address: string): bigint {
  let text = address.toLowerCase();
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const v = ipv4Value(quad[1]!);
    text = `${text.slice(0, quad.index)}${(v >>> 16).toString(16)}:${(v & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...new Array<string>(missing).fill('0'), ...right];
  return groups.reduce((v, g) => (v << 16n) | BigInt(parseInt(g, 16)), 0n);
}
