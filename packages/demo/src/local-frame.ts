import type { Utm } from './projection';

/** A rotated metric frame (u along the street grid, v across it) anchored at a UTM origin. */
export interface LocalFrame {
  originX: number;
  originY: number;
  cos: number;
  sin: number;
}

export type Local = [number, number];

export function createLocalFrame(origin: Utm, angleRadians: number): LocalFrame {
  return { originX: origin[0], originY: origin[1], cos: Math.cos(angleRadians), sin: Math.sin(angleRadians) };
}

export function localToUtm(frame: LocalFrame, [u, v]: Local): Utm {
  return [frame.originX + frame.cos * u - frame.sin * v, frame.originY + frame.sin * u + frame.cos * v];
}

export function utmToLocal(frame: LocalFrame, [x, y]: Utm): Local {
  const dx = x - frame.originX;
  const dy = y - frame.originY;
  return [frame.cos * dx + frame.sin * dy, -frame.sin * dx + frame.cos * dy];
}

/** Axis-aligned rectangle in local coordinates as a closed counter-clockwise ring. */
export function localRect(u0: number, v0: number, u1: number, v1: number): Local[] {
  return [
    [u0, v0],
    [u1, v0],
    [u1, v1],
    [u0, v1],
    [u0, v0],
  ];
}

/** Even-odd point-in-polygon test for a closed ring. */
export function pointInRing(
  point: readonly [number, number],
  ring: readonly (readonly [number, number])[],
): boolean {
  const [px, py] = point;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i] as readonly [number, number];
    const b = ring[j] as readonly [number, number];
    if (a[1] > py !== b[1] > py && px < ((b[0] - a[0]) * (py - a[1])) / (b[1] - a[1]) + a[0])
      inside = !inside;
  }
  return inside;
}

/** Shortest distance from a point to a ring's edges. */
export function distanceToRing(
  point: readonly [number, number],
  ring: readonly (readonly [number, number])[],
): number {
  let best = Infinity;
  for (let i = 1; i < ring.length; i++) {
    const a = ring[i - 1] as readonly [number, number];
    const b = ring[i] as readonly [number, number];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const t = Math.max(
      0,
      Math.min(1, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / (dx * dx + dy * dy || 1)),
    );
    best = Math.min(best, Math.hypot(point[0] - a[0] - t * dx, point[1] - a[1] - t * dy));
  }
  return best;
}

/** Convex hull (monotone chain) as a closed counter-clockwise ring. */
export function convexHull(points: readonly Local[]): Local[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: Local, a: Local, b: Local): number =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Local[] = [];
  for (const p of sorted) {
    while (
      lower.length >= 2 &&
      cross(lower[lower.length - 2] as Local, lower[lower.length - 1] as Local, p) <= 0
    )
      lower.pop();
    lower.push(p);
  }
  const upper: Local[] = [];
  for (const p of [...sorted].reverse()) {
    while (
      upper.length >= 2 &&
      cross(upper[upper.length - 2] as Local, upper[upper.length - 1] as Local, p) <= 0
    )
      upper.pop();
    upper.push(p);
  }
  const hull = lower.slice(0, -1).concat(upper.slice(0, -1));
  return [...hull, hull[0] as Local];
}
