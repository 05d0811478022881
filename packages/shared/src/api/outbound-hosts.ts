import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { list, text } from './input-rules';

/**
 * Hosts that the URLs users type (the ERPs' addresses) may reach although they resolve to an internal address
 * (loopback, private, link-local): an ERP installed on the company's network. Everything else internal is refused.
 */
export const OUTBOUND_HOSTS_MESSAGES = {
  invalid: (entry: string) =>
    `"${entry}" não é um host: use nome, nome:porta, IP ou [IPv6]:porta (sem http:// nem caminho).`,
  saved: 'Hosts liberados salvos.',
} as const;

/** Most hosts an ADMIN may list. */
export const OUTBOUND_HOSTS_MAX = 50;

/** Where an allowed host comes from: the ADMIN's list (editable), `OUTBOUND_ALLOWED_HOSTS`, the demo's ERP simulator. */
export const OUTBOUND_HOST_SOURCES = ['admin', 'environment', 'demo'] as const;

export const outboundHostSchema = z.object({
  /** `host` or `host:port`, as the URL parser writes the host (lower case, IPv4 dotted, IPv6 in brackets). */
  host: z.string(),
  source: z.enum(OUTBOUND_HOST_SOURCES),
});
export type OutboundHost = z.infer<typeof outboundHostSchema>;

export const saveOutboundHostsSchema = z.object({
  /** The whole ADMIN list: `name`, `name:port`, `IP`, `[IPv6]:port`. */
  hosts: list(text(270), OUTBOUND_HOSTS_MAX),
});

export const outboundHostsApi = {
  listOutboundHosts: defineEndpoint({
    method: 'GET',
    path: '/outbound-hosts',
    summary:
      'Hosts internos liberados para as URLs informadas pelos usuários (ERP instalado na rede da empresa)',
    tags: ['admin'],
    access: { kind: 'session', roles: ['ADMIN'] },
    response: z.array(outboundHostSchema),
    errorStatuses: [401, 403],
  }),
  saveOutboundHosts: defineEndpoint({
    method: 'POST',
    path: '/outbound-hosts',
    summary: 'Substitui a lista de hosts internos liberados pelo ADMIN',
    tags: ['admin'],
    access: { kind: 'session', roles: ['ADMIN'] },
    body: saveOutboundHostsSchema,
    response: z.array(outboundHostSchema),
    errorStatuses: [401, 403, 422],
  }),
} as const;
