import { sql, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { DetectionsTable } from '../../db/schema';

export { isUniqueViolation } from '../../db/unique-violation';

export type DetectionRecord = Selectable<DetectionsTable>;
export type DetectionRow = DetectionRecord & { projectName: string; sceneDate: string };
export type DetectionReviewRow = DetectionRow & { reviewCount: number };
export type DetectionChanges = Updateable<DetectionsTable>;

/** A scene as the analysis lists show it. */
export interface SceneSummary {
  id: number;
  projectId: number;
  projectName: string;
  /** YYYY-MM-DD */
  date: string;
}

export interface NewDetection {
  projectId: number;
  sceneId: number;
  beforeSceneId?: number | null;
  approved?: boolean;
  duplicateDetectAllotment?: boolean;
  minAreaM2?: number | null;
}

/** [from, to) */
export interface Range<T> {
  from: T;
  to: T;
}

export interface WithAnalysisFilter {
  createdIn: Range<Date>;
  approved?: boolean;
  analysisAi?: boolean;
  /** true: only analyses with lots to review; false: only those without. */
  toReview?: boolean;
  /** Confidence under which an AI reading is to review. */
  reviewBelow: number;
}

/** SQL of the analyses feature: the `detections` table and the scenes seen through it. */
export function createAnalysesRepo(db: Db) {
  const detections = () =>
    db
      .selectFrom('detections')
      .innerJoin('projects', 'projects.id', 'detections.projectId')
      .innerJoin('scenes', 'scenes.id', 'detections.sceneId')
      .selectAll('detections')
      .select(['projects.name as projectName', 'scenes.date as sceneDate']);

  const scenesWithoutDetection = () =>
    db
      .selectFrom('scenes')
      .innerJoin('projects', 'projects.id', 'scenes.projectId')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('detections').select('detections.id').whereRef('detections.sceneId', '=', 'scenes.id'),
          ),
        ),
      )
      .select(['scenes.id', 'scenes.projectId', 'projects.name as projectName', 'scenes.date']);

  return {
    async insert(row: NewDetection): Promise<number> {
      const inserted = await db
        .insertInto('detections')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    /** Inserts one analysis per scene, skipping scenes that got one meanwhile; returns how many were created. */
    async insertMany(rows: NewDetection[]): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await db
        .insertInto('detections')
        .values(rows)
        .onConflict((oc) => oc.column('sceneId').doNothing())
        .returning('id')
        .execute();
      return inserted.length;
    },

    async findById(id: number): Promise<DetectionRow | undefined> {
      return detections().where('detections.id', '=', id).executeTakeFirst();
    },

    async findBySceneId(sceneId: number): Promise<DetectionRecord | undefined> {
      return db.selectFrom('detections').selectAll().where('sceneId', '=', sceneId).executeTakeFirst();
    },

    async listAll(): Promise<DetectionRow[]> {
      return detections().orderBy('detections.createdAt', 'desc').orderBy('detections.id', 'desc').execute();
    },

    async deleteByIds(ids: number[]): Promise<number> {
      const result = await db.deleteFrom('detections').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async findScene(id: number): Promise<SceneSummary | undefined> {
      return db
        .selectFrom('scenes')
        .innerJoin('projects', 'projects.id', 'scenes.projectId')
        .select(['scenes.id', 'scenes.projectId', 'projects.name as projectName', 'scenes.date'])
        .where('scenes.id', '=', id)
        .executeTakeFirst();
    },

    async projectExists(id: number): Promise<boolean> {
      const row = await db.selectFrom('projects').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },

    /** Ready scenes without an analysis whose date falls in the range (YYYY-MM-DD). */
    async readyScenesWithoutDetection(dates: Range<string>): Promise<SceneSummary[]> {
      return scenesWithoutDetection()
        .where('scenes.status', '=', 'ready')
        .where('scenes.date', '>=', dates.from)
        .where('scenes.date', '<', dates.to)
        .orderBy('scenes.date', 'desc')
        .orderBy('projects.name')
        .execute();
    },

    async scenesWithoutDetectionByIds(ids: number[]): Promise<SceneSummary[]> {
      return scenesWithoutDetection().where('scenes.id', 'in', ids).execute();
    },

    async withAnalysis(filter: WithAnalysisFilter): Promise<DetectionReviewRow[]> {
      // The analysis's own 'ai' rows: a lot an ADMIN corrected has a 'manual' row instead and is not counted.
      let query = detections()
        .select((eb) =>
          eb
            .selectFrom('lotStatusHistory as h')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('h.detectionId', '=', 'detections.id')
            .where('h.source', '=', 'ai')
            .where('h.precision', '<', filter.reviewBelow)
            .as('reviewCount'),
        )
        .where('detections.createdAt', '>=', filter.createdIn.from)
        .where('detections.createdAt', '<', filter.createdIn.to);
      if (filter.approved !== undefined) query = query.where('detections.approved', '=', filter.approved);
      if (filter.analysisAi !== undefined)
        query = query.where('detections.analysisAi', '=', filter.analysisAi);
      if (filter.toReview !== undefined)
        query = query.where(({ exists, not, selectFrom }) => {
          const any = exists(
            selectFrom('lotStatusHistory as r')
              .select('r.id')
              .whereRef('r.detectionId', '=', 'detections.id')
              .where('r.source', '=', 'ai')
              .where('r.precision', '<', filter.reviewBelow),
          );
          return filter.toReview ? any : not(any);
        });
      const rows = await query
        .orderBy('detections.createdAt', 'desc')
        .orderBy('detections.id', 'desc')
        .execute();
      return rows.map((row) => ({ ...row, reviewCount: Number(row.reviewCount ?? 0) }));
    },

    async approve(ids: number[]): Promise<number> {
      const result = await db
        .updateTable('detections')
        .set({ approved: true, updatedAt: new Date() })
        .where('id', 'in', ids)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Marks analyses as sent to the AI queue; returns the ids that exist. */
    async markQueued(ids: number[]): Promise<number[]> {
      const rows = await db
        .updateTable('detections')
        .set({
          analysisAi: true,
          processingState: 'queued',
          processingProgress: 0,
          processingError: null,
          updatedAt: new Date(),
        })
        .where('id', 'in', ids)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Takes an analysis for AI processing, unless another run is alive on it (its heartbeat younger than
     * `staleSeconds`). Atomic, so two jobs for one analysis never process it at once.
     */
    async claimProcessing(id: number, staleSeconds: number): Promise<boolean> {
      const result = await db
        .updateTable('detections')
        .set({
          processingState: 'processing',
          processingProgress: 0,
          processingError: null,
          processingHeartbeatAt: new Date(),
          updatedAt: new Date(),
        })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('processingState', '!=', 'processing'),
            eb('processingHeartbeatAt', 'is', null),
            eb('processingHeartbeatAt', '<', sql<Date>`now() - make_interval(secs => ${staleSeconds})`),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async touchProcessing(id: number): Promise<void> {
      await db
        .updateTable('detections')
        .set({ processingHeartbeatAt: new Date() })
        .where('id', '=', id)
        .where('processingState', '=', 'processing')
        .execute();
    },

    /** Analyses left `processing` by an AI run that stopped beating (its process died). */
    async stalledProcessings(staleSeconds: number): Promise<number[]> {
      const rows = await db
        .selectFrom('detections')
        .select('id')
        .where('processingState', '=', 'processing')
        .where((eb) =>
          eb.or([
            eb('processingHeartbeatAt', 'is', null),
            eb('processingHeartbeatAt', '<', sql<Date>`now() - make_interval(secs => ${staleSeconds})`),
          ]),
        )
        .execute();
      return rows.map((row) => row.id);
    },

    async update(id: number, changes: DetectionChanges): Promise<void> {
      await db
        .updateTable('detections')
        .set({ ...changes, updatedAt: new Date() })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type AnalysesRepo = ReturnType<typeof createAnalysesRepo>;
