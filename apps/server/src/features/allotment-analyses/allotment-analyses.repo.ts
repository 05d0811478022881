import type { Db } from '../../db/database';

export interface AllotmentAnalysisRow {
  id: number;
  sceneId: number;
  /** YYYY-MM-DD */
  date: string;
  approved: boolean;
  processingState: 'idle' | 'queued' | 'processing' | 'done' | 'failed';
  processingProgress: number;
}

export interface StatusCount {
  detectionId: number;
  status: string;
  count: number;
}

/** SQL of the allotment analyses: the single-scene analyses of a project and their lots per status. */
export function createAllotmentAnalysesRepo(db: Db) {
  return {
    async list(projectId: number, publishedOnly: boolean): Promise<AllotmentAnalysisRow[]> {
      let query = db
        .selectFrom('detections as d')
        .innerJoin('scenes as s', 's.id', 'd.sceneId')
        .select(['d.id', 'd.sceneId', 's.date', 'd.approved', 'd.processingState', 'd.processingProgress'])
        .where('d.projectId', '=', projectId)
        .where('d.beforeSceneId', 'is', null);
      if (publishedOnly) query = query.where('d.approved', '=', true);
      return query.orderBy('s.date', 'desc').orderBy('d.id', 'desc').execute();
    },

    async statusCounts(detectionIds: number[]): Promise<StatusCount[]> {
      if (detectionIds.length === 0) return [];
      const rows = await db
        .selectFrom('detectionResults')
        .select((eb) => ['detectionId', 'status', eb.fn.countAll<string>().as('count')])
        .where('detectionId', 'in', detectionIds)
        .groupBy(['detectionId', 'status'])
        .execute();
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },
  };
}

export type AllotmentAnalysesRepo = ReturnType<typeof createAllotmentAnalysesRepo>;
