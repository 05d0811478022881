import ipaddr from 'ipaddr.js';

/** Names in pt-BR of the ranges an outbound call may not reach, by ipaddr.js's range name. */
const RANGE_NAMES: Record<string, string> = {
  unspecified: 'endereço não especificado',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local (inclui metadados de nuvem)',
  loopback: 'loopback (o próprio servidor)',
  carrierGradeNat: 'rede interna (CGNAT)',
  private: 'rede privada',
  reserved: 'faixa reservada',
  uniqueLocal: 'rede privada IPv6',
  deprecatedSiteLocal: 'rede interna IPv6 (site-local)',
};

/** 2000::/3: every global unicast IPv6 address lies in it; anything outside is special-purpose. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Why an IP address is not one an outbound call may reach, in pt-BR, or null when it is a public unicast
 * address. Loopback, private, link-local (the cloud metadata service at 169.254.169.254 included), CGNAT,
 * multicast, reserved and every other special-purpose range are refused, in IPv4 and IPv6; an IPv4-mapped IPv6
 * address (::ffff:127.0.0.1) is judged as the IPv4 address it carries, and IPv6 forms that embed an IPv4
 * address (NAT64, 6to4, Teredo, IPv4-compatible) are refused outright. Not an IP address: refused.
 */
export function refusedAddressRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'endereço IP inválido';
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (parsed.kind() === 'ipv4') return range === 'unicast' ? null : (RANGE_NAMES[range] ?? 'faixa especial');
  if (range !== 'unicast') return RANGE_NAMES[range] ?? 'faixa especial de IPv6';
  return parsed.match(GLOBAL_UNICAST_V6) ? null : 'faixa especial de IPv6';
}
