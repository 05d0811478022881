import type { Db } from '../db/database';
import type { AllowedHost } from './allowed-hosts';

/** The allowed hosts kept in the database (`outbound_allowed_hosts`, migration 039). */
export function createAllowedHostsRepo(db: Db) {
  return {
    async list(): Promise<AllowedHost[]> {
      return db.selectFrom('outboundAllowedHosts').select(['host', 'port']).orderBy('id').execute();
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
