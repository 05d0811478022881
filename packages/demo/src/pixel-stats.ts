import type { Utm } from './projection';
import { forEachPixelSpan } from '@mirante/shared';
import { toPixelPolygon, type RasterFrame } from './raster';

/** Colour statistics of the pixels inside a polygon, for sanity tests of rendered scenes. */
export interface PixelStats {
  n: number;
  /** Excess green (2g − r − b) / (r + g + b): vegetation is clearly positive. */
  greenness: number;
  /** (r − g) / (r + g + b): terra roxa and ceramic roofs are positive. */
  redness: number;
  /** b / (r + g + b). */
  blueShare: number;
  /** (max − min) / 255: grey concrete and zinc are low. */
  chroma: number;
  brightness: number;
  /** Standard deviation of brightness: cluttered ground is high, bare soil or a slab low. */
  contrast: number;
}

export function pixelStats(
  rgb: Uint8Array,
  frame: RasterFrame,
  rings: readonly (readonly Utm[])[],
): PixelStats {
  const polygon = toPixelPolygon(frame, rings);
  let n = 0;
  let greenness = 0;
  let redness = 0;
  let blueShare = 0;
  let chroma = 0;
  let sum = 0;
  let sumSq = 0;
  forEachPixelSpan(polygon, 0, frame.height, frame.width, (row, x0, x1) => {
    for (let x = x0; x < x1; x++) {
      const i = (row * frame.width + x) * 3;
      const r = rgb[i] as number;
      const g = rgb[i + 1] as number;
      const b = rgb[i + 2] as number;
      const total = r + g + b + 1;
      greenness += (2 * g - r - b) / total;
      redness += (r - g) / total;
      blueShare += b / total;
      chroma += (Math.max(r, g, b) - Math.min(r, g, b)) / 255;
      const y = total / 3;
      sum += y;
      sumSq += y * y;
      n++;
    }
  });
  const d = Math.max(1, n);
  const mean = sum / d;
  return {
    n,
    greenness: greenness / d,
    redness: redness / d,
    blueShare: blueShare / d,
    chroma: chroma / d,
    brightness: mean,
    contrast: Math.sqrt(Math.max(0, sumSq / d - mean * mean)),
  };
}
