import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { TimelapseExportsTable } from '../../db/schema-gis';

export type TimelapseExportRow = Selectable<TimelapseExportsTable>;

export interface NewTimelapseExport {
  projectId: number;
  userId: number;
  lotId: number | null;
  format: TimelapseExportsTable['format'];
  request: unknown;
  sceneIds: number[];
  fileName: string;
}

/** The timelapse exports' rows: what was asked, how far the worker got, where the file is. */
export function createTimelapseRepo(db: Db) {
  return {
    async insert(row: NewTimelapseExport): Promise<TimelapseExportRow> {
      return db
        .insertInto('timelapseExports')
        .values({ ...row, request: JSON.stringify(row.request) })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async find(id: number): Promise<TimelapseExportRow | undefined> {
      return db.selectFrom('timelapseExports').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Takes a queued export for a run; false when another run already has it (a duplicate job). */
    async claim(id: number): Promise<boolean> {
      const claimed = await db
        .updateTable('timelapseExports')
        .set({ status: 'processing', progress: 0, error: null, updatedAt: new Date() })
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'processing'])
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) > 0;
    },

    async progress(id: number, progress: number): Promise<void> {
      await db
        .updateTable('timelapseExports')
        .set({ progress, updatedAt: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .execute();
    },

    async ready(id: number, fileKey: string): Promise<void> {
      await db
        .updateTable('timelapseExports')
        .set({ status: 'ready', progress: 100, fileKey, updatedAt: new Date() })
        .where('id', '=', id)
        .execute();
    },

    async failed(id: number, error: string): Promise<void> {
      await db
        .updateTable('timelapseExports')
        .set({ status: 'failed', error, updatedAt: new Date() })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type TimelapseRepo = ReturnType<typeof createTimelapseRepo>;
