/** Plane geometry of DXF entities: bulged polyline segments and circles as polygon rings. */

export type Point = [number, number];

/** Degrees of arc per ring segment (72 for a full circle: < 0.1 % area error). */
const STEP = Math.PI / 36;

/**
 * The points of a polyline segment from `a` to `b` with bulge `bulge` (tan of a quarter of the included angle,
 * positive counter-clockwise), without `b`: `[a]` for a straight segment.
 */
export function bulgeSegment(a: Point, b: Point, bulge: number): Point[] {
  if (!bulge || Math.abs(bulge) < 1e-9) return [a];
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const chord = Math.hypot(dx, dy);
  if (chord === 0) return [a];
  const angle = 4 * Math.atan(bulge);
  // Signed distance from the chord's midpoint to the centre, to the left of a→b for a counter-clockwise arc.
  const offset = chord / (2 * Math.tan(angle / 2));
  const cx = (a[0] + b[0]) / 2 - (dy / chord) * offset;
  const cy = (a[1] + b[1]) / 2 + (dx / chord) * offset;
  const radius = Math.hypot(a[0] - cx, a[1] - cy);
  const start = Math.atan2(a[1] - cy, a[0] - cx);
  const steps = Math.max(2, Math.ceil(Math.abs(angle) / STEP));
  const points: Point[] = [a];
  for (let i = 1; i < steps; i++) {
    const t = start + (angle * i) / steps;
    points.push([cx + radius * Math.cos(t), cy + radius * Math.sin(t)]);
  }
  return points;
}

/** A closed ring through the vertices, bulges drawn as arcs (the last bulge closes back to the first vertex). */
export function closedRing(vertices: { x: number; y: number; bulge?: number }[]): Point[] {
  const ring: Point[] = [];
  for (let i = 0; i < vertices.length; i++) {
    const a = vertices[i]!;
    const b = vertices[(i + 1) % vertices.length]!;
    ring.push(...bulgeSegment([a.x, a.y], [b.x, b.y], a.bulge ?? 0));
  }
  const first = ring[0];
  if (first) ring.push([first[0], first[1]]);
  return ring;
}

/** A circle as a closed ring. */
export function circleRing(cx: number, cy: number, radius: number): Point[] {
  const steps = Math.round((2 * Math.PI) / STEP);
  const ring: Point[] = [];
  for (let i = 0; i < steps; i++) {
    const t = (2 * Math.PI * i) / steps;
    ring.push([cx + radius * Math.cos(t), cy + radius * Math.sin(t)]);
  }
  ring.push([cx + radius, cy]);
  return ring;
}

/** Even-odd ray casting: is the point inside the ring? */
export function ringContains(ring: Point[], [x, y]: Point): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Absolute area of a ring (shoelace). */
export function ringArea(ring: Point[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (ring[j]![0] + ring[i]![0]) * (ring[j]![1] - ring[i]![1]);
  }
  return Math.abs(sum / 2);
}
