import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';

/** A lot with its statuses on the requested dates (YYYY-MM-DD → status key). */
export interface LotHistoryRow {
  id: number;
  customerCode: string | null;
  block: string | null;
  tagValue: string | null;
  stage: string | null;
  obs: string | null;
  statuses: Record<string, string>;
}

export interface LotOption {
  block: string | null;
  tagValue: string | null;
  stage: string | null;
}

export interface LotQuery {
  projectId: number;
  dates: string[];
  /** ADMIN sees unapproved AI results too (spec: unapproved results are ADMIN-only). */
  includeUnapproved: boolean;
  blocks?: string[];
  lots?: string[];
  stages?: string[];
  obs?: string;
}

/**
 * Whether a status row is visible: demo ground truth and manual rows always; AI rows when the analysis of
 * their scene is approved, or for ADMIN.
 */
function visible(includeUnapproved: boolean): Expression<SqlBool> {
  if (includeUnapproved) return sql<SqlBool>`true`;
  return sql<SqlBool>`(h.source <> 'ai' OR EXISTS (
    SELECT 1 FROM detections d WHERE d.scene_id = h.scene_id AND d.approved))`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

export function createDetectionsReportRepo(db: Db) {
  return {
    /** Every processed date of the project's lots the caller may see, ascending. */
    async processedDates(projectId: number, includeUnapproved: boolean): Promise<string[]> {
      const result = await sql<{ date: string }>`
        SELECT DISTINCT h.date::text AS date
        FROM lot_status_history h
        JOIN layers l ON l.id = h.layer_id
        WHERE l.project_id = ${projectId} AND l.type = 'LOT' AND ${visible(includeUnapproved)}
        ORDER BY 1`.execute(db);
      return result.rows.map((row) => row.date);
    },

    /** Blocks, lots and stages of the project's lots (filter options). */
    async lotOptions(projectId: number): Promise<LotOption[]> {
      return db
        .selectFrom('layers')
        .select(['block', 'tagValue', 'stage'])
        .distinct()
        .where('projectId', '=', projectId)
        .where('type', '=', 'LOT')
        .execute();
    },

    /** The filtered lots with their statuses pivoted per date by PostgreSQL (one query). */
    async lotHistory(query: LotQuery): Promise<LotHistoryRow[]> {
      const filters = [sql`l.project_id = ${query.projectId}`, sql`l.type = 'LOT'`];
      if (query.blocks?.length) filters.push(sql`l.block = ANY(${query.blocks}::text[])`);
      if (query.lots?.length) filters.push(sql`l.tag_value = ANY(${query.lots}::text[])`);
      if (query.stages?.length) filters.push(sql`l.stage = ANY(${query.stages}::text[])`);
      if (query.obs) filters.push(sql`l.obs ILIKE ${`%${escapeLike(query.obs)}%`}`);
      const result = await sql<LotHistoryRow>`
        SELECT l.id, l.customer_code, l.block, l.tag_value, l.stage, l.obs,
          COALESCE(
            json_object_agg(to_char(h.date, 'YYYY-MM-DD'), h.status) FILTER (WHERE h.id IS NOT NULL),
            '{}'::json
          ) AS statuses
        FROM layers l
        LEFT JOIN lot_status_history h
          ON h.layer_id = l.id AND h.date = ANY(${query.dates}::date[]) AND ${visible(query.includeUnapproved)}
        WHERE ${sql.join(filters, sql` AND `)}
        GROUP BY l.id`.execute(db);
      return result.rows;
    },
  };
}

export type DetectionsReportRepo = ReturnType<typeof createDetectionsReportRepo>;
