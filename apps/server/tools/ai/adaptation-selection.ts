import { createRng } from '@mirante/demo/prng';
import type { BuiltModel } from '../../src/features/detections/ai/built-model';
import type { LotFeatures } from '../../src/features/detections/ai/lot-features';
import {
  confidenceOf,
  projectModel,
  type AdaptationSettings,
  type ProjectModel,
} from '../../src/features/detections/ai/project-adaptation';
import { fitBuiltModel, fitPlatt, outOfSetScores, type BuiltSample } from './built-training';
import { binaryScores, type CellReading } from './binary-scores';
import type { RealCell } from './real-sets';

/** Share of a project's lots an ADMIN corrects before the next run, and how many random draws are averaged. */
export const CORRECTED_SHARE = 0.3;
export const DRAWS = 10;

/**
 * Weight of the shipped model's clear readings that anchor every candidate's per-project fit (project-adaptation.ts).
 * Not among the candidates (it would double the search): 0.5 was chosen on Rio and Kampala alone (exploration of
 * 2026-11-27, 0.2/0.5 × margin 2/3): with the 30 % corrected at random it changes nothing beyond the draws'
 * spread; with the 'a revisar' lots corrected first it keeps the fit from turning worse than the shipped model.
 */
export const ANCHOR_WEIGHT = 0.5;

/**
 * The candidates `selectAdaptation` chooses from: ridge × temperature × colour extras × self-training × texture
 * words.
 */
export const ADAPTATION_CANDIDATES: readonly AdaptationSettings[] = [0.1, 0.3, 1].flatMap((l2) =>
  [1, 1.5, 2, 3].flatMap((temperature) =>
    [true, false].flatMap((extras) =>
      [false, true].flatMap((selfTraining) =>
        [false, true].map((textureWords) => ({
          l2,
          temperature,
          extras,
          selfTraining,
          anchorWeight: ANCHOR_WEIGHT,
          textureWords,
        })),
      ),
    ),
  ),
);

export const toSample = (c: RealCell): BuiltSample => ({
  source: c.set,
  built: c.built,
  features: c.features,
});

/**
 * The built/empty model trained on `real` (grid-0 cells of some real sets) and the synthetic draw, calibrated by
 * Platt scaling on each of those sets scored by a model trained without it (identity with no real set).
 */
export function leaveOutModel(real: readonly BuiltSample[], synthetic: readonly BuiltSample[]): BuiltModel {
  const model = fitBuiltModel([...real, ...synthetic]);
  return real.length ? { ...model, calibration: fitPlatt(outOfSetScores(real, synthetic)) } : model;
}

export interface CorrectionFigures {
  /** Projects simulated (image × grid) and runs (projects × draws). */
  projects: number;
  runs: number;
  /** Runs where the per-project model was fitted (MIN_CORRECTIONS corrections of both classes). */
  adaptedRuns: number;
  /** Mean over runs, on the 70 % not corrected: zero-shot and after corrections. */
  before: { balancedAccuracy: number; ece: number };
  after: { balancedAccuracy: number; ece: number };
  /** ECE of every run's scored cells taken together (the per-run ECE of ~45 cells is mostly sampling noise). */
  pooledEce: { before: number; after: number };
  /**
   * How much the after-corrections figure depends on which lots the ADMIN happened to correct: the balanced
   * accuracy of each draw (mean over the projects), its standard deviation over the draws, lowest and highest.
   */
  afterSpread: { sd: number; min: number; max: number };
}

export type CellReader = (project: ProjectModel, cell: RealCell) => CellReading;

/**
 * Which 30 % the ADMIN corrects: 'random' (DRAWS uniform random draws per project), or 'review-first' (the lots
 * the shipped model is least sure of, as the 'a revisar' filter presents them; one deterministic draw).
 */
export type CorrectionPick = 'random' | 'review-first';

/** The built/empty reading alone (what the selection needs; ai:eval reads through the whole classifier). */
export const builtReader: CellReader = (project, cell) => {
  const reading = project.read(cell.features as LotFeatures);
  return { built: reading.built, confidence: confidenceOf(reading) };
};

/**
 * Per project (image × grid), 30 % of its cells are "corrected" at random (DRAWS draws), the per-project model
 * is fitted on them with `settings` (the other 70 %'s features, without their labels, are the uncorrected lots
 * self-training may use, as the processor's re-run of the same scene has them), and the other 70 % are scored
 * before and after.
 */
export function simulateCorrections(
  base: BuiltModel,
  cells: readonly RealCell[],
  settings: AdaptationSettings,
  read: CellReader = builtReader,
  pick: CorrectionPick = 'random',
): CorrectionFigures {
  const plain = projectModel(base, [], settings);
  const draws = pick === 'random' ? DRAWS : 1;
  const keys = [...new Set(cells.map((c) => `${c.group}#${c.grid}`))];
  const sum = { before: { balancedAccuracy: 0, ece: 0 }, after: { balancedAccuracy: 0, ece: 0 } };
  const pooled = { truth: [] as boolean[], before: [] as CellReading[], after: [] as CellReading[] };
  let runs = 0;
  let adaptedRuns = 0;
  const perDraw = new Array<number>(draws).fill(0);
  for (const key of keys) {
    const project = cells.filter((c) => `${c.group}#${c.grid}` === key);
    for (let draw = 1; draw <= draws; draw++) {
      const random = createRng(draw).next;
      const shuffled = project
        .map((cell) => ({ cell, key: pick === 'random' ? random() : read(plain, cell).confidence }))
        .sort((a, b) => a.key - b.key)
        .map(({ cell }) => cell);
      const corrected = shuffled.slice(0, Math.round(CORRECTED_SHARE * project.length));
      const rest = shuffled.slice(corrected.length);
      const adapted = projectModel(
        base,
        corrected.map((c) => ({ features: c.features as LotFeatures, built: c.built })),
        settings,
        rest.map((c) => c.features as LotFeatures),
      );
      const truth = rest.map((c) => c.built);
      const before = rest.map((c) => read(plain, c));
      const after = rest.map((c) => read(adapted, c));
      for (const [name, readings] of [
        ['before', before],
        ['after', after],
      ] as const) {
        const scores = binaryScores(truth, readings);
        sum[name].balancedAccuracy += scores.balancedAccuracy;
        sum[name].ece += scores.ece;
        pooled[name].push(...readings);
        if (name === 'after') perDraw[draw - 1]! += scores.balancedAccuracy / keys.length;
      }
      pooled.truth.push(...truth);
      runs += 1;
      if (adapted.adapted) adaptedRuns += 1;
    }
  }
  const mean = (x: { balancedAccuracy: number; ece: number }) => ({
    balancedAccuracy: runs ? x.balancedAccuracy / runs : 0,
    ece: runs ? x.ece / runs : 0,
  });
  const drawMean = perDraw.reduce((a, b) => a + b, 0) / draws;
  return {
    projects: keys.length,
    runs,
    adaptedRuns,
    before: mean(sum.before),
    after: mean(sum.after),
    pooledEce: {
      before: binaryScores(pooled.truth, pooled.before).ece,
      after: binaryScores(pooled.truth, pooled.after).ece,
    },
    afterSpread: {
      sd: Math.sqrt(perDraw.reduce((a, b) => a + (b - drawMean) ** 2, 0) / Math.max(1, draws - 1)),
      min: keys.length ? Math.min(...perDraw) : 0,
      max: keys.length ? Math.max(...perDraw) : 0,
    },
  };
}

export interface AdaptationChoice {
  settings: AdaptationSettings;
  /** The sets the choice was made on, and the winner's mean after-corrections figures there. */
  chosenOn: string[];
  balancedAccuracy: number;
  pooledEce: number;
}

/**
 * Chooses the adaptation settings on `cells` (real sets allowed to train) only: each set is scored by a base model
 * trained without it (leave-one-set-out inside the given sets) with the shipped Platt `calibration` (fitted on the
 * allowed sets' out-of-set scores: the calibration ai:eval gives those sets' base models; the per-project
 * probability pools with it and the anchors read it), every candidate is simulated, and the one with the highest
 * mean (after-corrections balanced accuracy − pooled ECE) wins (ties: the earlier candidate).
 */
export function selectAdaptation(
  cells: readonly RealCell[],
  synthetic: readonly BuiltSample[],
  calibration: BuiltModel['calibration'],
): AdaptationChoice {
  const sets = [...new Set(cells.map((c) => c.set))];
  const bases = new Map(
    sets.map((set) => [
      set,
      {
        ...fitBuiltModel([...cells.filter((c) => c.set !== set && c.grid === 0).map(toSample), ...synthetic]),
        calibration,
      },
    ]),
  );
  let best: AdaptationChoice | null = null;
  let bestScore = -Infinity;
  for (const settings of ADAPTATION_CANDIDATES) {
    const figures = sets.map((set) =>
      simulateCorrections(
        bases.get(set) as BuiltModel,
        cells.filter((c) => c.set === set),
        settings,
      ),
    );
    const balancedAccuracy = figures.reduce((s, f) => s + f.after.balancedAccuracy, 0) / figures.length;
    const pooledEce = figures.reduce((s, f) => s + f.pooledEce.after, 0) / figures.length;
    if (balancedAccuracy - pooledEce > bestScore + 1e-9) {
      bestScore = balancedAccuracy - pooledEce;
      best = { settings, chosenOn: sets, balancedAccuracy, pooledEce };
    }
  }
  if (!best) throw new Error('selectAdaptation: no real cells to choose on');
  return best;
}
