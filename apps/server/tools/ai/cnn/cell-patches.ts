import type { Polygon } from 'geojson';
import type { RasterSource } from '../../../src/imagery/raster-source';

/** Patch size the CNN reads: 40 × 80 pixels, ~0.3 m per pixel over a 12 × 25 m lot (3 bytes a pixel, RGB). */
export const PATCH_WIDTH = 40;
export const PATCH_HEIGHT = 80;
const PATCH_BYTES = PATCH_WIDTH * PATCH_HEIGHT * 3;

/** A lot's extent in raster pixels (fractional): the bounding box of its ring. */
export function pixelBox(
  source: RasterSource,
  polygon: Polygon,
): { x0: number; y0: number; x1: number; y1: number } {
  const { originX, originY, pixelWidth, pixelHeight } = source.transform;
  const points = (polygon.coordinates[0] ?? []).map(([lon, lat]) => {
    const [x, y] = source.crs.fromLonLat(lon as number, lat as number);
    return [(x - originX) / pixelWidth, (y - originY) / pixelHeight] as const;
  });
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/**
 * The box's pixels resampled to PATCH_WIDTH × PATCH_HEIGHT RGB (each output pixel the mean of the source pixels
 * whose centres fall in it, or the nearest one when the source is coarser), turned upright when wider than tall.
 * Null when under 70 % of the box has valid (alpha > 0) pixels.
 */
export async function cutPatch(
  source: RasterSource,
  box: { x0: number; y0: number; x1: number; y1: number },
): Promise<Uint8Array | null> {
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const x1 = Math.min(source.width, Math.ceil(box.x1));
  const y1 = Math.min(source.height, Math.ceil(box.y1));
  if (x1 - x0 < 2 || y1 - y0 < 2) return null;
  const rgba = await source.readRgba({ x0, y0, x1, y1 });
  const w = x1 - x0;
  const h = y1 - y0;
  let valid = 0;
  for (let i = 3; i < rgba.length; i += 4) if ((rgba[i] as number) > 0) valid += 1;
  if (valid < 0.7 * w * h) return null;
  const upright = w <= h;
  const out = new Uint8Array(PATCH_BYTES);
  const sums = [0, 0, 0];
  for (let py = 0; py < PATCH_HEIGHT; py++)
    for (let px = 0; px < PATCH_WIDTH; px++) {
      // (u, v) across and down the box, 0–1; a wide box is read turned a quarter.
      const u0 = px / PATCH_WIDTH;
      const u1 = (px + 1) / PATCH_WIDTH;
      const v0 = py / PATCH_HEIGHT;
      const v1 = (py + 1) / PATCH_HEIGHT;
      const [sx0, sx1, sy0, sy1] = upright ? [u0, u1, v0, v1] : [v0, v1, 1 - u1, 1 - u0];
      const cx0 = box.x0 + sx0 * (box.x1 - box.x0) - x0;
      const cx1 = box.x0 + sx1 * (box.x1 - box.x0) - x0;
      const cy0 = box.y0 + sy0 * (box.y1 - box.y0) - y0;
      const cy1 = box.y0 + sy1 * (box.y1 - box.y0) - y0;
      let n = 0;
      sums.fill(0);
      const add = (x: number, y: number) => {
        const i = (Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))) * 4;
        sums[0]! += rgba[i] as number;
        sums[1]! += rgba[i + 1] as number;
        sums[2]! += rgba[i + 2] as number;
        n += 1;
      };
      for (let y = Math.ceil(cy0 - 0.5); y + 0.5 < cy1; y++)
        for (let x = Math.ceil(cx0 - 0.5); x + 0.5 < cx1; x++) add(x, y);
      if (n === 0) add(Math.floor((cx0 + cx1) / 2), Math.floor((cy0 + cy1) / 2));
      const o = (py * PATCH_WIDTH + px) * 3;
      out[o] = Math.round((sums[0] as number) / n);
      out[o + 1] = Math.round((sums[1] as number) / n);
      out[o + 2] = Math.round((sums[2] as number) / n);
    }
  return out;
}
