import { isIP } from 'node:net';

/**
 * Which hops of `X-Forwarded-For` are believed: none (`false`), the `number` nearest hops (the socket's peer
 * and the addresses it and the proxies before it appended), or the proxies at these addresses/CIDRs. The
 * client is the right-most address that is not a trusted hop, so an address the client typed into the header
 * itself is never taken for his.
 */
export type TrustProxy = false | number | string[];

/** Names proxy-addr (Fastify's) accepts for ranges of addresses. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

function validAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: unset, `0` or `false` trusts nobody; `1` or `true` one proxy (the peer of the socket); a
 * number N the N nearest proxies; otherwise a comma-separated list of the proxies' addresses, CIDRs or
 * `loopback`/`linklocal`/`uniquelocal`. Anything else stops the start-up, saying what is accepted.
 */
export function trustProxyFromEnv(value: string | undefined): TrustProxy {
  const trimmed = value?.trim().toLowerCase() ?? '';
  if (trimmed === '' || trimmed === '0' || trimmed === 'false') return false;
  if (trimmed === 'true') return 1;
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    if (hops <= MAX_HOPS) return hops;
  } else {
    const entries = trimmed.split(',').map((entry) => entry.trim());
    if (entries.every((entry) => entry !== '' && validAddressOrRange(entry))) return entries;
  }
  throw new Error(
    `TRUST_PROXY inválido: "${value}". Use o número de proxies à frente do servidor (1 a ${MAX_HOPS}) ` +
      'ou a lista dos seus endereços separados por vírgula (IP, CIDR, loopback, linklocal, uniquelocal).',
  );
}

/** Fastify's `trustProxy` for `trust`: a hop count becomes "the first N hops" (Fastify's own number trusts none). */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * The client's IP address: Fastify's `request.ip` (see `fastifyTrustProxy`), or the socket's peer when a
 * trusted hop forwarded something that is not an IP address.
 */
export function clientAddress(request: { ip: string; socket: { remoteAddress?: string } }): string {
  if (isIP(request.ip) !== 0) return request.ip;
  return request.socket.remoteAddress ?? request.ip;
}
