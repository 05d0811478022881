/**
 * A host an operator allows outbound calls to reach although it resolves to an internal address: an
 * on-premise ERP on the office network, or the demo's ERP simulator on 127.0.0.1. `port` null: any port.
 */
export interface AllowedHost {
  /** As the WHATWG URL parser normalises it: lower case, IPv4 in dotted form, IPv6 in brackets. */
  host: string;
  port: number | null;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/**
 * One entry of `OUTBOUND_ALLOWED_HOSTS` or of the ADMIN's list: `host`, `host:port`, `[ipv6]` or `[ipv6]:port`.
 * Normalised by the URL parser, so '2130706433' and '127.0.0.1' name the same host. Null when it is not a
 * host name (a path, a scheme, credentials or a bad port).
 */
export function parseAllowedHost(entry: string): AllowedHost | null {
  const text = entry.trim();
  if (text === '' || /[/?#@\s\\]/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(`http://${text}`);
  } catch {
    return null;
  }
  if (url.hostname === '') return null;
  const hasPort = /:\d+$/.test(text) && !/^\[[^\]]*\]$/.test(text);
  const port = hasPort ? Number(/:(\d+)$/.exec(text)?.[1]) : null;
  if (port !== null && (!Number.isInteger(port) || port < 1 || port > 65535)) return null;
  return { host: url.hostname, port };
}

/** The comma- or space-separated list of `OUTBOUND_ALLOWED_HOSTS`; an entry that is no host stops the start-up. */
export function allowedHostsFromEnv(value: string | undefined): AllowedHost[] {
  const entries = (value ?? '').split(/[\s,]+/).filter((entry) => entry !== '');
  return entries.map((entry) => {
    const parsed = parseAllowedHost(entry);
    if (!parsed)
      throw new Error(
        `OUTBOUND_ALLOWED_HOSTS inválido: "${entry}" não é um host (use nome, nome:porta, IP ou [IPv6]:porta, separados por vírgula).`,
      );
    return parsed;
  });
}

/** Whether `url` (already parsed) names an allowed host, on the allowed port when one is given. */
export function isAllowedHost(allowed: readonly AllowedHost[], url: URL): boolean {
  const port = url.port === '' ? (DEFAULT_PORTS[url.protocol] ?? null) : Number(url.port);
  return allowed.some((entry) => entry.host === url.hostname && (entry.port === null || entry.port === port));
}
