import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { LotStatusSource } from '../../db/schema-layers';

export interface LayerRow {
  id: number;
  projectId: number;
  type: string;
  name: string;
  block: string | null;
  stage: string | null;
  customerCode: string | null;
  tagValue: string | null;
  obs: string | null;
  geoJson: unknown;
  areaM2: number;
  perimeterM: number;
  categoryName: string | null;
  categoryColor: string | null;
  rect: string | null;
  price: number | null;
  startVisible: boolean;
  /** Analysis-type layers: the compared scenes' dates (YYYY-MM-DD), else null. */
  detectBeforeDate: string | null;
  detectAfterDate: string | null;
  /** The project's space, for layers with detection dates (null otherwise). */
  projectSpace: string | null;
  /** Whether the project has a ready scene with a preview at the before/after date (null without dates). */
  beforePreview: boolean | null;
  afterPreview: boolean | null;
  updatedAt: Date;
  latestStatus: string | null;
  latestDate: string | null;
  latestPrecision: number | null;
}

/** A layer row with its geometry as JSON text (the list is serialised without parsing geometries). */
export type LayerTextRow = Omit<LayerRow, 'geoJson' | 'updatedAt'> & { geoJsonText: string };

export interface NewLayer {
  projectId: number;
  type: string;
  name: string;
  block: string | null;
  stage: string | null;
  customerCode: string | null;
  tagValue: string | null;
  sourceKey: string | null;
  geoJson: string;
  areaM2: number;
  perimeterM: number;
  bbox: number[];
  startVisible: boolean;
  categoryName: string | null;
  categoryColor: string | null;
  rect: string | null;
  detectBeforeDate: string | null;
  detectAfterDate: string | null;
}

export interface NewStatus {
  layerId: number;
  date: string;
  status: string;
  precision: number | null;
  sceneId: number | null;
  source: LotStatusSource;
}

/** A ready scene with a preview at the layer's before/after date (analysis-type layers only). */
const previewAt = (column: 'detect_before_date' | 'detect_after_date') =>
  sql<boolean | null>`CASE WHEN ${sql.ref(`l.${column}`)} IS NULL THEN NULL ELSE EXISTS (
    SELECT 1 FROM scenes s WHERE s.project_id = l.project_id AND s.date = ${sql.ref(`l.${column}`)}
      AND s.status = 'ready' AND s.preview_key IS NOT NULL) END`;

/** An 'ai' history row is visible to non-ADMIN users only once its analysis is approved. */
const published = (history: string) =>
  sql<SqlBool>`(${sql.ref(`${history}.source`)} <> 'ai' OR EXISTS (
    SELECT 1 FROM detections d WHERE d.id = ${sql.ref(`${history}.detection_id`)} AND d.approved))`;

/** A lot's latest status row (on or before `onOrBefore` when given): one index probe per lot in a lateral join. */
const latestStatus = (
  eb: ExpressionBuilder<Database & { l: Database['layers'] }, 'l'>,
  includeUnapproved: boolean,
  onOrBefore?: string,
) => {
  const latest = eb
    .selectFrom('lotStatusHistory as h')
    .select(['h.status', 'h.date', 'h.precision'])
    .whereRef('h.layerId', '=', 'l.id')
    .$if(!includeUnapproved, (qb) => qb.where(published('h')))
    .orderBy('h.date', 'desc')
    .limit(1);
  return onOrBefore === undefined ? latest : latest.where('h.date', '<=', onOrBefore);
};

export function createLayersRepo(db: Db) {
  /** Layers with the latest status of each (one query; the lateral join reads one index entry per lot). */
  /**
   * `withPrice`: a lot's `price` is its price per m² (sale value ÷ area) from its sale data
   * (migration 016), else the layer's own price.
   */
  const selectLayerFields = (includeUnapproved = true, executor: Db = db, withPrice = false) =>
    executor
      .selectFrom('layers as l')
      .leftJoinLateral(
        (eb) => latestStatus(eb, includeUnapproved).as('latest'),
        (join) => join.onTrue(),
      )
      .select([
        'l.id',
        'l.projectId',
        'l.type',
        'l.name',
        'l.block',
        'l.stage',
        'l.customerCode',
        'l.tagValue',
        'l.obs',
        'l.areaM2',
        'l.perimeterM',
        'l.categoryName',
        'l.categoryColor',
        'l.rect',
        withPrice
          ? sql<
              number | null
            >`COALESCE((SELECT round(i.valor_venda / l.area_m2::numeric, 2) FROM lot_informations i
              WHERE i.layer_id = l.id AND l.type = 'LOT' AND i.valor_venda > 0 AND l.area_m2 > 0), l.price)`.as(
              'price',
            )
          : 'l.price',
        'l.startVisible',
        'l.detectBeforeDate',
        'l.detectAfterDate',
        sql<string | null>`CASE WHEN l.detect_before_date IS NULL AND l.detect_after_date IS NULL THEN NULL
          ELSE (SELECT p.space FROM projects p WHERE p.id = l.project_id) END`.as('projectSpace'),
        previewAt('detect_before_date').as('beforePreview'),
        previewAt('detect_after_date').as('afterPreview'),
        'latest.status as latestStatus',
        'latest.date as latestDate',
        'latest.precision as latestPrecision',
      ]);
  const selectLayers = (includeUnapproved = true) =>
    selectLayerFields(includeUnapproved).select(['l.geoJson', 'l.updatedAt']);

  return {
    async listForProject(projectId: number, includeUnapproved = false): Promise<LayerRow[]> {
      return selectLayers(includeUnapproved).where('l.projectId', '=', projectId).orderBy('l.id').execute();
    },

    /**
     * The list with geometries as JSON text (`jsonb::text`: node-pg doesn't parse 5,000 geometries), read in one
     * REPEATABLE READ snapshot with the project's list version (its count of `layer_list_changes`, migration
     * 008). `rows` is null when the version equals `knownVersion`: the caller's copy is still the list.
     */
    async listTextSnapshot(
      projectId: number,
      includeUnapproved: boolean,
      knownVersion: number | null,
      withPrice = false,
    ): Promise<{ version: number; rows: LayerTextRow[] | null }> {
      return db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(async (trx) => {
          const { changes } = await trx
            .selectFrom('layerListChanges')
            .select(trx.fn.countAll<string>().as('changes'))
            .where('projectId', '=', projectId)
            .executeTakeFirstOrThrow();
          const version = Number(changes);
          if (version === knownVersion) return { version, rows: null };
          const rows = await selectLayerFields(includeUnapproved, trx, withPrice)
            .select(sql<string>`l.geo_json::text`.as('geoJsonText'))
            .where('l.projectId', '=', projectId)
            .orderBy('l.id')
            .execute();
          return { version, rows };
        });
    },

    /** The project's list version alone (see `listTextSnapshot`). */
    async listVersion(projectId: number): Promise<number> {
      const { changes } = await db
        .selectFrom('layerListChanges')
        .select(db.fn.countAll<string>().as('changes'))
        .where('projectId', '=', projectId)
        .executeTakeFirstOrThrow();
      return Number(changes);
    },

    async findById(id: number): Promise<LayerRow | undefined> {
      return selectLayers().where('l.id', '=', id).executeTakeFirst();
    },

    async findByIds(projectIds: number[] | null, ids: number[]): Promise<LayerRow[]> {
      if (ids.length === 0) return [];
      let query = selectLayers().where('l.id', 'in', ids);
      if (projectIds) query = query.where('l.projectId', 'in', projectIds);
      return query.orderBy('l.id').execute();
    },

    /** A lot's statuses, newest first, with the name of the ADMIN who set each manual one. */
    async statusHistory(layerId: number, includeUnapproved = false) {
      return db
        .selectFrom('lotStatusHistory as h')
        .leftJoin('users as u', 'u.id', 'h.editedBy')
        .select(['h.status', 'h.date', 'h.precision', 'h.source', 'u.name as author'])
        .where('h.layerId', '=', layerId)
        .$if(!includeUnapproved, (qb) => qb.where(published('h')))
        .orderBy('h.date', 'desc')
        .execute();
    },

    /** Each lot's latest status on or before `date` (one index probe per lot, as for the latest status). */
    async statusesAt(projectId: number, date: string, includeUnapproved = false) {
      return db
        .selectFrom('layers as l')
        .innerJoinLateral(
          (eb) => latestStatus(eb, includeUnapproved, date).as('s'),
          (join) => join.onTrue(),
        )
        .select(['l.id', 's.status', 's.date', 's.precision'])
        .where('l.projectId', '=', projectId)
        .where('l.type', '=', 'LOT')
        .orderBy('l.id')
        .execute();
    },

    async countForProject(projectId: number): Promise<number> {
      const row = await db
        .selectFrom('layers')
        .select(db.fn.countAll<string>().as('n'))
        .where('projectId', '=', projectId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async sourceKeys(projectId: number): Promise<Set<string>> {
      const rows = await db
        .selectFrom('layers')
        .select('sourceKey')
        .where('projectId', '=', projectId)
        .where('sourceKey', 'is not', null)
        .execute();
      return new Set(rows.map((row) => row.sourceKey ?? ''));
    },

    /** Inserts layers in batches; returns the new ids by source key. */
    async insertMany(layers: NewLayer[]): Promise<Map<string, number>> {
      const ids = new Map<string, number>();
      for (let start = 0; start < layers.length; start += 500) {
        const rows = await db
          .insertInto('layers')
          .values(layers.slice(start, start + 500))
          .returning(['id', 'sourceKey'])
          .execute();
        for (const row of rows) if (row.sourceKey) ids.set(row.sourceKey, row.id);
      }
      return ids;
    },

    async insertStatuses(statuses: NewStatus[]): Promise<void> {
      for (let start = 0; start < statuses.length; start += 2000) {
        await db
          .insertInto('lotStatusHistory')
          .values(statuses.slice(start, start + 2000))
          .onConflict((oc) => oc.columns(['layerId', 'date']).doNothing())
          .execute();
      }
    },

    async updateLabel(id: number, label: { type: string; name: string; tagValue: string }): Promise<void> {
      await db
        .updateTable('layers')
        .set({ ...label, updatedAt: new Date() })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type LayersRepo = ReturnType<typeof createLayersRepo>;
