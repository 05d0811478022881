/**
 * A polygon in pixel coordinates of one raster (x to the right, y down; pixel (c, r) covers [c, c + 1) × [r, r + 1)):
 * rings of flat [x0, y0, x1, y1, …] without the closing point, every ring of every part together (the even-odd
 * rule handles holes and multipolygon parts alike), and their bounds.
 */
export interface PixelRings {
  rings: Float64Array[];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** A point of the polygon's own coordinates → pixel coordinates (fractional). */
export type ToPixel = (x: number, y: number) => readonly [number, number];

/** Projects rings ([x, y] positions, closed or not) into pixel coordinates, keeping their order. */
export function toPixelRings(
  rings: readonly (readonly (readonly number[])[])[],
  toPixel: ToPixel,
): PixelRings {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const pixelRings = rings.map((ring) => {
    const open = isClosed(ring) ? ring.slice(0, -1) : ring;
    const flat = new Float64Array(open.length * 2);
    open.forEach((position, i) => {
      const [px, py] = toPixel(position[0] ?? 0, position[1] ?? 0);
      flat[i * 2] = px;
      flat[i * 2 + 1] = py;
      minX = Math.min(minX, px);
      maxX = Math.max(maxX, px);
      minY = Math.min(minY, py);
      maxY = Math.max(maxY, py);
    });
    return flat;
  });
  return { rings: pixelRings, minX, minY, maxX, maxY };
}

function isClosed(ring: readonly (readonly number[])[]): boolean {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return (
    ring.length > 1 &&
    first !== undefined &&
    last !== undefined &&
    first[0] === last[0] &&
    first[1] === last[1]
  );
}

/** Rows whose pixel centre can lie inside the polygon (may be empty: first > last). */
export function pixelRowRange(polygon: PixelRings): { first: number; last: number } {
  return { first: Math.ceil(polygon.minY - 0.5), last: Math.floor(polygon.maxY - 0.5) };
}

/** Columns whose pixel centre can lie inside the polygon (may be empty: first > last). */
export function pixelColumnRange(polygon: PixelRings): { first: number; last: number } {
  return { first: Math.ceil(polygon.minX - 0.5), last: Math.floor(polygon.maxX - 0.5) };
}

/**
 * Scanline fill: calls `span(row, x0, x1)` for each run [x0, x1) of pixels whose centre is inside the polygon
 * (even-odd rule), for rows in [rowStart, rowEnd) and columns in [0, width). Pixels outside the raster are not
 * visited, so a polygon partly outside gives only its visible part.
 */
export function forEachPixelSpan(
  polygon: PixelRings,
  rowStart: number,
  rowEnd: number,
  width: number,
  span: (row: number, x0: number, x1: number) => void,
): void {
  const rows = pixelRowRange(polygon);
  const columns = pixelColumnRange(polygon);
  const first = Math.max(rowStart, rows.first);
  const last = Math.min(rowEnd - 1, rows.last);
  if (first > last || Math.max(0, columns.first) > Math.min(width - 1, columns.last)) return;
  const crossings: number[] = [];
  for (let row = first; row <= last; row++) {
    const cy = row + 0.5;
    crossings.length = 0;
    for (const ring of polygon.rings) {
      const n = ring.length / 2;
      for (let i = 0, j = n - 1; i < n; j = i++) {
        const yi = ring[i * 2 + 1] as number;
        const yj = ring[j * 2 + 1] as number;
        if (yi > cy !== yj > cy) {
          const xi = ring[i * 2] as number;
          const xj = ring[j * 2] as number;
          crossings.push(xi + ((cy - yi) / (yj - yi)) * (xj - xi));
        }
      }
    }
    if (crossings.length < 2) continue;
    crossings.sort((a, b) => a - b);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      const x0 = Math.max(0, Math.ceil((crossings[k] as number) - 0.5));
      const x1 = Math.min(width, Math.ceil((crossings[k + 1] as number) - 0.5));
      if (x1 > x0) span(row, x0, x1);
    }
  }
}
