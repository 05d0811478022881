import GeometryFactory from 'jsts/org/locationtech/jts/geom/GeometryFactory.js';
import GeoJSONReader from 'jsts/org/locationtech/jts/io/GeoJSONReader.js';
import IsValidOp from 'jsts/org/locationtech/jts/operation/valid/IsValidOp.js';
import type pg from 'pg';

const reader = new GeoJSONReader(new GeometryFactory());

const finitePositions = (value: unknown, depth: number): boolean => {
  if (!Array.isArray(value)) return false;
  if (depth === 0)
    return (
      value.length >= 2 &&
      value.length <= 3 &&
      value.every((v) => typeof v === 'number' && Number.isFinite(v)) &&
      Math.abs(value[0] as number) <= 180 &&
      Math.abs(value[1] as number) <= 90
    );
  return value.every((item) => finitePositions(item, depth - 1));
};

const DEPTH: Record<string, number> = {
  Point: 0,
  LineString: 1,
  MultiPoint: 1,
  Polygon: 2,
  MultiLineString: 2,
  MultiPolygon: 3,
};

/** Why a stored GeoJSON geometry is not valid (JTS's definition, finite lon/lat positions), or null. */
export function storedGeometryProblem(geometry: unknown): string | null {
  const g = geometry as { type?: unknown; coordinates?: unknown } | null;
  if (!g || typeof g.type !== 'string' || !(g.type in DEPTH)) return `tipo ${String(g?.type)}`;
  if (!finitePositions(g.coordinates, DEPTH[g.type]!)) return 'posição que não é lon/lat finita';
  try {
    const op = new IsValidOp(reader.read(g));
    if (op.isValid()) return null;
    const error = op.getValidationError() as { toString(): string } | null;
    return `JTS: ${error?.toString() ?? 'inválida'}`;
  } catch (error) {
    return `JTS não lê: ${(error as Error).message}`;
  }
}

/** Stored geometries of the three tables the fuzzing writes to, with ids above the given ones. */
export async function storedGeometries(
  db: pg.Pool,
  after: { layers: number; notes: number; features: number },
): Promise<{ table: string; id: number; geometry: unknown }[]> {
  const read = async (table: string, column: string, above: number) =>
    (
      await db.query<{ id: number; geometry: unknown }>(
        `SELECT id, ${column} AS geometry FROM ${table} WHERE id > $1 ORDER BY id`,
        [above],
      )
    ).rows.map((row) => ({ table, ...row }));
  return [
    ...(await read('layers', 'geo_json', after.layers)),
    ...(await read('notes', 'geometry', after.notes)),
    ...(await read('environment_features', 'geo_json', after.features)),
  ];
}

export async function highestIds(db: pg.Pool): Promise<{ layers: number; notes: number; features: number }> {
  const max = async (table: string) =>
    Number((await db.query<{ m: number | null }>(`SELECT max(id) AS m FROM ${table}`)).rows[0]!.m ?? 0);
  return {
    layers: await max('layers'),
    notes: await max('notes'),
    features: await max('environment_features'),
  };
}
