import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface PublishedSceneRow {
  sceneId: number;
  projectId: number;
  date: string;
}

/** One lot read by a lot-AI analysis, with what it was before (any source) and its sale data. */
export interface AnalysisLotRow {
  layerId: number;
  name: string;
  block: string | null;
  status: string;
  previousStatus: string | null;
  statusUnidade: string | null;
  dataVenda: string | null;
  valorInadimplencia: number | null;
}

export interface AnalysisRow {
  detectionId: number;
  projectId: number;
  sceneId: number;
  date: string;
  saleAlertMonths: number;
  hasInformation: boolean;
}

export interface EnvironmentAnalysisRow {
  detectionId: number;
  projectId: number;
  beforeDate: string | null;
  date: string;
  pending: number;
}

export interface FailedSyncRow {
  runId: number;
  erp: string;
  finishedAt: Date | null;
  message: string | null;
  projectIds: number[];
}

/**
 * What the event scan reads: the rows that say something changed since the alerts exist (`alert_settings`)
 * and were not read before (`alert_sources_seen`, or an event of the same key).
 */
export function createAlertSourcesRepo(db: Db) {
  const since = sql`(SELECT events_since FROM alert_settings)`;
  return {
    /** Marks a source read; false when another process marked it first (it records that source's events). */
    async claim(sourceKey: string): Promise<boolean> {
      const inserted = await db
        .insertInto('alertSourcesSeen')
        .values({ sourceKey })
        .onConflict((conflict) => conflict.column('sourceKey').doNothing())
        .returning('sourceKey')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async publishedScenes(): Promise<PublishedSceneRow[]> {
      const { rows } = await sql<PublishedSceneRow>`
        SELECT s.id AS scene_id, s.project_id AS project_id, s.date
        FROM scenes s
        WHERE s.published AND s.status = 'ready' AND s.updated_at >= ${since}
          AND NOT EXISTS (SELECT 1 FROM alert_sources_seen a WHERE a.source_key = 'scene:' || s.id)
        ORDER BY s.id LIMIT 200`.execute(db);
      return rows;
    },

    /** Lot-AI analyses done and approved (their readings are visible to non-ADMINs) and not yet read. */
    async approvedLotAnalyses(): Promise<AnalysisRow[]> {
      const { rows } = await sql<AnalysisRow>`
        SELECT d.id AS detection_id, d.project_id AS project_id, d.scene_id AS scene_id, s.date,
               p.sale_alert_months AS sale_alert_months, p.has_information AS has_information
        FROM detections d
        JOIN scenes s ON s.id = d.scene_id
        JOIN projects p ON p.id = d.project_id
        WHERE d.before_scene_id IS NULL AND d.processing_state = 'done' AND d.approved
          AND d.updated_at >= ${since}
          AND NOT EXISTS (SELECT 1 FROM alert_sources_seen a WHERE a.source_key = 'analysis:' || d.id)
        ORDER BY d.id LIMIT 50`.execute(db);
      return rows;
    },

    /** Every lot an analysis read, its status the row before (by date) and its sale data. */
    async analysisLots(detectionId: number): Promise<AnalysisLotRow[]> {
      const { rows } = await sql<AnalysisLotRow>`
        SELECT l.id AS layer_id, l.name, l.block, h.status,
               (SELECT p.status FROM lot_status_history p
                 WHERE p.layer_id = h.layer_id AND p.date < h.date
                 ORDER BY p.date DESC, p.id DESC LIMIT 1) AS previous_status,
               i.status_unidade AS status_unidade, i.data_venda::text AS data_venda,
               i.valor_inadimplencia::float8 AS valor_inadimplencia
        FROM lot_status_history h
        JOIN layers l ON l.id = h.layer_id
        LEFT JOIN lot_informations i ON i.layer_id = h.layer_id
        WHERE h.detection_id = ${detectionId} AND h.source = 'ai'
        ORDER BY l.block NULLS FIRST, l.name`.execute(db);
      return rows;
    },

    async environmentAnalyses(): Promise<EnvironmentAnalysisRow[]> {
      const { rows } = await sql<EnvironmentAnalysisRow>`
        SELECT d.id AS detection_id, d.project_id AS project_id, b.date AS before_date, s.date,
               (SELECT count(*)::int FROM environment_features f
                 WHERE f.detection_id = d.id AND f.source = 'ai' AND f.review_status = 'pending') AS pending
        FROM detections d
        JOIN scenes s ON s.id = d.scene_id
        LEFT JOIN scenes b ON b.id = d.before_scene_id
        WHERE d.before_scene_id IS NOT NULL AND d.processing_state = 'done' AND d.updated_at >= ${since}
          AND NOT EXISTS (SELECT 1 FROM alert_sources_seen a WHERE a.source_key = 'analysis:' || d.id)
        ORDER BY d.id LIMIT 50`.execute(db);
      return rows;
    },

    /** Synchronisations that failed, with the projects their customer integrates with that ERP. */
    async failedSyncs(): Promise<FailedSyncRow[]> {
      const { rows } = await sql<FailedSyncRow>`
        SELECT r.id AS run_id, r.erp, r.finished_at AS finished_at,
               (r.errors -> 0 ->> 'message') AS message,
               COALESCE((SELECT array_agg(ip.project_id ORDER BY ip.project_id) FROM integration_projects ip
                 WHERE ip.customer_id = r.customer_id AND ip.erp = r.erp), '{}') AS project_ids
        FROM integration_sync_runs r
        WHERE r.status = 'failed' AND r.queued_at >= ${since}
          AND NOT EXISTS (SELECT 1 FROM alert_sources_seen a WHERE a.source_key = 'sync:' || r.id)
        ORDER BY r.id LIMIT 50`.execute(db);
      return rows;
    },
  };
}

export type AlertSourcesRepo = ReturnType<typeof createAlertSourcesRepo>;
