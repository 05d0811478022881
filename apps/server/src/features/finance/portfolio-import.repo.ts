import type { Db } from '../../db/database';
import {
  lockedSaleValues,
  SALE_VALUE_COLUMNS,
  type Author,
  type NewChange,
  type SaleValues,
} from './finance.repo';

/** One lot's values after the import and the fields that changed. */
export interface LotWrite {
  layerId: number;
  values: SaleValues;
  changes: NewChange[];
}

/** Rows per INSERT: 21 columns × 500 rows stays far below PostgreSQL's 65,535 parameters. */
const BATCH = 500;

/**
 * The whole-project writes of a spreadsheet import, in bulk (10,000 lots in a few statements instead of three
 * per lot). Bound to the import's transaction.
 */
export function createPortfolioImportRepo(db: Db) {
  return {
    /** The project's lots as a spreadsheet names them (no sale data, statuses or alerts: the import needs none). */
    async projectLots(projectId: number) {
      return db
        .selectFrom('layers')
        .select(['id', 'name', 'block', 'stage', 'customerCode'])
        .where('projectId', '=', projectId)
        .where('type', '=', 'LOT')
        .execute();
    },

    /** Locks and reads the stored sale values of every lot of the project that has some. */
    async lockProjectSaleValues(projectId: number): Promise<Map<number, SaleValues>> {
      const rows = await lockedSaleValues(db, { projectId });
      return new Map(rows.map(({ layerId, ...values }) => [layerId, values]));
    },

    /** Upserts the lots' values and appends their history rows (who, when, old → new). */
    async saveMany(projectId: number, writes: readonly LotWrite[], author: Author): Promise<void> {
      const now = new Date();
      for (let start = 0; start < writes.length; start += BATCH) {
        const batch = writes.slice(start, start + BATCH);
        await db
          .insertInto('lotInformations')
          .values(
            batch.map((write) => ({
              layerId: write.layerId,
              projectId,
              ...write.values,
              updatedBy: author.userId,
              updatedAt: now,
            })),
          )
          .onConflict((conflict) =>
            conflict.column('layerId').doUpdateSet((eb) => ({
              ...Object.fromEntries(
                SALE_VALUE_COLUMNS.map((column) => [column, eb.ref(`excluded.${column}`)]),
              ),
              updatedBy: eb.ref('excluded.updatedBy'),
              updatedAt: eb.ref('excluded.updatedAt'),
            })),
          )
          .execute();
      }
      const changes = writes.flatMap((write) =>
        write.changes.map((change) => ({
          layerId: write.layerId,
          projectId,
          field: change.field,
          oldValue: change.oldValue,
          newValue: change.newValue,
          changedBy: author.userId,
          changedByName: author.name,
          source: author.source,
        })),
      );
      for (let start = 0; start < changes.length; start += BATCH * 4) {
        await db
          .insertInto('lotInformationChanges')
          .values(changes.slice(start, start + BATCH * 4))
          .execute();
      }
    },
  };
}

export type PortfolioImportRepo = ReturnType<typeof createPortfolioImportRepo>;
