import { describe, expect, it } from 'vitest';
import { throttleAddress } from './client-address';

describe('throttleAddress', () => {
  it('keeps an IPv4 address and unwraps an IPv4-mapped one', () => {
    expect(throttleAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client', () => {
    const first = throttleAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(first).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:0db8:0001:0002::1')).toBe(first);
    expect(throttleAddress('2001:db8:1:3::1')).not.toBe(first);
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
