import type { MultiPolygon, Polygon, Position } from 'geojson';
import type { GeoTransform } from '../../../imagery/raster-source';

export type LotGeometry = Polygon | MultiPolygon;

/**
 * A lot polygon in pixel coordinates of one raster: rings of flat [x0, y0, x1, y1, …] (closing point dropped,
 * every ring of every part together: the even-odd rule handles holes and multipolygon parts alike), plus the
 * bounding rows/columns clipped to the raster. `firstRow > lastRow` means the lot is outside the raster.
 */
export interface PixelPolygon {
  rings: Float64Array[];
  /** Polygon area in pixels, including any part outside the raster. */
  area: number;
  firstRow: number;
  lastRow: number;
  firstColumn: number;
  lastColumn: number;
}

/** Lon/lat → the raster's CRS; from the scene's SourceCrs. */
export type LonLatToCrs = (lon: number, lat: number) => [number, number];

export function lotToPixelPolygon(
  geometry: LotGeometry,
  toCrs: LonLatToCrs,
  transform: GeoTransform,
  width: number,
  height: number,
): PixelPolygon {
  const parts: Position[][][] = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const rings: Float64Array[] = [];
  let area = 0;
  for (const part of parts) {
    for (const [ringIndex, ring] of part.entries()) {
      const open = isClosed(ring) ? ring.slice(0, -1) : ring;
      if (open.length < 3) continue;
      const flat = new Float64Array(open.length * 2);
      open.forEach((position, i) => {
        const [x, y] = toCrs(position[0] ?? 0, position[1] ?? 0);
        const px = (x - transform.originX) / transform.pixelWidth;
        const py = (y - transform.originY) / transform.pixelHeight;
        flat[i * 2] = px;
        flat[i * 2 + 1] = py;
        minX = Math.min(minX, px);
        maxX = Math.max(maxX, px);
        minY = Math.min(minY, py);
        maxY = Math.max(maxY, py);
      });
      rings.push(flat);
      // Holes (every ring after the first of a part) subtract, whatever their winding.
      area += (ringIndex === 0 ? 1 : -1) * Math.abs(shoelace(flat));
    }
  }
  // Pixel centres inside the polygon lie between these rows/columns.
  return {
    rings,
    area: Math.max(0, area),
    firstRow: Math.max(0, Math.ceil(minY - 0.5)),
    lastRow: Math.min(height - 1, Math.floor(maxY - 0.5)),
    firstColumn: Math.max(0, Math.ceil(minX - 0.5)),
    lastColumn: Math.min(width - 1, Math.floor(maxX - 0.5)),
  };
}

function shoelace(flat: Float64Array): number {
  let sum = 0;
  const n = flat.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++)
    sum +=
      (flat[j * 2] as number) * (flat[i * 2 + 1] as number) -
      (flat[i * 2] as number) * (flat[j * 2 + 1] as number);
  return sum / 2;
}

function isClosed(ring: readonly Position[]): boolean {
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
 * Scanline fill: calls `span(row, x0, x1)` for each run [x0, x1) of pixels whose centre is inside the polygon
 * (even-odd rule), for rows in [rowStart, rowEnd) and columns inside [0, width). Pixels outside the raster are
 * simply not visited, so lots partly outside the scene give only their visible part.
 */
export function forEachMaskSpan(
  polygon: PixelPolygon,
  rowStart: number,
  rowEnd: number,
  width: number,
  span: (row: number, x0: number, x1: number) => void,
): void {
  const first = Math.max(rowStart, polygon.firstRow);
  const last = Math.min(rowEnd - 1, polygon.lastRow);
  if (first > last || polygon.firstColumn > polygon.lastColumn) return;
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

/** Whole-raster pixel count of the mask (tests and coverage checks). */
export function maskPixelCount(polygon: PixelPolygon, width: number): number {
  let count = 0;
  forEachMaskSpan(polygon, polygon.firstRow, polygon.lastRow + 1, width, (_row, x0, x1) => {
    count += x1 - x0;
  });
  return count;
}
