import type { Db } from '../../db/database';
import { createIntegrationRepo, type IntegrationRepo } from './integration.repo';

/** The integration feature's public entry: what other features (the demo) may use. */
export type { IntegrationService } from './integration.service';
export type { IntegrationRepo } from './integration.repo';
export type { SyncQueue } from './sync/sync-queue';

/** The integration repo on `db` (the demo links its allotment to a simulated ERP through it). */
export function integrationRepoFor(db: Db): IntegrationRepo {
  return createIntegrationRepo(db);
}

export { reencryptCredentials, type RekeyKeys, type RekeyReport } from './credentials-rekey';
