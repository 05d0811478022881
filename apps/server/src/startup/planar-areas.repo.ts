import { sql } from 'kysely';
import type { Db } from '../db/database';

/** A stored polygon or line and the area (or length) stored with it. */
export interface MeasuredRow {
  id: number;
  geometry: unknown;
  measure: number | null;
}

/** Any constant: serialises the processes that start together on one database. */
const PLANAR_AREAS_LOCK = 4_242_011;

/** The SQL of the one-time recomputation of stored areas. */
export function createPlanarAreasRepo(db: Db) {
  return {
    /** Waits for any other process doing the same step, until this transaction ends. */
    async lock(): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(${PLANAR_AREAS_LOCK})`.execute(db);
    },

    layers(): Promise<MeasuredRow[]> {
      return db
        .selectFrom('layers')
        .select(['id', 'geoJson as geometry', 'areaM2 as measure'])
        .where(sql<string>`geo_json->>'type'`, 'in', ['Polygon', 'MultiPolygon'])
        .execute();
    },

    notes(): Promise<MeasuredRow[]> {
      return db
        .selectFrom('notes')
        .select(['id', 'geometry', 'area as measure'])
        .where(sql<string>`geometry->>'type'`, 'in', ['Polygon', 'LineString'])
        .execute();
    },

    environmentFeatures(): Promise<MeasuredRow[]> {
      return db
        .selectFrom('environmentFeatures')
        .select(['id', 'geoJson as geometry', 'areaM2 as measure'])
        .execute();
    },

    async setLayerArea(id: number, areaM2: number): Promise<void> {
      await db.updateTable('layers').set({ areaM2 }).where('id', '=', id).execute();
    },

    async setNoteMeasure(id: number, area: number): Promise<void> {
      await db.updateTable('notes').set({ area }).where('id', '=', id).execute();
    },

    async setEnvironmentFeatureArea(id: number, areaM2: number): Promise<void> {
      await db.updateTable('environmentFeatures').set({ areaM2 }).where('id', '=', id).execute();
    },
  };
}
