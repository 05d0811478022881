import { bbox, length as lineLength } from '@turf/turf';
import { planarArea, type LayerGeometry } from '@mirante/shared';
import type { Feature, Geometry } from 'geojson';
import { validityProblem } from '../../geo/validity';
import { unprocessable } from '../../http/app-error';

export interface LayerMeasures {
  areaM2: number;
  perimeterM: number;
  bbox: [number, number, number, number];
}

const invalid = (detail: string) => unprocessable('INVALID_GEOMETRY', `Geometria inválida: ${detail}`);

function checkPosition(position: unknown): [number, number] {
  if (!Array.isArray(position) || position.length < 2) throw invalid('posição sem longitude/latitude.');
  const [lng, lat] = position as [unknown, unknown];
  if (
    typeof lng !== 'number' ||
    typeof lat !== 'number' ||
    !(lng >= -180 && lng <= 180 && lat >= -90 && lat <= 90)
  )
    throw invalid('coordenadas fora de longitude/latitude.');
  return [lng, lat];
}

/** 9 decimals (about 0.1 mm): a surveyed lot's planar area keeps its 2 decimals (7 moved corners by 1 cm). */
const round9 = (value: number) => Math.round(value * 1e9) / 1e9;
const clean = (position: unknown): number[] => checkPosition(position).map(round9);

function cleanLine(line: unknown, minPoints: number): number[][] {
  if (!Array.isArray(line) || line.length < minPoints)
    throw invalid(`linha com menos de ${minPoints} pontos.`);
  return line.map(clean);
}

function cleanRing(ring: unknown): number[][] {
  const points = cleanLine(ring, 4);
  const first = points[0] as number[];
  const last = points[points.length - 1] as number[];
  if (first[0] !== last[0] || first[1] !== last[1]) throw invalid('o anel do polígono não está fechado.');
  return points;
}

const arrayOf = (value: unknown, what: string): unknown[] => {
  if (!Array.isArray(value) || value.length === 0) throw invalid(`${what} vazio.`);
  return value;
};

/**
 * Checks a GeoJSON geometry (types a layer may hold, lon/lat ranges, closed rings, no self-intersecting
 * polygons) and returns it with coordinates rounded to 9 decimals (about 0.1 mm), which keeps payloads small.
 */
export function validateLayerGeometry(input: unknown): LayerGeometry {
  if (typeof input !== 'object' || input === null) throw invalid('não é um objeto GeoJSON.');
  const { type, coordinates } = input as { type?: unknown; coordinates?: unknown };
  let geometry: LayerGeometry;
  switch (type) {
    case 'Point':
      geometry = { type, coordinates: clean(coordinates) };
      break;
    case 'LineString':
      geometry = { type, coordinates: cleanLine(coordinates, 2) };
      break;
    case 'MultiLineString':
      geometry = { type, coordinates: arrayOf(coordinates, 'MultiLineString').map((l) => cleanLine(l, 2)) };
      break;
    case 'Polygon':
      geometry = { type, coordinates: arrayOf(coordinates, 'Polygon').map(cleanRing) };
      break;
    case 'MultiPolygon':
      geometry = {
        type,
        coordinates: arrayOf(coordinates, 'MultiPolygon').map((p) => arrayOf(p, 'Polygon').map(cleanRing)),
      };
      break;
    default:
      throw invalid('tipo não suportado (use Point, LineString, MultiLineString, Polygon ou MultiPolygon).');
  }
  // Indexed (geo/quick-validity.ts): turf's kinks compares every pair of segments, and a drawn detection of
  // 200 000 vertices held the process for minutes (found by the reliability suite's geometry fuzzing).
  if (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') {
    const problem = validityProblem(geometry);
    if (problem?.selfIntersection) throw invalid('o polígono se cruza.');
    if (problem?.tooComplex) throw invalid(`${problem.message}.`);
  }
  return geometry;
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;
const asFeature = (geometry: Geometry): Feature => ({ type: 'Feature', properties: {}, geometry });
const metres = (geometry: Geometry) => lineLength(asFeature(geometry), { units: 'meters' });

/**
 * Area (m², planar in the geometry's SIRGAS 2000 / UTM zone: a surveyor's area, 2 decimals), perimeter or
 * length (m, geodesic) and bounding box of a valid geometry.
 */
export function measureGeometry(geometry: LayerGeometry): LayerMeasures {
  const box = bbox(geometry) as [number, number, number, number];
  if (geometry.type === 'Point') return { areaM2: 0, perimeterM: 0, bbox: box };
  if (geometry.type === 'LineString' || geometry.type === 'MultiLineString') {
    return { areaM2: 0, perimeterM: round1(metres(geometry)), bbox: box };
  }
  const rings = geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
  const perimeter = rings.reduce((sum, ring) => sum + metres({ type: 'LineString', coordinates: ring }), 0);
  return { areaM2: round2(planarArea(geometry)), perimeterM: round1(perimeter), bbox: box };
}

/** Lengths (m) of the outer ring's sides, in ring order (the AZIMUTH row of the entities and their fields). */
export function sideLengths(geometry: LayerGeometry): number[] {
  const ring =
    geometry.type === 'Polygon'
      ? geometry.coordinates[0]
      : geometry.type === 'MultiPolygon'
        ? geometry.coordinates[0]?.[0]
        : undefined;
  if (!ring) return [];
  const sides: number[] = [];
  for (let i = 1; i < ring.length; i++) {
    const side = { type: 'LineString' as const, coordinates: [ring[i - 1] as number[], ring[i] as number[]] };
    sides.push(Math.round(metres(side) * 100) / 100);
  }
  return sides;
}
