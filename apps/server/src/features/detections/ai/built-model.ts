import { readFileSync } from 'node:fs';
import { logisticScore, sigmoid, type LogisticModel } from './logistic';
import type { LotFeatures } from './lot-features';
import type { AdaptationSettings } from './project-adaptation';

/**
 * The built/empty model (built-model.json): is there a building on the lot (C/E) or not (V/B)? A logistic
 * regression over a few features that mean the same on drone, aerial and satellite imagery (texture measured on
 * 0.5 m cells, colour ratios), trained on real labelled imagery (SpaceNet Rio, Kampala drone) and the demo's
 * synthetic scenes by `npm run ai:train`, followed by a Platt calibration fitted on leave-one-set-out scores, so
 * that `calibrated` is an honest probability on imagery of a place the model never saw.
 */
export interface BuiltModel {
  format: 'mirante-built-1';
  features: string[];
  logistic: LogisticModel;
  /** p(built) = σ(a · score + b), fitted on out-of-set scores of the real sets. */
  calibration: { a: number; b: number };
  /** How the per-project model is fitted on an ADMIN's corrections (project-adaptation.ts). */
  adaptation?: AdaptationSettings;
  training: Record<string, unknown>;
}

export function builtVector(model: Pick<BuiltModel, 'features'>, features: LotFeatures): number[] {
  const values = features as Record<string, number | undefined>;
  return model.features.map((name) => values[name] ?? Number.NaN);
}

/** Uncalibrated score (log-odds of built) of one lot. */
export function builtScore(model: BuiltModel, features: LotFeatures): number {
  return logisticScore(model.logistic, builtVector(model, features));
}

export function calibrated(model: BuiltModel, score: number): number {
  return sigmoid(model.calibration.a * score + model.calibration.b);
}

export function parseBuiltModel(json: unknown): BuiltModel {
  const model = json as Partial<BuiltModel> | null;
  const logistic = model?.logistic;
  if (
    !model ||
    model.format !== 'mirante-built-1' ||
    !Array.isArray(model.features) ||
    !logistic ||
    logistic.weights.length !== model.features.length ||
    logistic.mean.length !== model.features.length ||
    typeof model.calibration?.a !== 'number' ||
    (model.adaptation !== undefined &&
      (typeof model.adaptation.l2 !== 'number' ||
        typeof model.adaptation.temperature !== 'number' ||
        typeof model.adaptation.extras !== 'boolean' ||
        (model.adaptation.selfTraining !== undefined && typeof model.adaptation.selfTraining !== 'boolean') ||
        (model.adaptation.anchorWeight !== undefined && typeof model.adaptation.anchorWeight !== 'number') ||
        (model.adaptation.textureWords !== undefined && typeof model.adaptation.textureWords !== 'boolean')))
  )
    throw new Error('built-model.json is not a mirante-built-1 model');
  return model as BuiltModel;
}

let committed: BuiltModel | null = null;

export function loadBuiltModel(): BuiltModel {
  committed ??= parseBuiltModel(
    JSON.parse(readFileSync(new URL('./built-model.json', import.meta.url), 'utf8')),
  );
  return committed;
}
