/**
 * A quick test that clears most lots without the topology engine: a polygon of one ring is valid by JTS's own
 * definition when the ring is closed, has at least three distinct points and touches itself nowhere. Answers
 * true only when that is certain (every crossing test far from degenerate); anything else — holes, several
 * parts, a crossing, a near-touch, many vertices — is left to JTS (`null`), which also says where it fails.
 */

type Ring = number[][];

const MAX_SEGMENTS = 256;
/** |sin| of the angle between two segments below which they are too close to parallel to judge here. */
const DEGENERATE = 1e-9;

function orientation(a: number[], b: number[], c: number[]): number {
  const ux = b[0]! - a[0]!;
  const uy = b[1]! - a[1]!;
  const vx = c[0]! - a[0]!;
  const vy = c[1]! - a[1]!;
  const cross = ux * vy - uy * vx;
  const scale = Math.hypot(ux, uy) * Math.hypot(vx, vy);
  if (scale === 0) return 0;
  const sine = cross / scale;
  return Math.abs(sine) < DEGENERATE ? 0 : Math.sign(sine);
}

const boxesMeet = (a: number[], b: number[], c: number[], d: number[]) =>
  Math.max(a[0]!, b[0]!) >= Math.min(c[0]!, d[0]!) &&
  Math.max(c[0]!, d[0]!) >= Math.min(a[0]!, b[0]!) &&
  Math.max(a[1]!, b[1]!) >= Math.min(c[1]!, d[1]!) &&
  Math.max(c[1]!, d[1]!) >= Math.min(a[1]!, b[1]!);

/** The ring without consecutive repeated points (JTS accepts those). */
function distinct(ring: Ring): Ring {
  const points: Ring = [];
  for (const point of ring) {
    const last = points[points.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) points.push(point);
  }
  return points;
}

export function quicklyValid(geometry: { type: string; coordinates: unknown }): true | null {
  if (geometry.type !== 'Polygon') return null;
  const rings = geometry.coordinates as Ring[];
  if (rings.length !== 1) return null;
  const ring = distinct(rings[0]!);
  const n = ring.length - 1;
  if (n < 3 || n > MAX_SEGMENTS) return null;
  const first = ring[0]!;
  const last = ring[n]!;
  if (first[0] !== last[0] || first[1] !== last[1]) return null;
  for (let i = 0; i < n; i++) {
    const a = ring[i]!;
    const b = ring[i + 1]!;
    // The next segment turns, or goes straight on; going back over this one is a touch.
    const c = ring[(i + 2) % n]!;
    if (orientation(a, b, c) === 0) {
      const dot = (b[0]! - a[0]!) * (c[0]! - b[0]!) + (b[1]! - a[1]!) * (c[1]! - b[1]!);
      if (!(dot > 0)) return null;
    }
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      const p = ring[j]!;
      const q = ring[j + 1]!;
      if (!boxesMeet(a, b, p, q)) continue;
      const o1 = orientation(a, b, p);
      const o2 = orientation(a, b, q);
      const o3 = orientation(p, q, a);
      const o4 = orientation(p, q, b);
      if (o1 === 0 || o2 === 0 || o3 === 0 || o4 === 0) return null;
      if (o1 !== o2 && o3 !== o4) return null;
    }
  }
  return true;
}
