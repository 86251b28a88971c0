import { describe, expect, it } from 'vitest';
import { throttleAddress, throttleKeys } from './login-throttle';

describe('the address a login failure counts against', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:85a3:1:aaaa:bbbb:cccc:dddd', '2001:db8:85a3:1::/64'],
    ['2001:db8:85a3:1::1', '2001:db8:85a3:1::/64'],
    ['2001:0db8:0000:0001:ffff::9', '2001:db8:0:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s counts as %s', (ip, expected) => {
    expect(throttleAddress(ip)).toBe(expected);
  });

  it('puts every address of one IPv6 /64 under the same keys', () => {
    const a = throttleKeys('x@example.com', '2001:db8:1:2::a').map((k) => k.key);
    const b = throttleKeys('x@example.com', '2001:db8:1:2:ffff:ffff:ffff:ffff').map((k) => k.key);
    expect(a).toEqual(b);
    expect(throttleKeys('x@example.com', '2001:db8:1:3::a').map((k) => k.key)).not.toEqual(a);
  });
});
