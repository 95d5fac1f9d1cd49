import { describe, expect, it } from 'vitest';
import { senderAddress } from './request-meta';

describe('senderAddress', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(senderAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(senderAddress('203.0.113.8')).toBe('203.0.113.8');
  });

  it('takes every address of one IPv6 /64 as one sender, however it is written', () => {
    const one = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0000:0000:0000:0042',
      '2001:DB8:1:2:a:b:c:d',
      '2001:db8:1:2:0:0:192.0.2.1',
      '2001:db8:1:2::9%eth0',
    ];
    expect(new Set(one.map(senderAddress))).toEqual(new Set(['2001:db8:1:2::/64']));
    // The next /64 is another sender.
    expect(senderAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(senderAddress('::1')).toBe('0:0:0:0::/64');
  });

  it('reads an IPv4 address written as IPv6 as the IPv4 address', () => {
    expect(senderAddress('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(senderAddress('::ffff:c633:6404')).toBe('198.51.100.4');
  });

  it('keeps what is not an address as it is', () => {
    expect(senderAddress('')).toBe('');
    expect(senderAddress('not-an-address')).toBe('not-an-address');
  });
});
