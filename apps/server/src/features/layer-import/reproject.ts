import { BRAZIL_BOUNDS } from '@mirante/shared';
import type { Geometry, Position } from 'geojson';
import type { Crs } from '../../geo/crs';

/** 9 decimals (about 0.1 mm): a surveyed lot's planar area keeps its 2 decimals (7 moved corners by 1 cm). */
const round9 = (value: number) => Math.round(value * 1e9) / 1e9;

export interface Reprojected {
  /** lon/lat (2D, 9 decimals), or null when a coordinate could not be transformed. */
  geometry: Geometry | null;
  /** [west, south, east, north] of the result. */
  bbox: [number, number, number, number] | null;
}

/**
 * The geometry in WGS 84 longitude/latitude, rounded to 9 decimals (about 0.1 mm) and without Z; null when some
 * coordinate cannot be transformed (outside a datum grid, not a number).
 */
export function toLonLat(geometry: Geometry, crs: Crs, identity: boolean): Reprojected {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  let failed = false;
  const point = (position: Position): Position => {
    const [x, y] = position;
    if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) {
      failed = true;
      return [0, 0];
    }
    const [lon, lat] = identity ? [x, y] : crs.toLonLat(x, y);
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) failed = true;
    w = Math.min(w, lon);
    s = Math.min(s, lat);
    e = Math.max(e, lon);
    n = Math.max(n, lat);
    return [round9(lon), round9(lat)];
  };
  const line = (positions: Position[]) => (Array.isArray(positions) ? positions.map(point) : []);
  const map = (g: Geometry): Geometry => {
    switch (g.type) {
      case 'Point':
        return { type: 'Point', coordinates: point(g.coordinates) };
      case 'MultiPoint':
        return { type: 'MultiPoint', coordinates: line(g.coordinates) };
      case 'LineString':
        return { type: 'LineString', coordinates: line(g.coordinates) };
      case 'MultiLineString':
        return { type: 'MultiLineString', coordinates: g.coordinates.map(line) };
      case 'Polygon':
        return { type: 'Polygon', coordinates: g.coordinates.map(line) };
      case 'MultiPolygon':
        return { type: 'MultiPolygon', coordinates: g.coordinates.map((polygon) => polygon.map(line)) };
      case 'GeometryCollection':
        return { type: 'GeometryCollection', geometries: g.geometries.map(map) };
    }
  };
  let result: Geometry;
  try {
    result = map(geometry);
  } catch {
    return { geometry: null, bbox: null };
  }
  if (failed || !Number.isFinite(w)) return { geometry: null, bbox: null };
  return { geometry: result, bbox: [w, s, e, n] };
}

/** Whether a lon/lat box lies within Brazil's bounds (with the islands). */
export const insideBrazil = ([w, s, e, n]: [number, number, number, number]) =>
  w >= BRAZIL_BOUNDS.west && e <= BRAZIL_BOUNDS.east && s >= BRAZIL_BOUNDS.south && n <= BRAZIL_BOUNDS.north;

/** Coordinates too large for degrees: a metric (UTM) file read as longitude/latitude. */
export function looksProjected(geometry: Geometry | null): boolean {
  if (!geometry) return false;
  const first = (g: Geometry): Position | undefined => {
    switch (g.type) {
      case 'Point':
        return g.coordinates;
      case 'MultiPoint':
      case 'LineString':
        return g.coordinates[0];
      case 'MultiLineString':
      case 'Polygon':
        return g.coordinates[0]?.[0];
      case 'MultiPolygon':
        return g.coordinates[0]?.[0]?.[0];
      case 'GeometryCollection':
        return g.geometries[0] ? first(g.geometries[0]) : undefined;
    }
  };
  const position = first(geometry);
  return !!position && (Math.abs(position[0] ?? 0) > 180 || Math.abs(position[1] ?? 0) > 90);
}
