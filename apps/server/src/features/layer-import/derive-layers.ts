import type { LayerGeometry } from '@mirante/shared';
import type { Geometry, Position } from 'geojson';
import { convexHullOf, unionOf } from './topology';

/** Metres per degree of latitude; longitude's shrink by cos(latitude). */
const METRES_PER_DEGREE = 111_320;

/** A local plane (metres, equirectangular at the features' centre): enough for unions and buffers of a project. */
function localFrame(geometries: LayerGeometry[]) {
  let [lonSum, latSum, count] = [0, 0, 0];
  for (const geometry of geometries) {
    const position =
      geometry.type === 'Polygon'
        ? geometry.coordinates[0]?.[0]
        : geometry.type === 'MultiPolygon'
          ? geometry.coordinates[0]?.[0]?.[0]
          : undefined;
    if (!position) continue;
    lonSum += position[0]!;
    latSum += position[1]!;
    count += 1;
  }
  const lon0 = count ? lonSum / count : 0;
  const lat0 = count ? latSum / count : 0;
  const kx = METRES_PER_DEGREE * Math.cos((lat0 * Math.PI) / 180);
  const map = (geometry: Geometry, point: (p: Position) => Position): Geometry => {
    const ring = (positions: Position[]) => positions.map(point);
    if (geometry.type === 'Polygon') return { type: 'Polygon', coordinates: geometry.coordinates.map(ring) };
    if (geometry.type === 'MultiPolygon') {
      return { type: 'MultiPolygon', coordinates: geometry.coordinates.map((polygon) => polygon.map(ring)) };
    }
    return geometry;
  };
  const round7 = (value: number) => Math.round(value * 1e7) / 1e7;
  return {
    toPlane: (geometry: Geometry) =>
      map(geometry, ([lon, lat]) => [(lon! - lon0) * kx, (lat! - lat0) * METRES_PER_DEGREE]),
    toLonLat: (geometry: Geometry) =>
      map(geometry, ([x, y]) => [round7(x! / kx + lon0), round7(y! / METRES_PER_DEGREE + lat0)]),
  };
}

const polygonal = (geometry: LayerGeometry) =>
  geometry.type === 'Polygon' || geometry.type === 'MultiPolygon';

/**
 * The union of the polygons, closed by `closingMetres` (out then in): 0.5 m joins lots digitised with slivers
 * between them into their block; ~15 m also fills the streets, giving an allotment's outline.
 */
export function unionInMetres(geometries: LayerGeometry[], closingMetres: number): LayerGeometry | null {
  const areas = geometries.filter(polygonal);
  if (areas.length === 0) return null;
  const frame = localFrame(areas);
  const union = unionOf(areas.map(frame.toPlane), closingMetres);
  if (!union || (union.type !== 'Polygon' && union.type !== 'MultiPolygon')) return null;
  return frame.toLonLat(union) as LayerGeometry;
}

/** Up to this many lots the outline follows them (their union); beyond, the union costs seconds: the convex hull. */
const OUTLINE_UNION_MAX_LOTS = 1_000;

/**
 * A project's outline from its lots: their union closed by 15 m (streets filled) for allotments up to 1,000
 * lots, the convex hull of them all above (the union of 10,000 lots takes tens of seconds in JSTS).
 */
export function outlineOf(lots: LayerGeometry[]): LayerGeometry | null {
  const areas = lots.filter(polygonal);
  if (areas.length <= OUTLINE_UNION_MAX_LOTS) return unionInMetres(areas, DERIVED_CLOSING.boundary);
  const hull = convexHullOf(areas);
  return hull && hull.type === 'Polygon' ? (hull as LayerGeometry) : null;
}

/** Closing distances (m) of derived layers. */
export const DERIVED_CLOSING = { block: 0.5, stage: 15, boundary: 15 } as const;

/** Groups geometries by a key (a quadra, an etapa), skipping features without one. */
export function groupBy<T>(items: T[], key: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const value = key(item);
    if (value === null) continue;
    const group = groups.get(value) ?? [];
    group.push(item);
    groups.set(value, group);
  }
  return groups;
}
