import type { Db } from '../../db/database';
import { createInstallationRepo, type InstallationRepo } from './installation.repo';

/** The installation feature's public entry: the facts recorded once about this installation. */
export type { InstallationRepo } from './installation.repo';

/** The installation's markers on `db` (a transaction when the caller records one with its own writes). */
export function installationMarkersFor(db: Db): InstallationRepo {
  return createInstallationRepo(db);
}
