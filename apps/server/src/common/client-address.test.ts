/** Addresses as the per-address limits key them (docs/OPERATIONS.md §3.2). */
import { describe, expect, it } from 'vitest';
import { PRIVATE_NETWORKS, addressKey, clientAddress, inNetworks, parseNetworks } from './client-address.js';

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff::1', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::9', '2001:db8:1:2::/64'],
    ['[2001:db8:1:2::9]', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::203.0.113.7', '64:ff9b:0:0::/64'],
    ['', 'unknown'],
    ['not an address', 'not an address'],
  ])('%s → %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it('one IPv6 subscriber (a /64) is one key; the next /64 is another', () => {
    expect(addressKey('2001:db8:0:1::a')).toBe(addressKey('2001:db8:0:1:ffff:ffff:ffff:ffff'));
    expect(addressKey('2001:db8:0:1::a')).not.toBe(addressKey('2001:db8:0:2::a'));
  });

  it('an unparseable value stays bounded in length', () => {
    expect(addressKey('x'.repeat(10_000))).toHaveLength(64);
  });
});

describe('networks', () => {
  const trusted = parseNetworks(PRIVATE_NETWORKS);
  it.each([
    ['127.0.0.1', true],
    ['::ffff:127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['::1', true],
    ['fd12:3456::1', true],
    ['203.0.113.7', false],
    ['2001:db8::1', false],
    ['garbage', false],
  ])('%s is private: %s', (address, inside) => {
    expect(inNetworks(address, trusted)).toBe(inside);
  });

  it('refuses a network that does not parse', () => {
    expect(() => parseNetworks(['10.0.0.0/33'])).toThrow(/prefix/);
    expect(() => parseNetworks(['proxy.example'])).toThrow(/not an address/);
  });
});

describe('clientAddress', () => {
  it('ignores X-Forwarded-For unless told to trust proxies', () => {
    expect(clientAddress('10.0.0.5', '198.51.100.1', 0)).toBe('10.0.0.5');
  });

  it('behind one trusted proxy, takes the entry it saw', () => {
    expect(clientAddress('10.0.0.5', '198.51.100.1', 1)).toBe('198.51.100.1');
    // A client's own fake entries on the left do not matter.
    expect(clientAddress('10.0.0.5', '1.1.1.1, 198.51.100.1', 1)).toBe('198.51.100.1');
    expect(clientAddress('10.0.0.5', ['1.1.1.1', '198.51.100.1'], 2)).toBe('1.1.1.1');
  });

  it('a peer outside the trusted networks cannot choose its address', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.1', 1)).toBe('203.0.113.9');
    expect(clientAddress('203.0.113.9', '198.51.100.1', 1, parseNetworks(['203.0.113.0/24']))).toBe('198.51.100.1');
  });

  it('more hops than entries falls back to the leftmost', () => {
    expect(clientAddress('10.0.0.5', '198.51.100.1', 5)).toBe('198.51.100.1');
  });
});
