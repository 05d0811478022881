import {
  forEachPixelSpan,
  pixelColumnRange,
  pixelRowRange,
  toPixelRings,
  type PixelRings,
} from '@mirante/shared';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import type { GeoTransform } from '../../../imagery/raster-source';

export type LotGeometry = Polygon | MultiPolygon;

/**
 * A lot polygon in pixel coordinates of one raster (filled with `forEachPixelSpan` of @mirante/shared), plus the
 * rows/columns its pixel centres can occupy, clipped to the raster. `firstRow > lastRow` means the lot is outside
 * the raster.
 */
export interface PixelPolygon extends PixelRings {
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
  const pixel = toPixelRings(parts.flat(), (lon, lat) => {
    const [x, y] = toCrs(lon, lat);
    return [(x - transform.originX) / transform.pixelWidth, (y - transform.originY) / transform.pixelHeight];
  });
  let area = 0;
  let ringIndex = 0;
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) {
      // Holes (every ring after the first of a part) subtract, whatever their winding.
      area += (i === 0 ? 1 : -1) * Math.abs(shoelace(pixel.rings[ringIndex++] as Float64Array));
    }
  }
  const rows = pixelRowRange(pixel);
  const columns = pixelColumnRange(pixel);
  return {
    ...pixel,
    area: Math.max(0, area),
    firstRow: Math.max(0, rows.first),
    lastRow: Math.min(height - 1, rows.last),
    firstColumn: Math.max(0, columns.first),
    lastColumn: Math.min(width - 1, columns.last),
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

/** Whole-raster pixel count of the mask (tests and coverage checks). */
export function maskPixelCount(polygon: PixelPolygon, width: number): number {
  let count = 0;
  forEachPixelSpan(polygon, polygon.firstRow, polygon.lastRow + 1, width, (_row, x0, x1) => {
    count += x1 - x0;
  });
  return count;
}
