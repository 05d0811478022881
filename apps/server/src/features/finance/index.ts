import type { Db } from '../../db/database';
import { createFinanceRepo, type FinanceRepo } from './finance.repo';

/**
 * The finance feature's public entry: what other features (the spreadsheet import and exports, the price map)
 * may use. Writes go through `writeSaleValues` with a repo bound to the caller's transaction, so every change
 * is recorded in the lot's history.
 */
export type { FinanceService } from './finance.service';
export type { FinanceRepo } from './finance.repo';
export { writeSaleValues } from './finance.service';
export { saleAlerts } from './sale-alerts';

/** The finance repo on `db` (a transaction when the caller writes in one). */
export function financeRepoFor(db: Db): FinanceRepo {
  return createFinanceRepo(db);
}
