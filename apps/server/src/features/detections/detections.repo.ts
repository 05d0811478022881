import type { ProjectType } from '@mirante/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** What the processor needs to know about one analysis: its scene's file and date, and its project. */
export interface AnalysisContext {
  detectId: number;
  projectId: number;
  projectType: ProjectType;
  sceneId: number;
  /** YYYY-MM-DD */
  sceneDate: string;
  originalKey: string;
  sourceKind: 'geotiff' | 'png' | 'jpeg';
  sourceBounds: number[] | null;
}

export interface LotRow {
  id: number;
  geoJson: unknown;
}

/** One lot's reading by the AI. */
export interface ResultRow {
  layerId: number;
  status: string;
  confidence: number;
  /** Null when the scene showed too little of the lot ('X'). */
  features: unknown;
}

export interface ResultTarget {
  detectId: number;
  sceneId: number;
  /** The scene's date: the status history's date. */
  date: string;
}

export interface ManualStatus {
  layerIds: number[];
  status: string;
  sceneId: number;
  date: string;
  /** The ADMIN who set it. */
  editedBy: number;
}

/** SQL of the detections feature: the AI's results, their status history rows and manual edits. */
export function createDetectionsRepo(db: Db) {
  /** The project's stored texture words (JSON as stored; texture-words.ts parses it), if it has them yet. */
  async function textureDictionary(projectId: number): Promise<unknown> {
    const row = await db
      .selectFrom('projectTextureDictionaries')
      .select('dictionary')
      .where('projectId', '=', projectId)
      .executeTakeFirst();
    return row?.dictionary;
  }

  return {
    async analysisContext(detectId: number): Promise<AnalysisContext | undefined> {
      return db
        .selectFrom('detections as d')
        .innerJoin('scenes as s', 's.id', 'd.sceneId')
        .innerJoin('projects as p', 'p.id', 'd.projectId')
        .select([
          'd.id as detectId',
          'd.projectId',
          'p.projectType',
          'd.sceneId',
          's.date as sceneDate',
          's.originalKey',
          's.sourceKind',
          's.sourceBounds',
        ])
        .where('d.id', '=', detectId)
        .executeTakeFirst();
    },

    /** Why every reading of the analysis is 'A revisar' (pt-BR), or null: written by each AI run. */
    async setReviewReason(detectId: number, reason: string | null): Promise<void> {
      await db
        .updateTable('detections')
        .set({ reviewReason: reason, updatedAt: new Date() })
        .where('id', '=', detectId)
        .execute();
    },

    async lots(projectId: number): Promise<LotRow[]> {
      return db
        .selectFrom('layers')
        .select(['id', 'geoJson'])
        .where('projectId', '=', projectId)
        .where('type', '=', 'LOT')
        .orderBy('id')
        .execute();
    },

    /** The features of the project's latest analysis with results whose scene is older than `date`. */
    async previousFeatures(projectId: number, date: string): Promise<Map<number, unknown>> {
      const previous = await db
        .selectFrom('detections as d')
        .innerJoin('scenes as s', 's.id', 'd.sceneId')
        .select('d.id')
        .where('d.projectId', '=', projectId)
        .where('s.date', '<', date)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('detectionResults as r').select('r.layerId').whereRef('r.detectionId', '=', 'd.id'),
          ),
        )
        .orderBy('s.date', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!previous) return new Map();
      const rows = await db
        .selectFrom('detectionResults')
        .select(['layerId', 'features'])
        .where('detectionId', '=', previous.id)
        .where('features', 'is not', null)
        .execute();
      return new Map(rows.map((row) => [row.layerId, row.features]));
    },

    textureDictionary,

    /**
     * Keeps the project's texture words unless it already has some (two analyses learning at once: the first
     * stored wins), and returns the ones kept.
     */
    async keepTextureDictionary(projectId: number, sceneId: number, dictionary: unknown): Promise<unknown> {
      await db
        .insertInto('projectTextureDictionaries')
        .values({ projectId, sceneId, dictionary: JSON.stringify(dictionary) })
        .onConflict((oc) => oc.column('projectId').doNothing())
        .execute();
      return textureDictionary(projectId);
    },

    /**
     * The project's manual corrections that the AI can learn from: each lot an ADMIN set by hand at the date of
     * an analysed scene, with the lot's features in that scene (from the analysis's results) and the status the
     * ADMIN chose. Lots without stored features (unread, 'X') are left out.
     */
    async corrections(projectId: number): Promise<{ status: string; features: unknown }[]> {
      return db
        .selectFrom('lotStatusHistory as h')
        .innerJoin('layers as l', 'l.id', 'h.layerId')
        .innerJoin('detections as d', (join) =>
          join.onRef('d.sceneId', '=', 'h.sceneId').onRef('d.projectId', '=', 'l.projectId'),
        )
        .innerJoin('detectionResults as r', (join) =>
          join.onRef('r.detectionId', '=', 'd.id').onRef('r.layerId', '=', 'h.layerId'),
        )
        .select(['h.status', 'r.features'])
        .where('l.projectId', '=', projectId)
        .where('h.source', '=', 'manual')
        .where('r.features', 'is not', null)
        .orderBy('h.layerId')
        .execute();
    },

    /**
     * Features of the project's lots nobody corrected, in the analysed scenes where an ADMIN corrected some lots:
     * the per-project model's self-training reads them (ai/project-adaptation.ts). At most `limit`, in a fixed
     * order.
     */
    async uncorrectedFeatures(projectId: number, limit: number): Promise<unknown[]> {
      const rows = await db
        .selectFrom('detectionResults as r')
        .innerJoin('detections as d', 'd.id', 'r.detectionId')
        .select('r.features')
        .where('d.projectId', '=', projectId)
        .where('r.features', 'is not', null)
        .where(({ exists, not, selectFrom }) =>
          exists(
            selectFrom('lotStatusHistory as h')
              .innerJoin('layers as l', 'l.id', 'h.layerId')
              .select('h.id')
              .whereRef('h.sceneId', '=', 'd.sceneId')
              .whereRef('l.projectId', '=', 'd.projectId')
              .where('h.source', '=', 'manual'),
          ).and(
            not(
              exists(
                selectFrom('lotStatusHistory as m')
                  .select('m.id')
                  .whereRef('m.layerId', '=', 'r.layerId')
                  .whereRef('m.sceneId', '=', 'd.sceneId')
                  .where('m.source', '=', 'manual'),
              ),
            ),
          ),
        )
        .orderBy('r.detectionId')
        .orderBy('r.layerId')
        .limit(limit)
        .execute();
      return rows.map((row) => row.features);
    },

    /**
     * Replaces the analysis's results in one transaction, batch by batch as they arrive: its old results and
     * 'ai' rows go first, so a re-run leaves exactly one row per lot. An 'ai' row supersedes the demo ground
     * truth of the same lot and date (deleted); a manual row of that lot and date is kept (a person's
     * correction wins). 'X' readings stay out of the history: an unread lot keeps its last known status.
     */
    async replaceResults(target: ResultTarget, batches: AsyncIterable<ResultRow[]>): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('detectionResults').where('detectionId', '=', target.detectId).execute();
        await trx
          .deleteFrom('lotStatusHistory')
          .where('detectionId', '=', target.detectId)
          .where('source', '=', 'ai')
          .execute();
        let written = 0;
        for await (const batch of batches) {
          if (batch.length === 0) continue;
          await trx
            .insertInto('detectionResults')
            .values(
              batch.map((row) => ({
                detectionId: target.detectId,
                layerId: row.layerId,
                status: row.status,
                confidence: row.confidence,
                features: row.features === null ? null : JSON.stringify(row.features),
              })),
            )
            .execute();
          const read = batch.filter((row) => row.status !== 'X');
          if (read.length === 0) continue;
          await trx
            .deleteFrom('lotStatusHistory')
            .where(
              'layerId',
              'in',
              read.map((row) => row.layerId),
            )
            .where('date', '=', target.date)
            .where('source', '=', 'demo-ground-truth')
            .execute();
          const inserted = await trx
            .insertInto('lotStatusHistory')
            .values(
              read.map((row) => ({
                layerId: row.layerId,
                date: target.date,
                status: row.status,
                precision: row.confidence,
                sceneId: target.sceneId,
                source: 'ai' as const,
                detectionId: target.detectId,
              })),
            )
            .onConflict((oc) => oc.columns(['layerId', 'date']).doNothing())
            .returning('id')
            .execute();
          written += inserted.length;
        }
        return written;
      });
    },

    /** The given ids that are LOT layers of the project. */
    async lotIdsOfProject(projectId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('layers')
        .select('id')
        .where('projectId', '=', projectId)
        .where('type', '=', 'LOT')
        .where('id', 'in', ids)
        .execute();
      return rows.map((row) => row.id);
    },

    async findAnalysis(detectId: number): Promise<{ projectId: number; sceneId: number } | undefined> {
      return db
        .selectFrom('detections')
        .select(['projectId', 'sceneId'])
        .where('id', '=', detectId)
        .executeTakeFirst();
    },

    /** An analysis with its scene's date (the date its readings carry). */
    async analysisWithDate(
      detectId: number,
    ): Promise<{ projectId: number; sceneId: number; approved: boolean; date: string } | undefined> {
      return db
        .selectFrom('detections as d')
        .innerJoin('scenes as s', 's.id', 'd.sceneId')
        .select(['d.projectId', 'd.sceneId', 'd.approved', 's.date'])
        .where('d.id', '=', detectId)
        .where('d.beforeSceneId', 'is', null)
        .executeTakeFirst();
    },

    /** Every lot of the project with a status on that date, in id order. */
    async lotStatusesOn(projectId: number, date: string) {
      return db
        .selectFrom('lotStatusHistory as h')
        .innerJoin('layers as l', 'l.id', 'h.layerId')
        .select(['h.layerId as id', 'h.status', 'h.precision', 'h.source'])
        .where('l.projectId', '=', projectId)
        .where('l.type', '=', 'LOT')
        .where('h.date', '=', date)
        .orderBy('h.layerId')
        .execute();
    },

    async findScene(sceneId: number): Promise<{ projectId: number; date: string } | undefined> {
      return db
        .selectFrom('scenes')
        .select(['projectId', 'date'])
        .where('id', '=', sceneId)
        .executeTakeFirst();
    },

    /**
     * A manual status replaces whatever row the lot has at that date (AI, ground truth or manual). It names the
     * ADMIN who set it and has no confidence: a person's reading is not a probability.
     */
    async writeManual(edit: ManualStatus): Promise<void> {
      if (edit.layerIds.length === 0) return;
      await db
        .insertInto('lotStatusHistory')
        .values(
          edit.layerIds.map((layerId) => ({
            layerId,
            date: edit.date,
            status: edit.status,
            precision: null,
            sceneId: edit.sceneId,
            source: 'manual' as const,
            detectionId: null,
            editedBy: edit.editedBy,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['layerId', 'date']).doUpdateSet({
            status: sql.ref('excluded.status'),
            precision: null,
            sceneId: edit.sceneId,
            source: 'manual',
            detectionId: null,
            editedBy: edit.editedBy,
          }),
        )
        .execute();
    },

    /** Each lot's status at a date (after an edit). */
    async statusesAt(layerIds: number[], date: string): Promise<{ id: number; status: string }[]> {
      if (layerIds.length === 0) return [];
      return db
        .selectFrom('lotStatusHistory')
        .select(['layerId as id', 'status'])
        .where('layerId', 'in', layerIds)
        .where('date', '=', date)
        .orderBy('layerId')
        .execute();
    },
  };
}

export type DetectionsRepo = ReturnType<typeof createDetectionsRepo>;
