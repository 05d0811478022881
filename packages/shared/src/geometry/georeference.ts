/*
 * Georeferencing of a plan image from control points, as QGIS's georeferencer does:
 * two points give a similarity (Helmert: uniform scale, rotation, translation; exact), three or more a
 * least-squares affine fit (polynomial 1) with each point's residual in metres. The fit is made in Web Mercator
 * metres, the plane in which MapLibre interpolates an image source, so the four corners it yields draw the plan
 * exactly (a similarity or an affine map keeps parallelograms).
 */

/** A control point: where it is on the map (WGS 84) and on the image (pixels of the full image, y down). */
export interface ControlPoint {
  lng: number;
  lat: number;
  x: number;
  y: number;
}

export interface ImageSize {
  width: number;
  height: number;
}

export type LngLat = [number, number];
/** Top-left, top-right, bottom-right, bottom-left: the order of a MapLibre image source. */
export type Corners = [LngLat, LngLat, LngLat, LngLat];

export interface Georeference {
  kind: 'similarity' | 'affine';
  corners: Corners;
  /** [[west, south], [east, north]] of the corners. */
  bounds: [LngLat, LngLat];
  /** Ground distance (m) between each point's map position and where the fit puts its image point. */
  residuals: number[];
  /** Root mean square of the residuals (m). */
  rmse: number;
}

export const GEOREFERENCE_MESSAGES = {
  tooFewPoints: 'Marque os pontos A e B no mapa e na imagem.',
  samePoints: 'Os pontos precisam ser diferentes entre si, no mapa e na imagem.',
  collinear: 'Com três pontos ou mais, eles não podem estar todos alinhados (no mapa ou na imagem).',
  outsideImage: 'O ponto da imagem precisa estar dentro da imagem.',
  outsideWorld: 'Com esses pontos a sobreposição sairia do mapa; confira os pontos marcados.',
} as const;

export class GeoreferenceError extends Error {}

const EARTH_RADIUS = 6_378_137;
const MAX_LATITUDE = 85.05112878;

function toMercator(lng: number, lat: number): [number, number] {
  const phi = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180;
  return [(EARTH_RADIUS * lng * Math.PI) / 180, EARTH_RADIUS * Math.log(Math.tan(Math.PI / 4 + phi / 2))];
}

function fromMercator(x: number, y: number): LngLat {
  const lng = (x / EARTH_RADIUS) * (180 / Math.PI);
  const lat = (2 * Math.atan(Math.exp(y / EARTH_RADIUS)) - Math.PI / 2) * (180 / Math.PI);
  return [lng, lat];
}

/** Image pixel → Web Mercator metres. */
export type PlaneTransform = (x: number, y: number) => [number, number];

/** True when the image point lies on the image (its edges included). */
export function isInsideImage(point: Pick<ControlPoint, 'x' | 'y'>, size: ImageSize): boolean {
  return point.x >= 0 && point.y >= 0 && point.x <= size.width && point.y <= size.height;
}

/** Exact similarity through two points: w = a·z + b in complex numbers, the image's y axis flipped up. */
function similarity(points: readonly ControlPoint[]): PlaneTransform {
  const [p1, p2] = points as [ControlPoint, ControlPoint];
  const [u1, v1] = toMercator(p1.lng, p1.lat);
  const [u2, v2] = toMercator(p2.lng, p2.lat);
  const [zx, zy] = [p2.x - p1.x, -(p2.y - p1.y)];
  const [wx, wy] = [u2 - u1, v2 - v1];
  const norm = zx * zx + zy * zy;
  if (norm === 0 || wx * wx + wy * wy === 0) throw new GeoreferenceError(GEOREFERENCE_MESSAGES.samePoints);
  // a = w / z
  const ax = (wx * zx + wy * zy) / norm;
  const ay = (wy * zx - wx * zy) / norm;
  return (x, y) => {
    const [dx, dy] = [x - p1.x, -(y - p1.y)];
    return [u1 + ax * dx - ay * dy, v1 + ay * dx + ax * dy];
  };
}

/** Solves the 3×3 system m·s = r (Cramer), or null when it is (nearly) singular. */
function solve3(m: number[][], r: number[]): [number, number, number] | null {
  const det = (a: number[][]) =>
    a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) -
    a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) +
    a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
  const d = det(m);
  const scale = Math.abs(m[0]![0]! * m[1]![1]! * m[2]![2]!) || 1;
  if (Math.abs(d) < 1e-9 * scale) return null;
  const column = (i: number) => m.map((row, k) => row.map((value, j) => (j === i ? r[k]! : value)));
  return [det(column(0)) / d, det(column(1)) / d, det(column(2)) / d];
}

/** Least-squares affine map image → Mercator over centred coordinates (normal equations). */
function affine(points: readonly ControlPoint[]): PlaneTransform {
  const mapped = points.map((point) => toMercator(point.lng, point.lat));
  const n = points.length;
  const cx = points.reduce((sum, p) => sum + p.x, 0) / n;
  const cy = points.reduce((sum, p) => sum + p.y, 0) / n;
  const cu = mapped.reduce((sum, m) => sum + m[0], 0) / n;
  const cv = mapped.reduce((sum, m) => sum + m[1], 0) / n;
  const normal = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const ru = [0, 0, 0];
  const rv = [0, 0, 0];
  points.forEach((point, i) => {
    const row = [point.x - cx, point.y - cy, 1];
    const [u, v] = [mapped[i]![0] - cu, mapped[i]![1] - cv];
    for (let j = 0; j < 3; j++) {
      for (let k = 0; k < 3; k++) normal[j]![k]! += row[j]! * row[k]!;
      ru[j]! += row[j]! * u;
      rv[j]! += row[j]! * v;
    }
  });
  const a = solve3(normal, ru);
  const b = solve3(normal, rv);
  // Collinear on the map makes the fitted map flat: refuse that too.
  const flat = a && b && Math.abs(a[0] * b[1] - a[1] * b[0]) < 1e-12 * (a[0] ** 2 + a[1] ** 2 + 1);
  if (!a || !b || flat) throw new GeoreferenceError(GEOREFERENCE_MESSAGES.collinear);
  return (x, y) => {
    const [dx, dy] = [x - cx, y - cy];
    return [cu + a[0] * dx + a[1] * dy + a[2], cv + b[0] * dx + b[1] * dy + b[2]];
  };
}

/** Ground metres between two Mercator positions (Mercator metres shrink by cos(latitude)). */
function groundDistance(a: [number, number], b: [number, number]): number {
  const lat = fromMercator((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)[1];
  return Math.hypot(a[0] - b[0], a[1] - b[1]) * Math.cos((lat * Math.PI) / 180);
}

/** The image → Mercator transform the points give (similarity for two, affine for more). */
export function fitTransform(points: readonly ControlPoint[]): {
  kind: Georeference['kind'];
  transform: PlaneTransform;
} {
  if (points.length < 2) throw new GeoreferenceError(GEOREFERENCE_MESSAGES.tooFewPoints);
  const same = (a: ControlPoint, b: ControlPoint) =>
    (a.x === b.x && a.y === b.y) || (a.lng === b.lng && a.lat === b.lat);
  if (points.some((a, i) => points.some((b, j) => j > i && same(a, b))))
    throw new GeoreferenceError(GEOREFERENCE_MESSAGES.samePoints);
  return points.length === 2
    ? { kind: 'similarity', transform: similarity(points) }
    : { kind: 'affine', transform: affine(points) };
}

/** Fits the points and places the image: its four corners, their bounds and each point's residual. */
export function georeference(points: readonly ControlPoint[], size: ImageSize): Georeference {
  if (points.some((point) => !isInsideImage(point, size)))
    throw new GeoreferenceError(GEOREFERENCE_MESSAGES.outsideImage);
  const { kind, transform } = fitTransform(points);
  const residuals = points.map((point) =>
    groundDistance(transform(point.x, point.y), toMercator(point.lng, point.lat)),
  );
  const { width, height } = size;
  const corners = (
    [
      [0, 0],
      [width, 0],
      [width, height],
      [0, height],
    ] as const
  ).map(([x, y]) => fromMercator(...transform(x, y))) as Corners;
  const lngs = corners.map((corner) => corner[0]);
  const lats = corners.map((corner) => corner[1]);
  const bounds: [LngLat, LngLat] = [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
  const finite = corners.every((corner) => corner.every(Number.isFinite));
  if (!finite || bounds[0][0] < -180 || bounds[1][0] > 180 || bounds[0][1] < -85 || bounds[1][1] > 85)
    throw new GeoreferenceError(GEOREFERENCE_MESSAGES.outsideWorld);
  const rmse = Math.sqrt(residuals.reduce((sum, r) => sum + r * r, 0) / residuals.length);
  return { kind, corners, bounds, residuals, rmse };
}
