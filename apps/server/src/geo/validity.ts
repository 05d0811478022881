import type { Geometry } from 'geojson';
import GeometryFactory from 'jsts/org/locationtech/jts/geom/GeometryFactory.js';
import GeoJSONReader from 'jsts/org/locationtech/jts/io/GeoJSONReader.js';
import IsValidOp from 'jsts/org/locationtech/jts/operation/valid/IsValidOp.js';
import { quickVerdict } from './quick-validity';

/*
 * Geometry validity as JTS defines it (self-intersections, ring crossings, holes outside or nested, collapsed
 * rings, too few points, non-finite coordinates), for every geometry the server stores: imported layers, drawn
 * notes and drawn detections.
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
/** The JTS error types that mean the outline crosses or touches itself. */
const SELF_INTERSECTIONS = new Set([5, 6]);

export interface ValidityProblem {
  message: string;
  /** Where the engine found it, in the geometry's coordinates. */
  location: [number, number] | null;
  /** The outline crosses or touches itself (JTS types 5 and 6). */
  selfIntersection: boolean;
  /** Not validated: too many vertices for the engine where the quick test could not decide. */
  tooComplex?: true;
}

interface JstsCoordinate {
  x: number;
  y: number;
}
interface JstsValidationError {
  getErrorType(): number;
  getCoordinate(): JstsCoordinate | null;
}

const reader = new GeoJSONReader(new GeometryFactory());

/** Every position a pair (or triple) of finite numbers: JTS reads a NaN or a missing ordinate as valid. */
function finitePositions(value: unknown, depth: number): boolean {
  if (!Array.isArray(value)) return false;
  if (depth === 0)
    return (
      value.length >= 2 &&
      value.length <= 3 &&
      value.every((ordinate) => typeof ordinate === 'number' && Number.isFinite(ordinate))
    );
  return value.every((item) => finitePositions(item, depth - 1));
}

/**
 * Above this many vertices a geometry the quick test cannot clear is refused rather than handed to JTS, whose
 * sweep line is quadratic on zigzag outlines (10 000 vertices: seconds; 30 000: minutes).
 */
const ENGINE_MAX_VERTICES = 10_000;

function vertexCount(value: unknown, depth: number): number {
  if (!Array.isArray(value)) return 0;
  if (depth === 0) return 1;
  return value.reduce((sum: number, item) => sum + vertexCount(item, depth - 1), 0);
}

const POSITION_DEPTH: Partial<Record<Geometry['type'], number>> = {
  Point: 0,
  MultiPoint: 1,
  LineString: 1,
  MultiLineString: 2,
  Polygon: 2,
  MultiPolygon: 3,
};

/** Why JTS holds the geometry invalid, or null when it is valid. */
export function validityProblem(geometry: Geometry): ValidityProblem | null {
  const depth = POSITION_DEPTH[geometry.type];
  if (depth !== undefined && 'coordinates' in geometry) {
    if (!finitePositions(geometry.coordinates, depth))
      return { message: VALIDATION_ERRORS[10]!, location: null, selfIntersection: false };
    const verdict = quickVerdict(geometry);
    if (verdict?.kind === 'valid') return null;
    if (verdict?.kind === 'crossing')
      return { message: VALIDATION_ERRORS[5]!, location: verdict.at, selfIntersection: true };
    const vertices = vertexCount(geometry.coordinates, depth);
    if (vertices > ENGINE_MAX_VERTICES)
      return {
        message: `geometria complexa demais para validar: ${vertices.toLocaleString('pt-BR')} vértices, com pontos que se tocam ou muito próximos (máximo ${ENGINE_MAX_VERTICES.toLocaleString('pt-BR')} nesse caso); simplifique-a`,
        location: null,
        selfIntersection: false,
        tooComplex: true,
      };
  }
  let parsed: unknown;
  try {
    parsed = reader.read(geometry);
  } catch (error) {
    const text = error instanceof Error ? error.message : '';
    return {
      message: /closed/i.test(text)
        ? VALIDATION_ERRORS[11]!
        : /at least|points/i.test(text)
          ? VALIDATION_ERRORS[9]!
          : 'geometria ilegível',
      location: null,
      selfIntersection: false,
    };
  }
  const op = new IsValidOp(parsed);
  if (op.isValid()) return null;
  const error = op.getValidationError() as JstsValidationError | null;
  const at = error?.getCoordinate();
  const type = error?.getErrorType() ?? 0;
  return {
    message: VALIDATION_ERRORS[type] ?? VALIDATION_ERRORS[0]!,
    location: at && Number.isFinite(at.x) && Number.isFinite(at.y) ? [at.x, at.y] : null,
    selfIntersection: SELF_INTERSECTIONS.has(type),
  };
}
