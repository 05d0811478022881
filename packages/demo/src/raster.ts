import { toPixelRings, type PixelRings } from '@mirante/shared';
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

/** A frame's pixel coordinates of UTM rings (the fill itself is `forEachPixelSpan` of @mirante/shared). */
export function toPixelPolygon(frame: RasterFrame, rings: readonly (readonly Utm[])[]): PixelRings {
  return toPixelRings(rings, (x, y) => [
    (x - frame.originX) / frame.pixelSize,
    (frame.originY - y) / frame.pixelSize,
  ]);
}
