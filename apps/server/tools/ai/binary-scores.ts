import { AI_REVIEW_BELOW } from '@mirante/shared';

const ECE_BINS = 10;

export interface BinaryScores {
  support: { built: number; empty: number };
  /** truth → read: builtBuilt = built read built, etc. */
  confusion: { builtBuilt: number; builtEmpty: number; emptyBuilt: number; emptyEmpty: number };
  balancedAccuracy: number;
  /** Expected calibration error of the confidence (probability the reading is right) against rightness, 10 bins. */
  ece: number;
  /** Cells under the review threshold ('A revisar') and the accuracy of the others and of those. */
  reviewShare: number;
  accuracyAbove: number | null;
  accuracyBelow: number | null;
}

/** What the pipeline wrote for one cell: read as built (C or E) or not, and its confidence (`precision`). */
export interface CellReading {
  built: boolean;
  confidence: number;
}

export function binaryScores(truth: readonly boolean[], readings: readonly CellReading[]): BinaryScores {
  const c = { builtBuilt: 0, builtEmpty: 0, emptyBuilt: 0, emptyEmpty: 0 };
  const bins = Array.from({ length: ECE_BINS }, () => ({ n: 0, confidence: 0, right: 0 }));
  let below = 0;
  let belowRight = 0;
  let aboveRight = 0;
  truth.forEach((built, i) => {
    const reading = readings[i] as CellReading;
    const readBuilt = reading.built;
    if (built) c[readBuilt ? 'builtBuilt' : 'builtEmpty'] += 1;
    else c[readBuilt ? 'emptyBuilt' : 'emptyEmpty'] += 1;
    const confidence = reading.confidence;
    const right = readBuilt === built ? 1 : 0;
    const bin = bins[Math.min(ECE_BINS - 1, Math.floor(confidence * ECE_BINS))] as (typeof bins)[number];
    bin.n += 1;
    bin.confidence += confidence;
    bin.right += right;
    if (confidence < AI_REVIEW_BELOW) {
      below += 1;
      belowRight += right;
    } else aboveRight += right;
  });
  const n = truth.length;
  const builtN = c.builtBuilt + c.builtEmpty;
  const emptyN = c.emptyBuilt + c.emptyEmpty;
  return {
    support: { built: builtN, empty: emptyN },
    confusion: c,
    balancedAccuracy: ((builtN ? c.builtBuilt / builtN : 1) + (emptyN ? c.emptyEmpty / emptyN : 1)) / 2,
    ece: n ? bins.reduce((sum, b) => sum + Math.abs(b.confidence - b.right), 0) / n : 0,
    reviewShare: n ? below / n : 0,
    accuracyAbove: n - below ? aboveRight / (n - below) : null,
    accuracyBelow: below ? belowRight / below : null,
  };
}

/** 95 % Wilson score interval of k successes in n. */
export function wilsonInterval(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const centre = (k + (z * z) / 2) / (n + z * z);
  const half = (z * Math.sqrt((k * (n - k)) / n + (z * z) / 4)) / (n + z * z);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * A 95 % interval of the balanced accuracy: the mean of the two recalls' Wilson intervals (conservative: both
 * ends at once). Unlike a bootstrap it does not collapse to a point when every cell of a small set is right
 * (Zanzibar's 14). Cells must be independent (grid 0 only).
 */
export function balancedAccuracyInterval(scores: BinaryScores): [number, number] {
  const c = scores.confusion;
  const built = wilsonInterval(c.builtBuilt, c.builtBuilt + c.builtEmpty);
  const empty = wilsonInterval(c.emptyEmpty, c.emptyEmpty + c.emptyBuilt);
  return [(built[0] + empty[0]) / 2, (built[1] + empty[1]) / 2];
}
