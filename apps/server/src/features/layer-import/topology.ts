import type { Geometry } from 'geojson';
import ConvexHull from 'jsts/org/locationtech/jts/algorithm/ConvexHull.js';
import GeometryFactory from 'jsts/org/locationtech/jts/geom/GeometryFactory.js';
import GeoJSONReader from 'jsts/org/locationtech/jts/io/GeoJSONReader.js';
import GeoJSONWriter from 'jsts/org/locationtech/jts/io/GeoJSONWriter.js';
import BufferOp from 'jsts/org/locationtech/jts/operation/buffer/BufferOp.js';
import Polygonizer from 'jsts/org/locationtech/jts/operation/polygonize/Polygonizer.js';
import UnaryUnionOp from 'jsts/org/locationtech/jts/operation/union/UnaryUnionOp.js';

/*
 * JSTS (the JTS topology engine) for the layer import, with typed inputs and outputs: unions for derived layers
 * and the faces closed by CAD lines. Validity lives in `geo/validity.ts`.
 */

const factory = new GeometryFactory();
const QUADRANT_SEGMENTS = 2;
const reader = new GeoJSONReader(factory);
const writer = new GeoJSONWriter();

interface JstsGeometry {
  isEmpty(): boolean;
}

const readGeometry = (geometry: Geometry) => reader.read(geometry) as JstsGeometry;
const writeGeometry = (geometry: JstsGeometry) => writer.write(geometry) as Geometry;

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
