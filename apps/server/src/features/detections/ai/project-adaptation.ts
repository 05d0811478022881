import { builtScore, builtVector, calibrated, type BuiltModel } from './built-model';
import { fitLogistic, logisticScore, sigmoid, type LogisticModel } from './logistic';
import type { LotFeatures } from './lot-features';
import { TEXTURE_WORD_FEATURES } from './texture-words';

/** One lot an ADMIN corrected in this project: its features in the analysed scene and whether it is built. */
export interface Correction {
  features: LotFeatures;
  built: boolean;
}

/** Fewer corrections than this (or only one class among them) leave the shipped model as it is. */
export const MIN_CORRECTIONS = 6;
/**
 * Colour features the per-project model may add to the shipped model's: they mean different things from one
 * sensor to another (so the shipped model leaves them out) but are consistent within a project. `tExgLow` (how
 * green the lot's least green tenth is) was added on 2026-11-27, chosen on Rio and Kampala only
 * (bench/RESULTS.md); an extra that some correction lacks (features stored before it existed) is left out.
 */
export const PROJECT_EXTRA_FEATURES = ['tChromaStd', 'tGrey', 'chromaB', 'tExgLow'] as const;

/**
 * How the per-project model is fitted. `ai:train-built` chooses them on the real training sets only (nested
 * leave-one-set-out, tools/ai/adaptation-selection.ts) and writes them into built-model.json.
 */
export interface AdaptationSettings {
  /** Ridge penalty of the per-project logistic regression (per unit of sample weight). */
  l2: number;
  /**
   * The ridge penalty leaves a fit on a few dozen lots under-confident; its score is scaled by this before it
   * becomes a probability (the decision is unchanged).
   */
  temperature: number;
  /** Whether PROJECT_EXTRA_FEATURES join the shipped model's features. */
  extras: boolean;
  /**
   * Self-training: after the fit on the corrections, the project's lots nobody corrected that it reads with a
   * score beyond ±SELF_TRAINING_MARGIN join them with that reading as their label, and the model is fitted
   * again. A few dozen corrections leave the fit uncertain; the project's other lots show where its classes lie.
   */
  selfTraining?: boolean;
  /**
   * Anchoring on the shipped model: the project's lots nobody corrected that the shipped model reads beyond
   * ±ANCHOR_MARGIN log-odds (calibrated) join the first fit with that reading, each weighing this much of a
   * correction (0 or absent: off). An ADMIN who corrects the 'a revisar' lots first gives the fit only lots near
   * the boundary, from which alone it learns a wrong direction; the anchors keep the clear lots on their side.
   */
  anchorWeight?: number;
  /**
   * Whether the lot's texture words (texture-words.ts: patterns of the project's own imagery, learnt without
   * labels) join the features, like the colour extras; lots read before the project had its words lack them.
   */
  textureWords?: boolean;
}

/** Used when built-model.json carries no `adaptation` (models trained before it was chosen by ai:train-built). */
export const DEFAULT_ADAPTATION: AdaptationSettings = { l2: 0.3, temperature: 2, extras: true };

/** Log-odds beyond which a lot nobody corrected is taken as labelled by the first fit (self-training). */
export const SELF_TRAINING_MARGIN = 2;
/** At most this many uncorrected lots are used for self-training (an even sample of them), to bound the fit. */
export const SELF_TRAINING_MAX_LOTS = 4000;
/**
 * The probability written after corrections pools the per-project model's log-odds with the shipped model's
 * calibrated log-odds, this much of the shipped one (an equal-weight logarithmic opinion pool). The per-project
 * fit on a few dozen corrections decides better, but its probability is calibrated only where its corrections
 * were: fitted on the 'a revisar' lots first it misjudged the clear lots (Kampala pooled ECE 0.145); the shipped
 * calibration holds there (bench/RESULTS.md, 2026-11-27). Fixed at ½, not tuned; the decision is unchanged.
 */
export const SHIPPED_POOL_WEIGHT = 0.5;
/** Calibrated log-odds of the shipped model beyond which an uncorrected lot anchors the per-project fit. */
export const ANCHOR_MARGIN = 2;

/**
 * p(built) of a lot for one project. Without enough corrections it is the shipped model's calibrated
 * probability. With them, a per-project logistic regression is fitted on the corrected lots, over the shipped
 * model's score and the same features, each class weighing the same (a project's corrections are often mostly
 * of one class): it learns how this project's imagery differs (another sensor, light, roofs, soil) from the
 * corrected lots alone.
 */
export interface ProjectModel {
  adapted: boolean;
  corrections: number;
  read(features: LotFeatures): BuiltReading;
}

export interface BuiltReading {
  /** The decision: built (C/E) or not (V/B). */
  built: boolean;
  /** Calibrated probability that the lot is built, given this project's share of built lots. */
  pBuilt: number;
}

/** Probability that a reading is right: the status history's `precision`. */
export const confidenceOf = (reading: BuiltReading): number =>
  reading.built ? reading.pBuilt : 1 - reading.pBuilt;

function evenSample<T>(items: readonly T[], max: number): readonly T[] {
  if (items.length <= max) return items;
  const step = items.length / max;
  return Array.from({ length: max }, (_, i) => items[Math.floor(i * step)] as T);
}

/**
 * Class-balanced ridge logistic regression of built vs not on the given rows; `weights` (default 1 each) weigh
 * the rows within their class, and each class weighs the same in total.
 */
function fitBalanced(
  rows: readonly number[][],
  built: readonly boolean[],
  l2: number,
  weights: readonly number[] = built.map(() => 1),
): LogisticModel {
  let builtWeight = 0;
  let emptyWeight = 0;
  built.forEach((b, i) => {
    if (b) builtWeight += weights[i] as number;
    else emptyWeight += weights[i] as number;
  });
  return fitLogistic(
    rows.map((row) => row.map((v) => (Number.isFinite(v) ? v : 0))),
    built.map((b) => (b ? 1 : 0)),
    {
      l2,
      iterations: 30,
      sampleWeights: built.map((b, i) => (weights[i] as number) / (b ? builtWeight : emptyWeight)),
    },
  );
}

/**
 * `uncorrected`: features of the project's lots that nobody corrected, in the scenes the corrections were made
 * on (used only when `settings.selfTraining`; their readings never replace anyone's status).
 */
/** Whether corrections are enough to fit a per-project model: MIN_CORRECTIONS at least, of both classes. */
export function adaptsTo(corrections: readonly Correction[]): boolean {
  const built = corrections.filter((c) => c.built).length;
  return corrections.length >= MIN_CORRECTIONS && built > 0 && built < corrections.length;
}

export function projectModel(
  base: BuiltModel,
  corrections: readonly Correction[],
  settings: AdaptationSettings = base.adaptation ?? DEFAULT_ADAPTATION,
  uncorrected: readonly LotFeatures[] = [],
): ProjectModel {
  const built = corrections.filter((c) => c.built).length;
  if (!adaptsTo(corrections))
    return {
      adapted: false,
      corrections: corrections.length,
      read: (features) => {
        const pBuilt = calibrated(base, builtScore(base, features));
        return { built: pBuilt >= 0.5, pBuilt };
      },
    };
  const extraNames = [
    ...(settings.extras ? PROJECT_EXTRA_FEATURES : []),
    ...(settings.textureWords ? TEXTURE_WORD_FEATURES : []),
  ].filter((name) =>
    corrections.every((c) => Number.isFinite((c.features as Record<string, number | undefined>)[name])),
  );
  const row = (features: LotFeatures): number[] => {
    const values = features as Record<string, number | undefined>;
    return [
      builtScore(base, features),
      ...builtVector(base, features),
      ...extraNames.map((name) => values[name] ?? Number.NaN),
    ];
  };
  const rows = corrections.map((c) => row(c.features));
  const labels = corrections.map((c) => c.built);
  const pool = evenSample(uncorrected, SELF_TRAINING_MAX_LOTS);
  const anchorWeight = settings.anchorWeight ?? 0;
  const anchors =
    anchorWeight > 0
      ? pool.flatMap((features) => {
          const score = base.calibration.a * builtScore(base, features) + base.calibration.b;
          return Math.abs(score) > ANCHOR_MARGIN ? [{ row: row(features), built: score > 0 }] : [];
        })
      : [];
  let local = fitBalanced(
    [...rows, ...anchors.map((a) => a.row)],
    [...labels, ...anchors.map((a) => a.built)],
    settings.l2,
    [...labels.map(() => 1), ...anchors.map(() => anchorWeight)],
  );
  if (settings.selfTraining) {
    const confident = pool.flatMap((features) => {
      const r = row(features);
      const score = logisticScore(local, r);
      return Math.abs(score) > SELF_TRAINING_MARGIN ? [{ row: r, built: score > 0 }] : [];
    });
    if (confident.length > 0)
      local = fitBalanced(
        [...rows, ...confident.map((c) => c.row)],
        [...labels, ...confident.map((c) => c.built)],
        settings.l2,
      );
  }
  // The fit weighs both classes the same, so its score is a likelihood ratio: the decision. The project's share
  // of built lots (estimated over all its lots, projectPriorLogOdds) turns it into the probability written as
  // the confidence.
  const priorLogOdds = projectPriorLogOdds(
    built,
    corrections.length,
    pool.map((features) => settings.temperature * logisticScore(local, row(features))),
  );
  return {
    adapted: true,
    corrections: corrections.length,
    read: (features) => {
      const values = row(features);
      const score = logisticScore(local, values);
      const shippedLogOdds = base.calibration.a * (values[0] as number) + base.calibration.b;
      const pBuilt = sigmoid(
        SHIPPED_POOL_WEIGHT * shippedLogOdds +
          (1 - SHIPPED_POOL_WEIGHT) * (settings.temperature * score + priorLogOdds),
      );
      // The decision is the class-balanced fit's; a probability on the other side of ½ would write a confidence
      // under ½ for it: it is a coin flip at most.
      const built = score >= 0;
      return { built, pBuilt: built ? Math.max(0.5, pBuilt) : Math.min(0.5, pBuilt) };
    },
  };
}

/** EM iterations of the project's built share (it converges in a few; the loop stops earlier when it has). */
const PRIOR_EM_ITERATIONS = 50;
/** The estimated built share is kept within [PRIOR_FLOOR, 1 − PRIOR_FLOOR]. */
const PRIOR_FLOOR = 1e-3;

/**
 * Log-odds of the project's share of built lots, over all its lots: the corrections count with their labels and
 * the uncorrected lots with their posterior under that share (EM for a prior shift, Saerens, Latinne & Decaestecker
 * 2002), starting from the corrections' share. The corrections alone are a biased sample when an ADMIN corrects
 * the 'a revisar' lots first (those near the boundary, half built whatever the project's share): their share
 * shifted every probability of the project (Austin's pooled ECE 0.184, bench/RESULTS.md). With no uncorrected lots
 * it is the corrections' share. `uncorrectedLogLikelihoodRatios`: the class-balanced fit's tempered score of each
 * uncorrected lot (an even sample of them is enough).
 */
export function projectPriorLogOdds(
  built: number,
  corrections: number,
  uncorrectedLogLikelihoodRatios: readonly number[],
): number {
  const clamp = (share: number) => Math.min(1 - PRIOR_FLOOR, Math.max(PRIOR_FLOOR, share));
  const total = corrections + uncorrectedLogLikelihoodRatios.length;
  let share = clamp(built / corrections);
  for (let i = 0; i < PRIOR_EM_ITERATIONS && uncorrectedLogLikelihoodRatios.length > 0; i++) {
    const logOdds = Math.log(share / (1 - share));
    const expected = uncorrectedLogLikelihoodRatios.reduce((sum, l) => sum + sigmoid(l + logOdds), 0);
    const next = clamp((built + expected) / total);
    const done = Math.abs(next - share) < 1e-6;
    share = next;
    if (done) break;
  }
  return Math.log(share / (1 - share));
}
