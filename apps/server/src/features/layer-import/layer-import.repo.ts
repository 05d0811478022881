import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { inTaskTransaction } from '../../jobs/task-liveness';
import type { ExistingLayer } from './import-plan';

/** A layer row as the import writes it (geometry as GeoJSON text, measures computed). */
export interface LayerWrite {
  type: string;
  name: string;
  block: string | null;
  stage: string | null;
  customerCode: string | null;
  tagValue: string | null;
  geoJson: string;
  areaM2: number;
  perimeterM: number;
  bbox: number[];
}

const INSERT_BATCH = 500;
const UPDATE_BATCH = 2000;

/** A row as `jsonb_to_recordset` reads it (snake_case; the geometry embedded as JSON, not as text). */
const asRecord = (layer: LayerWrite) => ({
  type: layer.type,
  name: layer.name,
  block: layer.block,
  stage: layer.stage,
  customer_code: layer.customerCode,
  tag_value: layer.tagValue,
  geo_json: JSON.parse(layer.geoJson) as unknown,
  area_m2: layer.areaM2,
  perimeter_m: layer.perimeterM,
  bbox: layer.bbox,
});

export interface LayerImportRepo {
  existingLayers(projectId: number): Promise<ExistingLayer[]>;
  insertLayers(projectId: number, layers: LayerWrite[]): Promise<void>;
  updateLayers(projectId: number, layers: (LayerWrite & { id: number })[]): Promise<void>;
  upsertDerived(projectId: number, layers: (LayerWrite & { sourceKey: string })[]): Promise<void>;
  transaction<T>(work: (repo: LayerImportRepo, trx: Db) => Promise<T>): Promise<T>;
}

export function createLayerImportRepo(db: Db): LayerImportRepo {
  return {
    /** The project's layers the import matches against (not the analysis layers REFO/DEFO/GAMBIRA). */
    existingLayers(projectId: number): Promise<ExistingLayer[]> {
      return db
        .selectFrom('layers')
        .select(['id', 'type', 'name', 'block', 'customerCode', 'tagValue'])
        .where('projectId', '=', projectId)
        .where('type', 'not in', ['REFO', 'DEFO', 'GAMBIRA'])
        .orderBy('id')
        .execute();
    },

    /** New layers, in batches of rows sent as one JSON parameter (10,000 lots in 5 statements). */
    async insertLayers(projectId: number, layers: LayerWrite[]): Promise<void> {
      for (let start = 0; start < layers.length; start += UPDATE_BATCH) {
        // `n` keeps the file's order in the new ids.
        const rows = layers.slice(start, start + UPDATE_BATCH).map((layer, n) => ({ n, ...asRecord(layer) }));
        await sql`
          INSERT INTO layers (project_id, type, name, block, stage, customer_code, tag_value, geo_json, area_m2,
            perimeter_m, bbox)
          SELECT ${projectId}, v.type, v.name, v.block, v.stage, v.customer_code, v.tag_value, v.geo_json, v.area_m2,
            v.perimeter_m, v.bbox
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(
            type text, name text, block text, stage text, customer_code text, tag_value text,
            geo_json jsonb, area_m2 double precision, perimeter_m double precision, bbox double precision[], n integer
          )
          ORDER BY v.n
        `.execute(db);
      }
    },

    /**
     * Replaces geometry and attributes of matched layers in place (their id, so their status history,
     * observations and finance rows stay); an attribute the file lacks keeps its old value.
     */
    async updateLayers(projectId: number, layers: (LayerWrite & { id: number })[]): Promise<void> {
      for (let start = 0; start < layers.length; start += UPDATE_BATCH) {
        const rows = layers
          .slice(start, start + UPDATE_BATCH)
          .map((layer) => ({ id: layer.id, ...asRecord(layer) }));
        await sql`
          UPDATE layers AS l SET
            type = v.type,
            name = v.name,
            block = COALESCE(v.block, l.block),
            stage = COALESCE(v.stage, l.stage),
            customer_code = COALESCE(v.customer_code, l.customer_code),
            tag_value = COALESCE(v.tag_value, l.tag_value),
            geo_json = v.geo_json,
            area_m2 = v.area_m2,
            perimeter_m = v.perimeter_m,
            bbox = v.bbox,
            updated_at = now()
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(
            id integer, type text, name text, block text, stage text, customer_code text, tag_value text,
            geo_json jsonb, area_m2 double precision, perimeter_m double precision, bbox double precision[]
          )
          WHERE l.id = v.id AND l.project_id = ${projectId}
        `.execute(db);
      }
    },

    /** Derived layers (blocks, stages) keyed by `sourceKey`: written again on every import that derives them. */
    async upsertDerived(projectId: number, layers: (LayerWrite & { sourceKey: string })[]): Promise<void> {
      for (let start = 0; start < layers.length; start += INSERT_BATCH) {
        await db
          .insertInto('layers')
          .values(layers.slice(start, start + INSERT_BATCH).map((layer) => ({ ...layer, projectId })))
          .onConflict((oc) =>
            oc
              .columns(['projectId', 'sourceKey'])
              .where('sourceKey', 'is not', null)
              .doUpdateSet((eb) => ({
                name: eb.ref('excluded.name'),
                block: eb.ref('excluded.block'),
                stage: eb.ref('excluded.stage'),
                geoJson: eb.ref('excluded.geoJson'),
                areaM2: eb.ref('excluded.areaM2'),
                perimeterM: eb.ref('excluded.perimeterM'),
                bbox: eb.ref('excluded.bbox'),
                updatedAt: new Date(),
              })),
          )
          .execute();
      }
    },

    /**
     * Runs `work` in one transaction with a repo on it (the import is all or nothing), marking the worker's job
     * as applied in the same transaction.
     */
    transaction<T>(work: (repo: LayerImportRepo, trx: Db) => Promise<T>): Promise<T> {
      return inTaskTransaction(db, (trx) => work(createLayerImportRepo(trx), trx));
    },
  };
}
