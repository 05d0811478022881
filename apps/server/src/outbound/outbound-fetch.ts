import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, request as undiciRequest } from 'undici';
import { refusedAddressRange } from './address-ranges';
import { isAllowedHost, type AllowedHost } from './allowed-hosts';

/**
 * Every HTTP call to an address a user or an ADMIN typed (an ERP's URL, and any such URL later) goes through
 * `createOutboundFetch`:
 * - only http and https, no user:password@ in the URL;
 * - the host is resolved and every address it resolves to must be public unicast (`refusedAddressRange`):
 *   loopback, private, link-local, metadata and other special ranges are refused in IPv4 and IPv6, whatever form
 *   the URL wrote them in (the URL parser turns 2130706433, 0x7f.1 and 017700000001 into 127.0.0.1), unless the
 *   host is allowed by name (`OUTBOUND_ALLOWED_HOSTS`, the ADMIN's list, the demo's simulator);
 * - the connection goes to exactly the addresses that were checked: the socket's DNS lookup is replaced by one
 *   that answers them, so a name cannot resolve to a public address for the check and to an internal one for the
 *   connection;
 * - a redirect is followed only to the same origin (scheme, host and port), checked again; a redirect anywhere
 *   else is refused, never followed.
 */

/** The call was refused before any byte left: the message, in pt-BR, says why and what to do. */
export class OutboundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

export interface OutboundRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** The answer, read whole. */
export interface OutboundResponse {
  status: number;
  ok: boolean;
  header(name: string): string | null;
  text: string;
}

export type OutboundFetch = (url: string, request: OutboundRequest) => Promise<OutboundResponse>;

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (tests give names of their own). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundFetchOptions {
  /** The hosts that may resolve to internal addresses; read at every call, so a change applies at once. */
  allowedHosts: () => Promise<readonly AllowedHost[]>;
  resolve?: Resolve;
  /** Same-origin redirects followed at most (default 3). */
  maxRedirects?: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
}

/** A URL an outbound call may be made to, or the pt-BR reason it may not. */
export function parseOutboundUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new OutboundRefusedError('a URL informada não é válida.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundRefusedError('a URL deve começar com http:// ou https://.');
  if (url.username !== '' || url.password !== '')
    throw new OutboundRefusedError('a URL não pode conter usuário ou senha; use os campos próprios.');
  return url;
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/** A socket lookup that answers only the addresses already checked for `hostname`. */
function pinnedLookup(hostname: string, addresses: ResolvedAddress[]): LookupFunction {
  return (host, options, callback) => {
    const first = addresses[0];
    if (host !== hostname || !first) {
      callback(new OutboundRefusedError(`o host ${host} não foi verificado.`), '', 4);
      return;
    }
    if (options.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  };
}

const headerValue = (value: string | string[] | undefined): string | null =>
  value === undefined ? null : Array.isArray(value) ? (value[0] ?? null) : value;

export function createOutboundFetch(options: OutboundFetchOptions): OutboundFetch {
  const resolve = options.resolve ?? systemResolve;
  const maxRedirects = options.maxRedirects ?? 3;

  /** The addresses `url` may be connected to (all of them checked), or a refusal. */
  async function vet(url: URL): Promise<ResolvedAddress[]> {
    const allowed = isAllowedHost(await options.allowedHosts(), url);
    const host = bare(url.hostname);
    const literal = isIP(host);
    const addresses: ResolvedAddress[] =
      literal !== 0 ? [{ address: host, family: literal === 6 ? 6 : 4 }] : await resolve(host);
    if (addresses.length === 0) throw new Error(`o nome ${host} não tem endereço (DNS).`);
    if (allowed) return addresses;
    for (const { address } of addresses) {
      const range = refusedAddressRange(address);
      if (range)
        throw new OutboundRefusedError(
          `${url.host} ${literal ? 'é' : 'aponta para'} um endereço interno (${range}), que o Mirante não acessa. ` +
            'Se o sistema fica na rede da empresa, o administrador pode liberar este host.',
        );
    }
    return addresses;
  }

  return async (text, request) => {
    let url = parseOutboundUrl(text);
    let { method, body } = request;
    for (let hop = 0; ; hop += 1) {
      const addresses = await vet(url);
      const agent = new Agent({ connect: { lookup: pinnedLookup(url.hostname, addresses) } });
      try {
        const response = await undiciRequest(url, {
          method,
          headers: request.headers,
          body,
          signal: request.signal,
          dispatcher: agent,
        });
        const location = headerValue(response.headers.location);
        if (REDIRECTS.has(response.statusCode) && location !== null) {
          await response.body.dump();
          let next: URL;
          try {
            next = new URL(location, url);
          } catch {
            throw new OutboundRefusedError('o servidor redirecionou para um endereço inválido.');
          }
          if (next.origin !== url.origin)
            throw new OutboundRefusedError(
              `o servidor redirecionou para outro endereço (${next.host || next.protocol}); redirecionamentos para outro servidor não são seguidos. Informe a URL final.`,
            );
          if (hop >= maxRedirects)
            throw new OutboundRefusedError('o servidor redirecionou vezes demais; informe a URL final.');
          // As fetch does: 303, and 301/302 after a POST, continue as a GET without the body.
          if (response.statusCode === 303 || (method === 'POST' && response.statusCode < 303)) {
            method = 'GET';
            body = undefined;
          }
          url = next;
          continue;
        }
        const textBody = await response.body.text();
        const headers = response.headers;
        return {
          status: response.statusCode,
          ok: response.statusCode >= 200 && response.statusCode < 300,
          header: (name) => headerValue(headers[name.toLowerCase()]),
          text: textBody,
        };
      } finally {
        void agent.destroy().catch(() => undefined);
      }
    }
  };
}
