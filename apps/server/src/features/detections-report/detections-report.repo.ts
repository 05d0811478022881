import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';

/** A lot with its statuses on the requested dates. */
export interface LotHistoryRow {
  id: number;
  customerCode: string | null;
  block: string | null;
  tagValue: string | null;
  stage: string | null;
  obs: string | null;
  /** The status keys on the requested dates, in their order, comma-joined; '' where the lot has none. */
  statuses: string | null;
}

export interface LotOption {
  block: string | null;
  tagValue: string | null;
  stage: string | null;
}

export interface LotQuery {
  projectId: number;
  dates: string[];
  /** ADMIN sees unapproved AI results too (unapproved results are the ADMIN's alone). */
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

/** Parallel parts of the lot history query (the 2 cores of the target machine). */
const HISTORY_QUERY_PARTS = 2;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

export function createDetectionsReportRepo(db: Db) {
  return {
    /** Every processed date of the project's lots the caller may see, ascending. */
    async processedDates(projectId: number, includeUnapproved: boolean): Promise<string[]> {
      // grouped on the date itself (text only for the ~dozens of groups, not for every history row)
      const result = await sql<{ date: string }>`
        SELECT h.date::text AS date
        FROM lot_status_history h
        JOIN layers l ON l.id = h.layer_id
        WHERE l.project_id = ${projectId} AND l.type = 'LOT' AND ${visible(includeUnapproved)}
        GROUP BY h.date
        ORDER BY h.date`.execute(db);
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

    /**
     * The filtered lots with their statuses pivoted per date by PostgreSQL: for each lot, one probe of
     * lot_status_history (layer_id, date) per requested date, aggregated in date order into a comma-joined
     * text (no per-row JSON keys to build or parse). The per-lot probes are CPU-bound in one backend, so the
     * lots are split in HISTORY_QUERY_PARTS disjoint parts (id modulo) queried at once on separate
     * connections.
     */
    async lotHistory(query: LotQuery): Promise<LotHistoryRow[]> {
      const filters = [sql`l.project_id = ${query.projectId}`, sql`l.type = 'LOT'`];
      if (query.blocks?.length) filters.push(sql`l.block = ANY(${query.blocks}::text[])`);
      if (query.lots?.length) filters.push(sql`l.tag_value = ANY(${query.lots}::text[])`);
      if (query.stages?.length) filters.push(sql`l.stage = ANY(${query.stages}::text[])`);
      if (query.obs) filters.push(sql`l.obs ILIKE ${`%${escapeLike(query.obs)}%`}`);
      const part = (index: number) =>
        sql<LotHistoryRow>`
          SELECT l.id, l.customer_code, l.block, l.tag_value, l.stage, l.obs,
            (SELECT string_agg(COALESCE(h.status, ''), ',' ORDER BY d.n)
              FROM unnest(${query.dates}::date[]) WITH ORDINALITY AS d(date, n)
              LEFT JOIN lot_status_history h
                ON h.layer_id = l.id AND h.date = d.date AND ${visible(query.includeUnapproved)}
            ) AS statuses
          FROM layers l
          WHERE ${sql.join(filters, sql` AND `)} AND l.id % ${HISTORY_QUERY_PARTS} = ${index}`.execute(db);
      const parts = await Promise.all(
        Array.from({ length: HISTORY_QUERY_PARTS }, (_part, index) => part(index)),
      );
      return parts.flatMap((result) => result.rows);
    },
  };
}

export type DetectionsReportRepo = ReturnType<typeof createDetectionsReportRepo>;
