import { PIXEL_CLASS_COUNT, pixelClassOf } from './pixel-classes';
import type { TextureAccumulator } from './texture-features';

/** Gradient magnitude (|∂L/∂x| + |∂L/∂y| on brightness, 0–510) above which a pixel counts as an edge. */
export const EDGE_GRADIENT = 40;

/**
 * Running sums over one lot's pixels, so a lot can be fed band by band with constant memory. Slots of `sums`:
 * see the SUM_* offsets.
 */
export interface LotAccumulator {
  /** Pixels of the mask inside the raster, valid or not. */
  maskPixels: number;
  /** Polygon area in pixels (also the part outside the raster), for coverage. */
  polygonPixels: number;
  sums: Float64Array;
  /** The lot resampled to ~0.5 m cells (texture-features.ts). */
  texture: TextureAccumulator;
}

export const SUM_VALID = 0;
export const SUM_R = 1;
export const SUM_G = 2;
export const SUM_B = 3;
export const SUM_R2 = 4;
export const SUM_G2 = 5;
export const SUM_B2 = 6;
export const SUM_L2 = 7;
export const SUM_EXG = 8;
export const SUM_VARI = 9;
export const SUM_GRADIENT = 10;
export const SUM_EDGES = 11;
export const SUM_CLASS0 = 12;
const SUM_SLOTS = SUM_CLASS0 + PIXEL_CLASS_COUNT;

export function createAccumulator(polygonPixels: number, texture: TextureAccumulator): LotAccumulator {
  return { maskPixels: 0, polygonPixels, sums: new Float64Array(SUM_SLOTS), texture };
}

/**
 * A window of RGBA pixels (alpha 0 = no data) as read from the raster: `columns` wide, covering raster rows
 * [firstRow, firstRow + rows) and columns [firstColumn, firstColumn + columns).
 */
export interface RgbaWindow {
  rgba: Uint8Array;
  firstRow: number;
  rows: number;
  firstColumn: number;
  columns: number;
}

/** Adds the pixels [x0, x1) of raster row `row` (which must lie inside the window) to the lot's sums. */
export function accumulateSpan(
  acc: LotAccumulator,
  window: RgbaWindow,
  row: number,
  x0: number,
  x1: number,
): void {
  const { rgba, columns } = window;
  const s = acc.sums;
  const localRow = row - window.firstRow;
  const hasBelow = localRow + 1 < window.rows;
  const lastColumn = window.firstColumn + columns - 1;
  acc.maskPixels += x1 - x0;
  for (let x = x0; x < x1; x++) {
    const i = (localRow * columns + (x - window.firstColumn)) * 4;
    if (rgba[i + 3] === 0) continue;
    const r = rgba[i] as number;
    const g = rgba[i + 1] as number;
    const b = rgba[i + 2] as number;
    const sum = r + g + b;
    const brightness = sum / 3;
    s[SUM_VALID]! += 1;
    s[SUM_R]! += r;
    s[SUM_G]! += g;
    s[SUM_B]! += b;
    s[SUM_R2]! += r * r;
    s[SUM_G2]! += g * g;
    s[SUM_B2]! += b * b;
    s[SUM_L2]! += brightness * brightness;
    s[SUM_EXG]! += sum === 0 ? 0 : (2 * g - r - b) / sum;
    const variDenominator = g + r - b;
    s[SUM_VARI]! += variDenominator === 0 ? 0 : Math.max(-1, Math.min(1, (g - r) / variDenominator));
    let gradient = 0;
    if (x < lastColumn) {
      const j = i + 4;
      if (rgba[j + 3] !== 0)
        gradient += Math.abs(
          ((rgba[j] as number) + (rgba[j + 1] as number) + (rgba[j + 2] as number)) / 3 - brightness,
        );
    }
    if (hasBelow) {
      const j = i + columns * 4;
      if (rgba[j + 3] !== 0)
        gradient += Math.abs(
          ((rgba[j] as number) + (rgba[j + 1] as number) + (rgba[j + 2] as number)) / 3 - brightness,
        );
    }
    s[SUM_GRADIENT]! += gradient;
    if (gradient > EDGE_GRADIENT) s[SUM_EDGES]! += 1;
    s[SUM_CLASS0 + pixelClassOf(r, g, b)]! += 1;
  }
}
