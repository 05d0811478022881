import { planarArea, planarLength, type PlanarGeometry } from '@mirante/shared';
import type { Db } from '../db/database';
import { installationMarkersFor } from '../features/installation';
import { createPlanarAreasRepo, type MeasuredRow } from './planar-areas.repo';

const MARKER = 'planar-areas';

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The planar measure of a stored geometry: area of a polygon, length of a line; null for anything else. */
function planarMeasure(geometry: unknown): number | null {
  const shape = geometry as { type?: string; coordinates?: unknown };
  if (shape.type === 'Polygon' || shape.type === 'MultiPolygon')
    return round2(planarArea(shape as PlanarGeometry));
  if (shape.type === 'LineString') return round2(planarLength(shape.coordinates as number[][]));
  return null;
}

/**
 * Rows saved before areas were surveyors' areas carry the spherical area (a 12 × 30 m lot read 361.1 m²): each
 * lot, polygon layer, construction note (area, or a line's length) and environment polygon gets the planar
 * measure in its SIRGAS 2000 / UTM zone that new rows get, in one transaction, once per installation (a marker
 * records it; concurrent starters wait on a lock). Returns how many rows changed.
 */
export async function recomputePlanarAreas(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const repo = createPlanarAreasRepo(trx);
    await repo.lock();
    const markers = installationMarkersFor(trx);
    if (await markers.has(MARKER)) return 0;
    let changed = 0;
    const update = async (rows: MeasuredRow[], write: (id: number, value: number) => Promise<void>) => {
      for (const row of rows) {
        const measure = planarMeasure(row.geometry);
        if (measure === null || (row.measure !== null && Math.abs(row.measure - measure) < 0.005)) continue;
        await write(row.id, measure);
        changed++;
      }
    };
    await update(await repo.layers(), (id, value) => repo.setLayerArea(id, value));
    await update(await repo.notes(), (id, value) => repo.setNoteMeasure(id, value));
    // An environment polygon's area must stay positive (a degenerate one keeps its stored area).
    await update(
      (await repo.environmentFeatures()).filter((row) => (planarMeasure(row.geometry) ?? 0) > 0),
      (id, value) => repo.setEnvironmentFeatureArea(id, value),
    );
    await markers.record(MARKER);
    return changed;
  });
}
