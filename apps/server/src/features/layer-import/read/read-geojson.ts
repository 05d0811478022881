import { LAYER_IMPORT_MESSAGES } from '@mirante/shared';
import type { Geometry } from 'geojson';
import { unprocessable } from '../../../http/app-error';
import type { DeclaredCrs, SourceFeature, SourceFile } from './source-file';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const GEOMETRY_TYPES = new Set([
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
]);

/** The old (2008) GeoJSON `crs` member: `{"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::31983"}}`. */
function declaredCrs(root: Json): DeclaredCrs {
  const crs = root.crs;
  if (!isObject(crs) || !isObject(crs.properties)) return { kind: 'unspecified' };
  const name = crs.properties.name;
  if (typeof name !== 'string') return { kind: 'unspecified' };
  if (/CRS84$/i.test(name)) return { kind: 'epsg', code: 4326 };
  const match = /EPSG:{1,2}(?:[\d.]*:)?(\d+)$/i.exec(name);
  if (match) return { kind: 'epsg', code: Number(match[1]) };
  return { kind: 'wkt', wkt: name };
}

/** How many array levels each geometry type's `coordinates` has (a position is the innermost array). */
const COORDINATE_LEVELS: Record<string, number> = {
  Point: 1,
  MultiPoint: 2,
  LineString: 2,
  MultiLineString: 3,
  Polygon: 3,
  MultiPolygon: 4,
};

const nestedArrays = (value: unknown, levels: number): boolean =>
  Array.isArray(value) && (levels === 1 || value.every((item) => nestedArrays(item, levels - 1)));

/**
 * The geometry when its shape is GeoJSON's: a known type whose `coordinates` nest as deep as the type says (or
 * whose `geometries` are such geometries). The numbers themselves are checked when reprojected.
 */
function geometryOf(value: unknown): Geometry | null {
  if (!isObject(value) || typeof value.type !== 'string' || !GEOMETRY_TYPES.has(value.type)) return null;
  if (value.type === 'GeometryCollection') {
    const parts = value.geometries;
    return Array.isArray(parts) && parts.every((part) => geometryOf(part) !== null)
      ? (value as unknown as Geometry)
      : null;
  }
  return nestedArrays(value.coordinates, COORDINATE_LEVELS[value.type]!)
    ? (value as unknown as Geometry)
    : null;
}

function toFeature(value: unknown, index: number): SourceFeature {
  const feature = isObject(value) ? value : {};
  const id = feature.id;
  return {
    index,
    featureId: typeof id === 'string' || typeof id === 'number' ? String(id) : null,
    sourceLayer: null,
    properties: isObject(feature.properties) ? feature.properties : {},
    geometry: geometryOf(feature.geometry),
  };
}

/** A GeoJSON FeatureCollection, Feature or bare geometry. */
export function readGeoJson(buffer: Buffer): SourceFile {
  let root: unknown;
  try {
    root = JSON.parse(buffer.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw unprocessable('INVALID_FILE', LAYER_IMPORT_MESSAGES.invalidJson);
  }
  if (!isObject(root)) throw unprocessable('INVALID_FILE', LAYER_IMPORT_MESSAGES.notGeoJson);
  let features: SourceFeature[];
  if (root.type === 'FeatureCollection' && Array.isArray(root.features)) {
    features = root.features.map(toFeature);
  } else if (root.type === 'Feature') {
    features = [toFeature(root, 0)];
  } else if (geometryOf(root)) {
    features = [{ index: 0, featureId: null, sourceLayer: null, properties: {}, geometry: geometryOf(root) }];
  } else {
    throw unprocessable('INVALID_FILE', LAYER_IMPORT_MESSAGES.notGeoJson);
  }
  return { format: 'geojson', features, declaredCrs: declaredCrs(root), problems: [] };
}
