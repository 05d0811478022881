/** What a patch's confidence is read from: its cells' change and its size, in the detector's own units. */
export interface PatchEvidence {
  /**
   * The change of every cell inside the mapped polygon, in robust σ of its stratum, signed toward the patch's
   * category; 0 where the cell gives no reading for it (clouds, haze, outside the vegetation gate, a closed gap).
   */
  z: number[];
  /** The polygon's area and the minimum mapping unit, in cells. */
  areaCells: number;
  minCells: number;
  /** The strong and weak (hysteresis) thresholds, σ. */
  strong: number;
  weak: number;
}

/** 1 − 2^(−x): ½ at x = 1, and each further unit of x halves what is left of the doubt; 0 for x ≤ 0. */
const halving = (x: number) => (x > 0 ? 1 - 2 ** -x : 0);

/**
 * A proposal's confidence, 0–1: a score of how clearly the detector saw the change, not a calibrated probability
 * (no set of reviewed proposals to fit one on yet). The product of three shares, so that a plain change still
 * reads below 100 % and tells strong, well-supported, large changes from ones that barely passed:
 * - margin: the patch's median change in σ over the strong threshold, through `halving` (50 % when the median
 *   sits on the threshold, 75 % at twice it, 94 % at four times);
 * - support: the share of the polygon's cells whose own change passes the weak threshold (cells the outline takes
 *   in without reading them, e.g. under clouds or haze or across a closed gap, lower it);
 * - extent: the area over the minimum mapping unit through `halving` (50 % for a patch of the unit's size, which
 *   noise could have reached, 94 % at four units).
 * The old score (mean σ over twice the strong threshold, capped) read 100 % for every clear change.
 */
export function patchConfidence(evidence: PatchEvidence): number {
  const { z, areaCells, minCells, strong, weak } = evidence;
  if (z.length === 0 || strong <= 0) return 0;
  const sorted = [...z].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] as number;
  const margin = halving(median / strong);
  const support = z.filter((value) => value >= weak).length / z.length;
  const extent = minCells > 0 ? halving(areaCells / minCells) : 1;
  return Math.round(Math.min(1, Math.max(0, margin * support * extent)) * 100) / 100;
}
