import type { SourceCrs } from './crs';

/** A rectangle of source pixels: [x0, y0) to [x1, y1). */
export interface PixelWindow {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Pixel (column, row) of the top-left corner → CRS coordinates; no rotation (north-up rasters only). */
export interface GeoTransform {
  originX: number;
  originY: number;
  pixelWidth: number;
  /** Negative for the usual north-up raster. */
  pixelHeight: number;
}

/** A georeferenced raster read as 8-bit RGBA windows (alpha 0 where there is no data). */
export interface RasterSource {
  readonly width: number;
  readonly height: number;
  readonly crs: SourceCrs;
  readonly transform: GeoTransform;
  readonly description: string;
  readRgba(window: PixelWindow): Promise<Uint8Array>;
  /** The caller is done with a window `readRgba` returned: the source may reuse its memory. */
  recycle?(rgba: Uint8Array): void;
  close(): Promise<void>;
}

export function pixelToCrs(transform: GeoTransform, column: number, row: number): [number, number] {
  return [transform.originX + column * transform.pixelWidth, transform.originY + row * transform.pixelHeight];
}

export function crsToPixel(transform: GeoTransform, x: number, y: number): [number, number] {
  return [(x - transform.originX) / transform.pixelWidth, (y - transform.originY) / transform.pixelHeight];
}
