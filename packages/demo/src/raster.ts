import type { Utm } from './projection';

/** A north-up raster grid in UTM metres: pixel (0, 0) has its top-left corner at (originX, originY). */
export interface RasterFrame {
  originX: number;
  originY: number;
  pixelSize: number;
  width: number;
  height: number;
}

/** A frame covering a UTM box plus a margin, snapped to whole pixels so scenes of a site share one grid. */
export function frameAround(
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  pixelSize: number,
  margin: number,
): RasterFrame {
  const originX = Math.floor((minX - margin) / pixelSize) * pixelSize;
  const originY = Math.ceil((maxY + margin) / pixelSize) * pixelSize;
  const width = Math.ceil((maxX + margin - originX) / pixelSize);
  const height = Math.ceil((originY - (minY - margin)) / pixelSize);
  return { originX, originY, pixelSize, width, height };
}

/** A polygon in pixel coordinates: rings of flat [x0, y0, x1, y1, …] without the closing point. */
export interface PixelPolygon {
  rings: Float64Array[];
  minY: number;
  maxY: number;
  minX: number;
  maxX: number;
}

export function toPixelPolygon(frame: RasterFrame, rings: readonly (readonly Utm[])[]): PixelPolygon {
  let minY = Infinity;
  let maxY = -Infinity;
  let minX = Infinity;
  let maxX = -Infinity;
  const pixelRings = rings.map((ring) => {
    const open = isClosed(ring) ? ring.slice(0, -1) : ring;
    const flat = new Float64Array(open.length * 2);
    open.forEach(([x, y], i) => {
      const px = (x - frame.originX) / frame.pixelSize;
      const py = (frame.originY - y) / frame.pixelSize;
      flat[i * 2] = px;
      flat[i * 2 + 1] = py;
      if (py < minY) minY = py;
      if (py > maxY) maxY = py;
      if (px < minX) minX = px;
      if (px > maxX) maxX = px;
    });
    return flat;
  });
  return { rings: pixelRings, minY, maxY, minX, maxX };
}

function isClosed(ring: readonly Utm[]): boolean {
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

/**
 * Calls `span(row, x0, x1)` for every run of pixels whose centre lies inside the polygon (even-odd rule), for
 * rows in [rowStart, rowEnd) and columns in [0, width).
 */
export function forEachSpan(
  polygon: PixelPolygon,
  rowStart: number,
  rowEnd: number,
  width: number,
  span: (row: number, x0: number, x1: number) => void,
): void {
  const first = Math.max(rowStart, Math.floor(polygon.minY));
  const last = Math.min(rowEnd - 1, Math.ceil(polygon.maxY));
  if (first > last || polygon.maxX < 0 || polygon.minX > width) return;
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
