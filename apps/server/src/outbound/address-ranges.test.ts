import { describe, expect, it } from 'vitest';
import { refusedAddressRange } from './address-ranges';
import { allowedHostsFromEnv, isAllowedHost, parseAllowedHost } from './allowed-hosts';

describe('refusedAddressRange', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['10.1.2.3', 'rede privada'],
    ['172.16.0.1', 'rede privada'],
    ['172.31.255.255', 'rede privada'],
    ['192.168.1.1', 'rede privada'],
    ['::ffff:192.168.1.1', 'rede privada'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fd00:ec2::254', 'privada IPv6'],
    ['fc00::1', 'privada IPv6'],
    ['100.64.0.1', 'CGNAT'],
    ['100.100.100.200', 'CGNAT'],
    ['0.0.0.0', 'não especificado'],
    ['::', 'não especificado'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reservada'],
    ['240.0.0.1', 'reservada'],
    ['64:ff9b::7f00:1', 'IPv6'],
    ['2002:7f00:1::', 'IPv6'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'IPv6'],
    ['::127.0.0.1', 'loopback'],
    ['fec0::1', 'site-local'],
    ['não é IP', 'inválido'],
  ])('refuses %s (%s)', (address, range) => {
    expect(refusedAddressRange(address)).toContain(range);
  });

  it.each(['8.8.8.8', '200.160.2.3', '172.32.0.1', '100.128.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])(
    'lets the public address %s through',
    (address) => {
      expect(refusedAddressRange(address)).toBeNull();
    },
  );
});

describe('allowed hosts', () => {
  it('reads names, ports, IPs and IPv6 and normalises them as the URL parser does', () => {
    expect(allowedHostsFromEnv(' erp.empresa.local, 10.0.0.5:8443 [fd00::5]:80,2130706433 ,[::1]')).toEqual([
      { host: 'erp.empresa.local', port: null },
      { host: '10.0.0.5', port: 8443 },
      { host: '[fd00::5]', port: 80 },
      { host: '127.0.0.1', port: null },
      { host: '[::1]', port: null },
    ]);
    expect(allowedHostsFromEnv(undefined)).toEqual([]);
  });

  it.each(['http://erp.local', 'erp.local/api', 'user@erp.local', 'erp.local:0', 'erp.local:70000', '[::1'])(
    'refuses %s, which is no host',
    (entry) => {
      expect(parseAllowedHost(entry)).toBeNull();
      expect(() => allowedHostsFromEnv(entry)).toThrow('OUTBOUND_ALLOWED_HOSTS inválido');
    },
  );

  it('matches a URL by host and, when one is given, by port (default ports included)', () => {
    const allowed = allowedHostsFromEnv('erp.local,10.0.0.5:8443,intranet:443');
    expect(isAllowedHost(allowed, new URL('http://ERP.local:1234/x'))).toBe(true);
    expect(isAllowedHost(allowed, new URL('https://10.0.0.5:8443/'))).toBe(true);
    expect(isAllowedHost(allowed, new URL('https://10.0.0.5/'))).toBe(false);
    expect(isAllowedHost(allowed, new URL('https://intranet/'))).toBe(true);
    expect(isAllowedHost(allowed, new URL('http://intranet/'))).toBe(false);
    expect(isAllowedHost(allowed, new URL('http://erp.local.evil.com/'))).toBe(false);
  });
});
