import { area, bbox, centroid, length, polygonToLine } from '@turf/turf';
import type { AreaGeometry } from '@mirante/shared';
import { validityProblem } from '../../geo/validity';
import { unprocessable } from '../../http/app-error';

export interface DerivedGeometry {
  areaM2: number;
  perimeterM: number;
  bbox: [number, number, number, number];
  center: [number, number];
}

function rings(geometry: AreaGeometry): number[][][] {
  return geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
}

/** Rejects geometry that would draw wrong: open or short rings, out-of-range coordinates, self-intersections. */
export function validateAreaGeometry(geometry: AreaGeometry): void {
  for (const ring of rings(geometry)) {
    if (ring.length < 4)
      throw unprocessable('INVALID_GEOMETRY', 'Polígono inválido: cada anel precisa de ao menos 4 pontos.');
    const first = ring[0];
    const last = ring[ring.length - 1];
    if (!first || !last || first[0] !== last[0] || first[1] !== last[1]) {
      throw unprocessable('INVALID_GEOMETRY', 'Polígono inválido: o anel não está fechado.');
    }
    for (const [lng, lat] of ring as [number, number][]) {
      if (!(lng >= -180 && lng <= 180 && lat >= -90 && lat <= 90)) {
        throw unprocessable('INVALID_GEOMETRY', 'Polígono inválido: coordenadas fora de longitude/latitude.');
      }
    }
  }
  // Indexed, as for layers and notes: turf's kinks compares every pair of segments.
  const problem = validityProblem(geometry);
  if (problem?.selfIntersection) {
    throw unprocessable('INVALID_GEOMETRY', 'Polígono inválido: o contorno cruza a si mesmo.');
  }
  if (problem?.tooComplex) throw unprocessable('INVALID_GEOMETRY', `Polígono inválido: ${problem.message}.`);
}

/** Area, perimeter, bounding box and centre, computed once when the geometry is written. */
export function deriveGeometry(geometry: AreaGeometry): DerivedGeometry {
  const [west, south, east, north] = bbox(geometry);
  const c = centroid(geometry).geometry.coordinates;
  const outline = polygonToLine(geometry);
  const perimeterKm =
    outline.type === 'FeatureCollection'
      ? outline.features.reduce((sum, f) => sum + length(f, { units: 'kilometers' }), 0)
      : length(outline, { units: 'kilometers' });
  return {
    areaM2: area(geometry),
    perimeterM: perimeterKm * 1000,
    bbox: [west, south, east, north],
    center: [c[0] ?? 0, c[1] ?? 0],
  };
}

/** The whole world with the project's outline cut out: drawn semi-opaque to focus the project. */
export function limitLayerOf(geometry: AreaGeometry): AreaGeometry {
  const world = [
    [-180, -85],
    [180, -85],
    [180, 85],
    [-180, 85],
    [-180, -85],
  ] as [number, number][];
  const holes =
    geometry.type === 'Polygon'
      ? [geometry.coordinates[0] ?? []]
      : geometry.coordinates.map((p) => p[0] ?? []);
  return { type: 'Polygon', coordinates: [world, ...holes.map((ring) => [...ring].reverse())] };
}

/**
 * What a project without a boundary yet (registered without one, lots not imported) opens on: Brazil's
 * mainland extent, so that its map shows the country rather than a point at 0°, 0°.
 */
export const NO_BOUNDARY_VIEW = {
  bbox: [-74.0, -33.8, -34.8, 5.3] as [number, number, number, number],
  center: [-51.9, -14.2] as [number, number],
};

/** A boundary as received (positions may carry an altitude) in the stored form: 2D lon/lat. */
export function flattenDelimiter(input: AreaGeometryInput): AreaGeometry {
  const flat = (ring: number[][]) => ring.map(([lng, lat]) => [lng ?? 0, lat ?? 0] as [number, number]);
  return input.type === 'Polygon'
    ? { type: 'Polygon', coordinates: input.coordinates.map(flat) }
    : { type: 'MultiPolygon', coordinates: input.coordinates.map((polygon) => polygon.map(flat)) };
}

/** Any Polygon/MultiPolygon whose positions are number arrays (the contract's input form). */
export type AreaGeometryInput =
  { type: 'Polygon'; coordinates: number[][][] } | { type: 'MultiPolygon'; coordinates: number[][][][] };
