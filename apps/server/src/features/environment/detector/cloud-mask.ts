import { boxMean } from './box-mean';
import type { ChangeGrid } from './change-grid';

/** Bright and grey: cloud or haze (vegetation and soil are darker or coloured). */
function cloudLike(red: number, green: number, blue: number): boolean {
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  return (red + green + blue) / 3 >= 175 && (max - min) / max <= 0.2;
}

/**
 * 1 for the cells covered by cloud in either scene, widened by `radius` cells (a cloud's soft edge and shadow
 * lie beside it): no change is read there.
 */
export function cloudMask(
  input: { grid: ChangeGrid; before: Uint8Array; after: Uint8Array },
  radius: number,
): Uint8Array {
  const { width, height } = input.grid;
  const flags = new Float32Array(width * height);
  for (let i = 0; i < flags.length; i++) {
    const o = i * 4;
    for (const rgba of [input.before, input.after]) {
      if (rgba[o + 3] !== 0 && cloudLike(rgba[o] as number, rgba[o + 1] as number, rgba[o + 2] as number)) {
        flags[i] = 1;
      }
    }
  }
  const spread = boxMean(flags, width, height, radius * 2);
  return spread.map((v) => (v > 0.02 ? 1 : 0)) as unknown as Uint8Array;
}
