import { boxMean } from './box-mean';
import { likeCellStrata } from './relative-normalisation';
import { excessGreenMinusRed } from './vegetation-index';

/** A thin cloud or haze blends the ground toward a bright neutral: the colour it tends to where it is opaque. */
const CLOUD_WHITE = [240, 240, 240] as const;
/** Least share of the cloud's colour in a pixel's change (the blend's opacity) that is read as haze. */
const MIN_OPACITY = 0.06;
/** Largest part of the change (its length) the blend toward the cloud's colour may leave unexplained. */
const MAX_MISFIT = 0.3;
const STRATA = { brightness: 4, index: 6 };
const MIN_STRATUM = 200;

export interface HazeInput {
  width: number;
  height: number;
  /** RGBA of the scene looked at and of the other scene of the pair, on the same grid. */
  seen: Uint8Array;
  other: Uint8Array;
  /** 1 where the pixel is read (inside the area, data in both scenes). */
  valid: Uint8Array;
  /** Smoothing radius, cells (the detector's). */
  radius: number;
}

function smoothedChannels(rgba: Uint8Array, input: HazeInput): Float32Array[] {
  const cells = input.width * input.height;
  return [0, 1, 2].map((channel) => {
    const values = new Float32Array(cells);
    for (let i = 0; i < cells; i++) {
      values[i] = input.valid[i] === 1 ? (rgba[i * 4 + channel] as number) : Number.NaN;
    }
    return boxMean(values, input.width, input.height, input.radius);
  });
}

/**
 * 1 where `seen` is hazier than `other`: thin clouds that the thick-cloud test (bright and grey) lets through.
 * A haze of opacity d turns ground colour g into (1 − d)·g + d·white; it lowers every vegetation index toward
 * 0 and so looks like a loss of vegetation in its scene (a gain when it is in the before scene). Each cell's
 * colour change (smoothed) has the season taken out first (the median change of the cells that looked alike
 * in `other`: strata of brightness, then ExG − ExR, as relative-normalisation.ts does with the index), then is
 * fitted as such a blend toward white from `other`'s colour: haze where the fitted opacity is at least 6 % and
 * the blend explains the change to within 30 % of its length. A clearing (forest to red soil), a drying pasture
 * (to yellow) or a planting (darker, greener) change colour along other directions and are not taken for haze;
 * a uniform brightening of one land cover is the season, removed with its stratum's median.
 */
export function hazeMask(input: HazeInput): Uint8Array {
  const cells = input.width * input.height;
  const seen = smoothedChannels(input.seen, input);
  const other = smoothedChannels(input.other, input);
  const [sr, sg, sb] = seen as [Float32Array, Float32Array, Float32Array];
  const [or, og, ob] = other as [Float32Array, Float32Array, Float32Array];
  const members: number[] = [];
  const brightness = new Float32Array(cells);
  const index = new Float32Array(cells);
  for (let i = 0; i < cells; i++) {
    if (!Number.isFinite(sr[i] as number) || !Number.isFinite(or[i] as number)) continue;
    members.push(i);
    brightness[i] = ((or[i] as number) + (og[i] as number) + (ob[i] as number)) / 3;
    index[i] = excessGreenMinusRed(or[i] as number, og[i] as number, ob[i] as number);
  }
  const out = new Uint8Array(cells);
  for (const stratum of likeCellStrata(members, brightness, index, STRATA, MIN_STRATUM)) {
    const season = [0, 1, 2].map((k) => {
      const a = seen[k] as Float32Array;
      const b = other[k] as Float32Array;
      const changes = Float32Array.from(stratum, (i) => (a[i] as number) - (b[i] as number)).sort();
      return changes[Math.floor(changes.length / 2)] ?? 0;
    });
    const [cr, cg, cb] = season as [number, number, number];
    for (const i of stratum) {
      const o0 = or[i] as number;
      const o1 = og[i] as number;
      const o2 = ob[i] as number;
      const c0 = (sr[i] as number) - o0 - cr;
      const c1 = (sg[i] as number) - o1 - cg;
      const c2 = (sb[i] as number) - o2 - cb;
      const w0 = CLOUD_WHITE[0] - o0;
      const w1 = CLOUD_WHITE[1] - o1;
      const w2 = CLOUD_WHITE[2] - o2;
      const norm2 = w0 * w0 + w1 * w1 + w2 * w2;
      if (norm2 <= 0) continue;
      const opacity = (c0 * w0 + c1 * w1 + c2 * w2) / norm2;
      if (opacity < MIN_OPACITY) continue;
      const misfit = Math.hypot(c0 - opacity * w0, c1 - opacity * w1, c2 - opacity * w2);
      if (misfit <= MAX_MISFIT * Math.hypot(c0, c1, c2)) out[i] = 1;
    }
  }
  return out;
}
