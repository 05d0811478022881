import { contours } from 'd3-contour';
import type { Position } from 'geojson';

/** A polygon in grid units (cell (c, r) covers [c, c + 1] × [r, r + 1]): its outer ring and holes. */
export interface GridPolygon {
  rings: Position[][];
  /** Area in cells (outer minus holes). */
  cells: number;
}

function ringArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 1; i < ring.length; i++) {
    const [x0 = 0, y0 = 0] = ring[i - 1] as Position;
    const [x1 = 0, y1 = 0] = ring[i] as Position;
    sum += x0 * y1 - x1 * y0;
  }
  return Math.abs(sum) / 2;
}

/**
 * The polygons of a 0/1 mask (marching squares, d3-contour, so holes are kept as holes), each with its area.
 * Polygons smaller than `minCells` are dropped and so are holes smaller than `minCells` (filled: a change
 * with a small unchanged island is one change, as a minimum mapping unit means).
 */
export function maskPolygons(
  mask: Uint8Array,
  width: number,
  height: number,
  minCells: number,
): GridPolygon[] {
  const [shape] = contours().size([width, height]).thresholds([0.5])(Array.from(mask));
  if (!shape) return [];
  const out: GridPolygon[] = [];
  for (const polygon of shape.coordinates) {
    const [outer, ...holes] = polygon;
    if (!outer) continue;
    const keptHoles = holes.filter((hole) => ringArea(hole) >= minCells);
    const cells = ringArea(outer) - keptHoles.reduce((sum, hole) => sum + ringArea(hole), 0);
    if (cells >= minCells) out.push({ rings: [outer, ...keptHoles], cells });
  }
  return out;
}
