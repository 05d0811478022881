import { createRng } from '@mirante/demo/prng';
import { builtScore, builtVector, type BuiltModel } from '../../src/features/detections/ai/built-model';
import { fitLogistic, logisticScore, sigmoid } from '../../src/features/detections/ai/logistic';
import type { LotFeatures } from '../../src/features/detections/ai/lot-features';
import type { LabelledLot } from './training-data';

/**
 * Features of the shipped built/empty model: their meaning holds across sensors and resolutions (chosen by
 * leave-one-set-out on the real sets; bench/RESULTS.md). Colour ratios that shift from one sensor to another
 * (grey share, blueness) are left to the per-project model.
 */
export const BUILT_FEATURES = ['tOrientation', 'tExg', 'tDark', 'tEdges', 'tSaturationStd'] as const;
export const BUILT_L2 = 0.1;
/** Synthetic lots drawn per training run (the demo's C/E vs V/B), next to the real cells. */
export const SYNTHETIC_SAMPLES = 100;

/** A labelled sample of the built/empty problem; `source` is a real set's name or 'synthetic'. */
export interface BuiltSample {
  source: string;
  built: boolean;
  features: LotFeatures;
}

/** The demo's lots as built (C, E) or empty (V, B) samples (I and O left out), a fixed random draw of `count`. */
export function syntheticSamples(lots: readonly LabelledLot[], count: number, seed = 11): BuiltSample[] {
  const usable = lots.filter((l) => ['C', 'E', 'V', 'B'].includes(l.status));
  const random = createRng(seed).next;
  const drawn = usable
    .map((lot) => ({ lot, key: random() }))
    .sort((a, b) => a.key - b.key)
    .slice(0, count)
    .map(({ lot }) => lot);
  return drawn.map((lot) => ({
    source: 'synthetic',
    built: lot.status === 'C' || lot.status === 'E',
    features: lot.features,
  }));
}

const IDENTITY = { a: 1, b: 0 };

/** Each source (real set, synthetic) weighs the same in total; within it, each class as often as it occurs. */
function sampleWeights(samples: readonly BuiltSample[]): number[] {
  const counts = new Map<string, number>();
  for (const s of samples) counts.set(s.source, (counts.get(s.source) ?? 0) + 1);
  return samples.map((s) => 1 / (counts.get(s.source) as number));
}

/** Fits the logistic regression (uncalibrated: identity calibration). */
export function fitBuiltModel(
  samples: readonly BuiltSample[],
  training: Record<string, unknown> = {},
): BuiltModel {
  const features = [...BUILT_FEATURES];
  const shape = { features };
  const logistic = fitLogistic(
    samples.map((s) => builtVector(shape, s.features).map((v) => (Number.isFinite(v) ? v : 0))),
    samples.map((s) => (s.built ? 1 : 0)),
    { l2: BUILT_L2, iterations: 30, sampleWeights: sampleWeights(samples) },
  );
  return { format: 'mirante-built-1', features, logistic, calibration: IDENTITY, training };
}

/** Platt scaling: p = σ(a·score + b) fitted by logistic regression on (score, label), each set weighing the same. */
export function fitPlatt(scored: readonly { score: number; built: boolean; source: string }[]): {
  a: number;
  b: number;
} {
  const counts = new Map<string, number>();
  for (const s of scored) counts.set(s.source, (counts.get(s.source) ?? 0) + 1);
  const fit = fitLogistic(
    scored.map((s) => [s.score]),
    scored.map((s) => (s.built ? 1 : 0)),
    { l2: 1e-4, iterations: 30, sampleWeights: scored.map((s) => 1 / (counts.get(s.source) as number)) },
  );
  // Undo the standardisation: a·((x − m)/s) + b.
  const a = (fit.weights[0] as number) / (fit.scale[0] as number);
  return { a, b: fit.bias - a * (fit.mean[0] as number) };
}

/** Scores of each real set from a model trained without it (plus everything else given). */
export function outOfSetScores(
  real: readonly BuiltSample[],
  others: readonly BuiltSample[],
): { score: number; built: boolean; source: string }[] {
  const sets = [...new Set(real.map((s) => s.source))];
  return sets.flatMap((set) => {
    const model = fitBuiltModel([...real.filter((s) => s.source !== set), ...others]);
    return real
      .filter((s) => s.source === set)
      .map((s) => ({ score: builtScore(model, s.features), built: s.built, source: set }));
  });
}

export const probabilityOf = (model: BuiltModel, features: LotFeatures): number =>
  sigmoid(
    model.calibration.a * logisticScore(model.logistic, builtVector(model, features)) + model.calibration.b,
  );
