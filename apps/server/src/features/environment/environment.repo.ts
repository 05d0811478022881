import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { EnvironmentFeaturesTable } from '../../db/schema-environment';

export type FeatureRecord = Selectable<EnvironmentFeaturesTable> & { reviewerName: string | null };

export interface NewFeature {
  detectionId: number;
  source: 'ai' | 'manual';
  category: 'REFO' | 'DEFO' | 'GAMBIRA';
  geometry: unknown;
  areaM2: number;
  description: string;
  confidence: number | null;
  reviewStatus: 'pending' | 'approved';
  beforePreviewKey?: string | null;
  afterPreviewKey?: string | null;
  layerId?: number | null;
  createdBy?: number | null;
  reviewedBy?: number | null;
}

export interface SceneFacts {
  id: number;
  projectId: number;
  /** YYYY-MM-DD */
  date: string;
  status: string;
  originalKey: string;
  sourceKind: 'geotiff' | 'png' | 'jpeg';
  sourceBounds: number[] | null;
}

/** The row of a new feature; an approved one is reviewed now. */
function featureValues(row: NewFeature): Insertable<EnvironmentFeaturesTable> {
  return {
    detectionId: row.detectionId,
    source: row.source,
    category: row.category,
    geoJson: JSON.stringify(row.geometry),
    areaM2: row.areaM2,
    description: row.description,
    confidence: row.confidence,
    reviewStatus: row.reviewStatus,
    beforePreviewKey: row.beforePreviewKey ?? null,
    afterPreviewKey: row.afterPreviewKey ?? null,
    layerId: row.layerId ?? null,
    createdBy: row.createdBy ?? null,
    reviewedBy: row.reviewedBy ?? null,
    reviewedAt: row.reviewStatus === 'approved' ? new Date() : null,
  };
}

/** SQL of the environment analyses: their features, and the analyses and scenes they compare. */
export function createEnvironmentRepo(db: Db) {
  const features = () =>
    db
      .selectFrom('environmentFeatures as f')
      .leftJoin('users as u', 'u.id', 'f.reviewedBy')
      .selectAll('f')
      .select('u.name as reviewerName');

  return {
    async scene(id: number): Promise<SceneFacts | undefined> {
      return db
        .selectFrom('scenes')
        .select(['id', 'projectId', 'date', 'status', 'originalKey', 'sourceKind', 'sourceBounds'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    analysisQuery() {
      return db
        .selectFrom('detections as d')
        .innerJoin('scenes as a', 'a.id', 'd.sceneId')
        .innerJoin('scenes as b', 'b.id', 'd.beforeSceneId')
        .innerJoin('projects as p', 'p.id', 'd.projectId')
        .select([
          'd.id',
          'd.projectId',
          'd.approved',
          'd.processingState',
          'd.processingProgress',
          'd.processingError',
          'd.minAreaM2',
          'd.createdAt',
          'p.space as projectSpace',
          'p.delimiter',
          'a.id as afterId',
          'a.date as afterDate',
          'b.id as beforeId',
          'b.date as beforeDate',
        ])
        .select((eb) => [
          eb
            .selectFrom('environmentFeatures as f')
            .select((c) => c.fn.countAll<string>().as('n'))
            .whereRef('f.detectionId', '=', 'd.id')
            .where('f.reviewStatus', '=', 'approved')
            .as('approvedCount'),
          eb
            .selectFrom('environmentFeatures as f')
            .select((c) => c.fn.countAll<string>().as('n'))
            .whereRef('f.detectionId', '=', 'd.id')
            .where('f.reviewStatus', '=', 'pending')
            .as('pendingCount'),
        ]);
    },

    async findAnalysis(detectId: number) {
      return this.analysisQuery().where('d.id', '=', detectId).executeTakeFirst();
    },

    async listAnalyses(projectId: number, publishedOnly: boolean) {
      let query = this.analysisQuery().where('d.projectId', '=', projectId);
      if (publishedOnly) query = query.where('d.approved', '=', true);
      return query.orderBy('a.date', 'desc').orderBy('d.id', 'desc').execute();
    },

    /** The project's environment analyses not published, oldest after scene first: dates and state only. */
    async unpublishedAnalyses(projectId: number) {
      return db
        .selectFrom('detections as d')
        .innerJoin('scenes as a', 'a.id', 'd.sceneId')
        .innerJoin('scenes as b', 'b.id', 'd.beforeSceneId')
        .select(['a.date as afterDate', 'b.date as beforeDate', 'd.processingState'])
        .where('d.projectId', '=', projectId)
        .where('d.approved', '=', false)
        .orderBy('a.date')
        .orderBy('d.id')
        .execute();
    },

    async features(detectId: number, approvedOnly: boolean): Promise<FeatureRecord[]> {
      let query = features().where('f.detectionId', '=', detectId);
      if (approvedOnly) query = query.where('f.reviewStatus', '=', 'approved');
      return query.orderBy('f.id').execute();
    },

    async feature(id: number): Promise<FeatureRecord | undefined> {
      return features().where('f.id', '=', id).executeTakeFirst();
    },

    async insertFeature(row: NewFeature): Promise<number> {
      const inserted = await db
        .insertInto('environmentFeatures')
        .values(featureValues(row))
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    /**
     * Replaces the detector's proposals of an analysis (a re-run); reviewed and manual ones stay. Returns the
     * preview keys of the proposals replaced (their files are the caller's to delete).
     */
    async replaceProposals(detectId: number, rows: NewFeature[]): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const replaced = await trx
          .deleteFrom('environmentFeatures')
          .where('detectionId', '=', detectId)
          .where('source', '=', 'ai')
          .where('reviewStatus', '=', 'pending')
          .returning(['beforePreviewKey', 'afterPreviewKey'])
          .execute();
        const keys = replaced.flatMap((row) =>
          [row.beforePreviewKey, row.afterPreviewKey].filter((key): key is string => key !== null),
        );
        if (rows.length === 0) return keys;
        await trx.insertInto('environmentFeatures').values(rows.map(featureValues)).execute();
        return keys;
      });
    },

    async editPending(
      id: number,
      change: {
        category: 'REFO' | 'DEFO' | 'GAMBIRA';
        areaM2: number;
        description: string;
        geometry?: unknown;
      },
    ): Promise<boolean> {
      const updated = await db
        .updateTable('environmentFeatures')
        .set({
          category: change.category,
          areaM2: change.areaM2,
          description: change.description,
          ...(change.geometry ? { geoJson: JSON.stringify(change.geometry) } : {}),
          updatedAt: new Date(),
        })
        .where('id', '=', id)
        .where('reviewStatus', '=', 'pending')
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    async review(
      id: number,
      outcome: {
        status: 'approved' | 'rejected';
        reason: string | null;
        reviewerId: number;
        layerId: number | null;
      },
    ): Promise<boolean> {
      const updated = await db
        .updateTable('environmentFeatures')
        .set({
          reviewStatus: outcome.status,
          rejectReason: outcome.reason,
          reviewedBy: outcome.reviewerId,
          reviewedAt: new Date(),
          layerId: outcome.layerId,
          updatedAt: new Date(),
        })
        .where('id', '=', id)
        .where('reviewStatus', '=', 'pending')
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },
  };
}

export type EnvironmentRepo = ReturnType<typeof createEnvironmentRepo>;
