import type { Geometry } from 'geojson';
import ConvexHull from 'jsts/org/locationtech/jts/algorithm/ConvexHull.js';
import GeometryFactory from 'jsts/org/locationtech/jts/geom/GeometryFactory.js';
import GeoJSONReader from 'jsts/org/locationtech/jts/io/GeoJSONReader.js';
import GeoJSONWriter from 'jsts/org/locationtech/jts/io/GeoJSONWriter.js';
import BufferOp from 'jsts/org/locationtech/jts/operation/buffer/BufferOp.js';
import Polygonizer from 'jsts/org/locationtech/jts/operation/polygonize/Polygonizer.js';
import UnaryUnionOp from 'jsts/org/locationtech/jts/operation/union/UnaryUnionOp.js';
import IsValidOp from 'jsts/org/locationtech/jts/operation/valid/IsValidOp.js';
import { quicklyValid } from './quick-validity';

/*
 * The one place that talks to JSTS (the JTS topology engine), with typed inputs and outputs: validity as JTS
 * defines it (self-intersections, ring crossings, nested shells…) and unions for derived layers.
 */

/** JTS `TopologyValidationError` types → pt-BR. */
const VALIDATION_ERRORS: Record<number, string> = {
  0: 'erro de topologia',
  1: 'ponto repetido',
  2: 'furo fora do polígono',
  3: 'furos aninhados',
  4: 'interior desconexo',
  5: 'autointerseção (o contorno se cruza)',
  6: 'anel com autointerseção',
  7: 'polígonos aninhados',
  8: 'anéis duplicados',
  9: 'pontos de menos para formar o polígono',
  10: 'coordenada inválida',
  11: 'anel não fechado',
};

export interface ValidityProblem {
  message: string;
  /** Where the engine found it, in the geometry's coordinates. */
  location: [number, number] | null;
}

const factory = new GeometryFactory();
const QUADRANT_SEGMENTS = 2;
const reader = new GeoJSONReader(factory);
const writer = new GeoJSONWriter();

interface JstsCoordinate {
  x: number;
  y: number;
}
interface JstsGeometry {
  isEmpty(): boolean;
}
interface JstsValidationError {
  getErrorType(): number;
  getCoordinate(): JstsCoordinate | null;
}

const readGeometry = (geometry: Geometry) => reader.read(geometry) as JstsGeometry;
const writeGeometry = (geometry: JstsGeometry) => writer.write(geometry) as Geometry;

/** Why JTS holds the geometry invalid, or null when it is valid. */
export function validityProblem(geometry: Geometry): ValidityProblem | null {
  if ('coordinates' in geometry && quicklyValid(geometry)) return null;
  let parsed: JstsGeometry;
  try {
    parsed = readGeometry(geometry);
  } catch (error) {
    const text = error instanceof Error ? error.message : '';
    return {
      message: /closed/i.test(text)
        ? VALIDATION_ERRORS[11]!
        : /at least|points/i.test(text)
          ? VALIDATION_ERRORS[9]!
          : 'geometria ilegível',
      location: null,
    };
  }
  const op = new IsValidOp(parsed);
  if (op.isValid()) return null;
  const error = op.getValidationError() as JstsValidationError | null;
  const at = error?.getCoordinate();
  return {
    message: VALIDATION_ERRORS[error?.getErrorType() ?? 0] ?? VALIDATION_ERRORS[0]!,
    location: at && Number.isFinite(at.x) && Number.isFinite(at.y) ? [at.x, at.y] : null,
  };
}

/**
 * The union of polygons, closed by `closing` (buffered out then in by that distance, in the geometries' units)
 * so that thin gaps (streets between lots when `closing` is large, digitising slivers when small) are filled.
 */
export function unionOf(geometries: Geometry[], closing: number): Geometry | null {
  if (geometries.length === 0) return null;
  const collection = factory.createGeometryCollection(geometries.map(readGeometry) as never) as JstsGeometry;
  let result = UnaryUnionOp.union(collection) as JstsGeometry;
  if (closing > 0) {
    // Two segments per quarter circle: corners come back within 8 % of `closing`, at a fraction of the cost.
    result = BufferOp.bufferOp(
      BufferOp.bufferOp(result, closing, QUADRANT_SEGMENTS),
      -closing,
      QUADRANT_SEGMENTS,
    ) as JstsGeometry;
  }
  return result.isEmpty() ? null : writeGeometry(result);
}

interface JstsList<T> {
  toArray(): T[];
}

/**
 * The faces closed by loose lines (CAD lines and arcs that meet end to end): the lines are noded by a union,
 * then JTS's polygonizer gives every closed face. Returns outer rings; the lines that close nothing are left.
 */
export function facesOf(lines: number[][][]): number[][][] {
  if (lines.length === 0) return [];
  const multi = factory.createMultiLineString(
    lines.map((line) => readGeometry({ type: 'LineString', coordinates: line })) as never,
  ) as JstsGeometry;
  const noded = UnaryUnionOp.union(multi) as JstsGeometry;
  const polygonizer = new Polygonizer();
  polygonizer.add(noded);
  const polygons = (polygonizer.getPolygons() as JstsList<JstsGeometry>).toArray();
  return polygons.map((polygon) => (writeGeometry(polygon) as { coordinates: number[][][] }).coordinates[0]!);
}

/** The convex hull of the geometries (one polygon around them all). */
export function convexHullOf(geometries: Geometry[]): Geometry | null {
  if (geometries.length === 0) return null;
  const collection = factory.createGeometryCollection(geometries.map(readGeometry) as never) as JstsGeometry;
  const hull = new ConvexHull(collection).getConvexHull() as JstsGeometry;
  return hull.isEmpty() ? null : writeGeometry(hull);
}
