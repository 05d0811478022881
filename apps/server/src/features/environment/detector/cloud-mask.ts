import { boxMean } from './box-mean';
import type { ChangeGrid } from './change-grid';
import { hazeMask } from './haze-mask';
import { excessGreenMinusRed } from './vegetation-index';

type Rgb = readonly [number, number, number];

/** Bright and grey: a thick cloud (vegetation and soil are darker or coloured). */
function cloudLike([red, green, blue]: Rgb): boolean {
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  return (red + green + blue) / 3 >= 175 && (max - min) / max <= 0.2;
}

/**
 * A cloud's shadow: the same ground with its light cut to under 70 %. Its hue is kept, so its vegetation index
 * does not rise; the darkening of a planting that grew (soil to canopy) raises it, and is not taken for shadow.
 */
function shadowed(seen: Rgb, other: Rgb): boolean {
  const a = seen[0] + seen[1] + seen[2];
  const b = other[0] + other[1] + other[2];
  return a <= 0.7 * b && b - a >= 45 && excessGreenMinusRed(...seen) <= excessGreenMinusRed(...other) + 0.05;
}

const rgbAt = (rgba: Uint8Array, o: number): Rgb => [
  rgba[o] as number,
  rgba[o + 1] as number,
  rgba[o + 2] as number,
];

/**
 * 1 for the cells under a cloud in either scene, or under a shadow in a scene that has clouds, widened by twice
 * `radius` cells (a cloud's soft edge, blurred shadow edges): no change is read there. Shadows are looked for only
 * in a cloudy scene, so a burn scar on a clear day is still a change.
 */
export function cloudMask(
  input: { grid: ChangeGrid; before: Uint8Array; after: Uint8Array; area: Uint8Array },
  radius: number,
): Uint8Array {
  const { width, height } = input.grid;
  const cells = width * height;
  const clouds = [new Uint8Array(cells), new Uint8Array(cells)];
  const shadows = [new Uint8Array(cells), new Uint8Array(cells)];
  const scenes = [input.before, input.after] as const;
  const cloudy = [false, false];
  for (let i = 0; i < cells; i++) {
    const o = i * 4;
    for (const s of [0, 1] as const) {
      const seen = scenes[s];
      const other = scenes[1 - s] as Uint8Array;
      if (seen[o + 3] === 0) continue;
      const rgb = rgbAt(seen, o);
      if (cloudLike(rgb)) {
        (clouds[s] as Uint8Array)[i] = 1;
        cloudy[s] = true;
      } else if (other[o + 3] !== 0 && shadowed(rgb, rgbAt(other, o))) (shadows[s] as Uint8Array)[i] = 1;
    }
  }
  const valid = Uint8Array.from(input.area, (inside, i) =>
    inside === 1 && input.before[i * 4 + 3] !== 0 && input.after[i * 4 + 3] !== 0 ? 1 : 0,
  );
  const hazy = [
    hazeMask({ width, height, seen: input.before, other: input.after, valid, radius }),
    hazeMask({ width, height, seen: input.after, other: input.before, valid, radius }),
  ];
  const haze = new Float32Array(cells);
  for (let i = 0; i < cells; i++) if (hazy[0]?.[i] === 1 || hazy[1]?.[i] === 1) haze[i] = 1;
  const hazeAround = boxMean(haze, width, height, radius);
  const flags = new Float32Array(cells);
  for (let i = 0; i < cells; i++) {
    for (const s of [0, 1] as const) {
      if ((clouds[s] as Uint8Array)[i] === 1 || (cloudy[s] && (shadows[s] as Uint8Array)[i] === 1))
        flags[i] = 1;
    }
  }
  const spread = boxMean(flags, width, height, radius * 2);
  return Uint8Array.from(spread, (v, i) => (v > 0.02 || (hazeAround[i] as number) > 0.5 ? 1 : 0));
}
