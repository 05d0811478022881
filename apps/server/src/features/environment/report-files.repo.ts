import type { Db } from '../../db/database';

export interface ReportFileRow {
  detectionId: number;
  storageKey: string;
  fileName: string;
  sizeBytes: number;
  uploadedAt: Date;
  uploaderName: string | null;
}

/** SQL of the report PDFs uploaded for environment analyses (migration 032). */
export function createReportFilesRepo(db: Db) {
  const rows = () =>
    db
      .selectFrom('environmentReportFiles as r')
      .leftJoin('users as u', 'u.id', 'r.uploadedBy')
      .select([
        'r.detectionId',
        'r.storageKey',
        'r.fileName',
        'r.sizeBytes',
        'r.uploadedAt',
        'u.name as uploaderName',
      ]);

  return {
    async find(detectId: number): Promise<ReportFileRow | undefined> {
      return rows().where('r.detectionId', '=', detectId).executeTakeFirst();
    },

    async ofProject(projectId: number): Promise<ReportFileRow[]> {
      return rows()
        .innerJoin('detections as d', 'd.id', 'r.detectionId')
        .where('d.projectId', '=', projectId)
        .execute();
    },

    /** Records the analysis's uploaded PDF; returns the key of the file it replaced, if any. */
    async put(row: {
      detectionId: number;
      storageKey: string;
      fileName: string;
      sizeBytes: number;
      uploadedBy: number;
    }): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const previous = await trx
          .selectFrom('environmentReportFiles')
          .select('storageKey')
          .where('detectionId', '=', row.detectionId)
          .forUpdate()
          .executeTakeFirst();
        await trx
          .insertInto('environmentReportFiles')
          .values(row)
          .onConflict((oc) =>
            oc.column('detectionId').doUpdateSet({
              storageKey: row.storageKey,
              fileName: row.fileName,
              sizeBytes: row.sizeBytes,
              uploadedBy: row.uploadedBy,
              uploadedAt: new Date(),
            }),
          )
          .execute();
        return previous?.storageKey ?? null;
      });
    },

    /** Forgets the analysis's uploaded PDF; returns its key (null when there was none). */
    async remove(detectId: number): Promise<string | null> {
      const removed = await db
        .deleteFrom('environmentReportFiles')
        .where('detectionId', '=', detectId)
        .returning('storageKey')
        .executeTakeFirst();
      return removed?.storageKey ?? null;
    },
  };
}

export type ReportFilesRepo = ReturnType<typeof createReportFilesRepo>;
