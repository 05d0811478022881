import type { LabelledLot } from './training-data';

/**
 * The fixed split of the demo allotment layouts (seeds) and their 18 monthly scenes:
 * - train: layouts 101, 202 and 303, two of every three scenes (date index % 3 ≠ 2);
 * - sameLotsLater: the other scenes of those layouts: the same lots a month before or after a training scene.
 *   It measures fit over time, not lots the model has never seen, and is reported as such;
 * - validation: every scene of layout 404, never trained on; `ai:tune` chooses the training parameters on it;
 * - test: every scene of layout 2025 (the shipped demo), used neither for training nor for tuning (`ai:train`
 *   and `ai:tune` do not even render it): the headline figure.
 */
export const TRAINING_SEEDS = [101, 202, 303] as const;
export const VALIDATION_SEED = 404;
export const TEST_SEED = 2025;

export type Split = 'train' | 'sameLotsLater' | 'validation' | 'test';

const isSameLotsLaterScene = (dateIndex: number): boolean => dateIndex % 3 === 2;

export function splitOf(sample: Pick<LabelledLot, 'seed' | 'dateIndex'>): Split {
  if (sample.seed === TEST_SEED) return 'test';
  if (sample.seed === VALIDATION_SEED) return 'validation';
  return isSameLotsLaterScene(sample.dateIndex) ? 'sameLotsLater' : 'train';
}

export function samplesOf(dataset: readonly LabelledLot[], split: Split): LabelledLot[] {
  return dataset.filter((sample) => splitOf(sample) === split);
}
