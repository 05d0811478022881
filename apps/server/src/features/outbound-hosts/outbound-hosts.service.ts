import { OUTBOUND_HOSTS_MESSAGES as M, type OutboundHost } from '@mirante/shared';
import { unprocessable } from '../../http/app-error';
import { parseAllowedHost, type AllowedHost } from '../../outbound/allowed-hosts';
import type { AuthUser } from '../auth';
import type { OutboundHostsRepo } from './outbound-hosts.repo';

const display = (host: AllowedHost) => (host.port === null ? host.host : `${host.host}:${host.port}`);

/**
 * The hosts the URLs users type may reach although they resolve to internal addresses: the ADMIN's list (kept in
 * the database, so every process reads the same), `OUTBOUND_ALLOWED_HOSTS` and the demo's simulator. The route
 * lets only ADMINs in.
 */
export function createOutboundHostsService(repo: OutboundHostsRepo, fromEnvironment: readonly AllowedHost[]) {
  async function list(): Promise<OutboundHost[]> {
    const stored = await repo.list();
    return [
      ...stored
        .filter((row) => row.source === 'admin')
        .map((row) => ({ host: display(row), source: 'admin' as const })),
      ...fromEnvironment.map((host) => ({ host: display(host), source: 'environment' as const })),
      ...stored
        .filter((row) => row.source === 'demo')
        .map((row) => ({ host: display(row), source: 'demo' as const })),
    ];
  }

  return {
    /** Every host an outbound call may reach inside the network (what `createOutboundFetch` reads at each call). */
    async allowed(): Promise<AllowedHost[]> {
      return [...fromEnvironment, ...(await repo.list())];
    },

    list,

    /** Replaces the ADMIN's list; one entry that is no host refuses the whole list (nothing saved). */
    async save(user: AuthUser, entries: readonly string[]): Promise<OutboundHost[]> {
      const hosts: AllowedHost[] = [];
      for (const entry of entries) {
        if (entry.trim() === '') continue;
        const host = parseAllowedHost(entry);
        if (!host) throw unprocessable('VALIDATION', M.invalid(entry.trim()));
        if (!hosts.some((known) => known.host === host.host && known.port === host.port)) hosts.push(host);
      }
      await repo.replaceAdmin(hosts, user.id);
      return list();
    },
  };
}

export type OutboundHostsService = ReturnType<typeof createOutboundHostsService>;
