import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { OverlayFilesTable, OverlaysTable } from '../../db/schema-overlays';

export type OverlayFileRow = Selectable<OverlayFilesTable>;
export type OverlayRow = Selectable<OverlaysTable> & { width: number; height: number };
export type NewOverlay = Insertable<OverlaysTable>;

/** All SQL of the overlays feature (migration 028). */
export function createOverlaysRepo(db: Db) {
  return {
    async insertFile(row: Insertable<OverlayFilesTable>): Promise<void> {
      await db.insertInto('overlayFiles').values(row).execute();
    },

    findFile(hash: string): Promise<OverlayFileRow | undefined> {
      return db.selectFrom('overlayFiles').selectAll().where('hash', '=', hash).executeTakeFirst();
    },

    listForProject(projectId: number): Promise<OverlayRow[]> {
      return db
        .selectFrom('overlays')
        .innerJoin('overlayFiles', 'overlayFiles.hash', 'overlays.hash')
        .selectAll('overlays')
        .select(['overlayFiles.width', 'overlayFiles.height'])
        .where('overlays.projectId', '=', projectId)
        .orderBy('overlays.id')
        .execute();
    },

    find(projectId: number, id: number): Promise<OverlayRow | undefined> {
      return db
        .selectFrom('overlays')
        .innerJoin('overlayFiles', 'overlayFiles.hash', 'overlays.hash')
        .selectAll('overlays')
        .select(['overlayFiles.width', 'overlayFiles.height'])
        .where('overlays.projectId', '=', projectId)
        .where('overlays.id', '=', id)
        .executeTakeFirst();
    },

    async insert(row: NewOverlay): Promise<number> {
      const inserted = await db.insertInto('overlays').values(row).returning('id').executeTakeFirstOrThrow();
      return inserted.id;
    },

    async remove(projectId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('overlays')
        .where('projectId', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Whether any overlay still shows the file (a file may back several overlays). */
    async fileInUse(hash: string): Promise<boolean> {
      const row = await db.selectFrom('overlays').select('id').where('hash', '=', hash).executeTakeFirst();
      return row !== undefined;
    },

    async removeFile(hash: string): Promise<void> {
      await db.deleteFrom('overlayFiles').where('hash', '=', hash).execute();
    },

    /**
     * Removes the uploads older than `before` that no overlay took (the wizard was abandoned) and answers them;
     * one statement, so an overlay saved meanwhile keeps its file.
     */
    async removeStaleFiles(before: Date): Promise<{ hash: string; projectId: number }[]> {
      return db
        .deleteFrom('overlayFiles')
        .where('createdAt', '<', before)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(selectFrom('overlays').select('id').whereRef('overlays.hash', '=', 'overlayFiles.hash')),
          ),
        )
        .returning(['hash', 'projectId'])
        .execute();
    },
  };
}

export type OverlaysRepo = ReturnType<typeof createOverlaysRepo>;
