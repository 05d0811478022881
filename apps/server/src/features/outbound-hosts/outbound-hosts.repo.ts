import type { Db } from '../../db/database';
import type { AllowedHost } from '../../outbound/allowed-hosts';

export interface StoredAllowedHost extends AllowedHost {
  source: 'admin' | 'demo';
}

/** The allowed outbound hosts kept in the database (`outbound_allowed_hosts`, migration 039). */
export function createOutboundHostsRepo(db: Db) {
  return {
    async list(): Promise<StoredAllowedHost[]> {
      return db.selectFrom('outboundAllowedHosts').select(['host', 'port', 'source']).orderBy('id').execute();
    },

    /** The ADMIN's list, replaced whole; the demo's row stays. */
    async replaceAdmin(hosts: readonly AllowedHost[], userId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('outboundAllowedHosts').where('source', '=', 'admin').execute();
        if (hosts.length === 0) return;
        await trx
          .insertInto('outboundAllowedHosts')
          .values(
            hosts.map((host) => ({ host: host.host, port: host.port, source: 'admin', createdBy: userId })),
          )
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      });
    },

    /** The demo's ERP simulator: its one row replaced by this start's address. */
    async replaceDemo(host: AllowedHost): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('outboundAllowedHosts').where('source', '=', 'demo').execute();
        await trx
          .insertInto('outboundAllowedHosts')
          .values({ host: host.host, port: host.port, source: 'demo' })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      });
    },
  };
}

export type OutboundHostsRepo = ReturnType<typeof createOutboundHostsRepo>;
