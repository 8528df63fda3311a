/**
 * Who a request comes from, for the per-address limits. Behind `trustProxy` reverse proxies the address
 * is read from `X-Forwarded-For` (the entry that many hops from the right); otherwise it is the peer's.
 * IPv6 clients are grouped by their /64 (one subscriber usually holds a whole /64), IPv4-mapped IPv6
 * addresses count as the IPv4 address.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The client's address as the limits key it. */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | readonly string[] | undefined,
  trustProxy: number,
): string {
  let address = peer ?? '';
  if (trustProxy > 0 && forwardedFor !== undefined) {
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
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1]!;
  if (isIPv4(bare)) return bare;
  if (isIPv6(bare)) return `${expandIPv6(bare).slice(0, 4).join(':')}::/64`;
  return bare.slice(0, 64) || 'unknown';
}

/** The eight 16-bit groups of an IPv6 address, as lowercase hex without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted quad (e.g. 64:ff9b::1.2.3.4) becomes two groups.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...new Array<string>(missing).fill('0'), ...right].map((g) => parseInt(g, 16).toString(16));
}
