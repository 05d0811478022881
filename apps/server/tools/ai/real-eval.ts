import { AI_REVIEW_BELOW } from '@mirante/shared';
import { createRng } from '@mirante/demo/prng';
import type { BuiltModel } from '../../src/features/detections/ai/built-model';
import type { LotFeatures } from '../../src/features/detections/ai/lot-features';
import type { BoostedModel } from '../../src/features/detections/ai/boosted-model';
import { classifyFeatures } from '../../src/features/detections/ai/classify-scene';
import { projectModel, type ProjectModel } from '../../src/features/detections/ai/project-adaptation';
import { fitBuiltModel, type BuiltSample } from './built-training';
import { REAL_SETS, type RealCell } from './real-sets';

/** Share of a project's lots an ADMIN corrects before the next run, and how many random draws are averaged. */
export const CORRECTED_SHARE = 0.3;
export const DRAWS = 10;
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

export interface RealSetResult {
  set: string;
  place: string;
  pixel: string;
  mayTrain: boolean;
  /** How the zero-shot model was obtained for this set. */
  zeroShotModel: string;
  zeroShot: BinaryScores;
  /** Projects (tiles/images) the adaptation is simulated on. */
  projects: number;
  /** Mean over projects × draws, on the 70 % not corrected: before (zero-shot) and after corrections. */
  restBefore: { balancedAccuracy: number; ece: number };
  restAfter: { balancedAccuracy: number; ece: number };
}

const toSample = (c: RealCell): BuiltSample => ({ source: c.set, built: c.built, features: c.features });

/** The full classifier (status model + built/empty model of the project), as the processor runs it. */
function readCell(status: BoostedModel, project: ProjectModel, cell: RealCell): CellReading {
  const result = classifyFeatures(status, cell.cellId, cell.features as LotFeatures, project);
  return { built: result.status === 'C' || result.status === 'E', confidence: result.confidence };
}

/**
 * Leave-one-set-out: a set that may train is scored by a model trained on the other allowed sets and the
 * synthetic draw (never on itself), with the shipped calibration; an evaluation-only set by the shipped model.
 * Then, per project (each image/tile), 30 % of its cells are "corrected" (random, 10 draws) and the
 * per-project model is scored on the other 70 %.
 */
export function evaluateRealSets(
  cells: readonly RealCell[],
  synthetic: readonly BuiltSample[],
  shipped: BuiltModel,
  status: BoostedModel,
): RealSetResult[] {
  const allowed = new Set(REAL_SETS.filter((s) => s.mayTrain).map((s) => s.name));
  const results: RealSetResult[] = [];
  for (const info of REAL_SETS) {
    const own = cells.filter((c) => c.set === info.name);
    if (own.length === 0) continue;
    const base: BuiltModel = allowed.has(info.name)
      ? {
          ...fitBuiltModel([
            ...cells.filter((c) => allowed.has(c.set) && c.set !== info.name).map(toSample),
            ...synthetic,
          ]),
          calibration: shipped.calibration,
        }
      : shipped;
    const zeroShotModel = allowed.has(info.name)
      ? `trained on ${[...allowed].filter((s) => s !== info.name).join(', ')} + synthetic (not on this set)`
      : 'the shipped model (this set is evaluation-only)';
    const plain = projectModel(base, []);
    const zeroShot = binaryScores(
      own.map((c) => c.built),
      own.map((c) => readCell(status, plain, c)),
    );
    const groups = [...new Set(own.map((c) => c.group))];
    const before = { balancedAccuracy: 0, ece: 0 };
    const after = { balancedAccuracy: 0, ece: 0 };
    let runs = 0;
    for (const group of groups) {
      const project = own.filter((c) => c.group === group);
      for (let draw = 1; draw <= DRAWS; draw++) {
        const random = createRng(draw).next;
        const shuffled = project
          .map((cell) => ({ cell, key: random() }))
          .sort((a, b) => a.key - b.key)
          .map(({ cell }) => cell);
        const corrected = shuffled.slice(0, Math.round(CORRECTED_SHARE * project.length));
        const rest = shuffled.slice(corrected.length);
        const adapted = projectModel(
          base,
          corrected.map((c) => ({ features: c.features as LotFeatures, built: c.built })),
        );
        const truth = rest.map((c) => c.built);
        const b = binaryScores(
          truth,
          rest.map((c) => readCell(status, plain, c)),
        );
        const a = binaryScores(
          truth,
          rest.map((c) => readCell(status, adapted, c)),
        );
        before.balancedAccuracy += b.balancedAccuracy;
        before.ece += b.ece;
        after.balancedAccuracy += a.balancedAccuracy;
        after.ece += a.ece;
        runs += 1;
      }
    }
    const mean = (x: { balancedAccuracy: number; ece: number }) => ({
      balancedAccuracy: x.balancedAccuracy / runs,
      ece: x.ece / runs,
    });
    results.push({
      set: info.name,
      place: info.place,
      pixel: info.pixel,
      mayTrain: info.mayTrain,
      zeroShotModel,
      zeroShot,
      projects: groups.length,
      restBefore: mean(before),
      restAfter: mean(after),
    });
  }
  return results;
}
