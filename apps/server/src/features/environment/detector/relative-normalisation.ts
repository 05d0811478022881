/** Splits `members` into `count` groups of (nearly) equal size by ascending `key`. */
function quantileGroups(members: number[], key: Float32Array, count: number): number[][] {
  const sorted = [...members].sort((a, b) => (key[a] as number) - (key[b] as number));
  const groups: number[][] = [];
  for (let k = 0; k < count; k++) {
    groups.push(
      sorted.slice(Math.floor((k * sorted.length) / count), Math.floor(((k + 1) * sorted.length) / count)),
    );
  }
  return groups;
}

/**
 * Strata of cells that looked alike: `members` split into up to `strata.brightness` quantile groups of
 * `brightness`, each split again into up to `strata.index` groups of `index`, none smaller than `minStratum`
 * cells unless one group is all there is.
 */
export function likeCellStrata(
  members: number[],
  brightness: Float32Array,
  index: Float32Array,
  strata: { brightness: number; index: number },
  minStratum: number,
): number[][] {
  const bins = (cells: number, most: number) => Math.max(1, Math.min(most, Math.floor(cells / minStratum)));
  return quantileGroups(members, brightness, bins(members.length, strata.brightness)).flatMap((group) =>
    quantileGroups(group, index, bins(group.length, strata.index)),
  );
}

/**
 * Fewest cells a stratum may hold (and at least this share of the area): its median must be the unchanged
 * ground's, not that of one changed patch whose before values happen to fill a small stratum.
 */
const MIN_STRATUM = 200;
const MIN_STRATUM_SHARE = 0.1;

/** The residual change of each cell and the same in robust standard deviations of its stratum. */
export interface Residual {
  change: Float32Array;
  /** `change` / (1.4826 · median |change|) of the cell's stratum: forest canopy is noisier than pasture. */
  z: Float32Array;
}

/** Floor of a stratum's σ: two identical scenes would otherwise make every rounding error infinite. */
const MIN_SIGMA = 0.002;

/**
 * The residual change of each cell: its after − before index difference minus the median difference of the
 * cells that looked alike in the before scene (strata of before brightness, then before index). Seasons change
 * land covers differently (pasture greens and dries much more than canopy; wet pasture can be as green as
 * forest but is brighter), so one global shift would mark the whole forest as changed. Each stratum's median
 * is immune to the few cells that really changed in it; so is its robust σ. NaN where either index is NaN.
 */
export function residualChange(
  before: Float32Array,
  after: Float32Array,
  beforeBrightness: Float32Array,
  strata: { brightness: number; index: number } = { brightness: 4, index: 6 },
): Residual {
  const valid: number[] = [];
  for (let i = 0; i < before.length; i++) {
    if (Number.isFinite(before[i] as number) && Number.isFinite(after[i] as number)) valid.push(i);
  }
  const out = new Float32Array(before.length).fill(Number.NaN);
  const z = new Float32Array(before.length).fill(Number.NaN);
  const minStratum = Math.max(MIN_STRATUM, valid.length * MIN_STRATUM_SHARE);
  for (const stratum of likeCellStrata(valid, beforeBrightness, before, strata, minStratum)) {
    const differences = stratum
      .map((i) => (after[i] as number) - (before[i] as number))
      .sort((a, b) => a - b);
    const median = differences[Math.floor(differences.length / 2)] ?? 0;
    const magnitudes: number[] = [];
    for (const i of stratum) {
      const change = (after[i] as number) - (before[i] as number) - median;
      out[i] = change;
      magnitudes.push(Math.abs(change));
    }
    magnitudes.sort((a, b) => a - b);
    const sigma = Math.max(MIN_SIGMA, 1.4826 * (magnitudes[Math.floor(magnitudes.length / 2)] ?? 0));
    for (const i of stratum) z[i] = (out[i] as number) / sigma;
  }
  return { change: out, z };
}
