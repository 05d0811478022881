import { DETECTION_CLASSES } from '../../src/features/detections/ai/detection-status';
import { featureVector, FEATURE_NAMES } from '../../src/features/detections/ai/lot-features';
import type { TrainingSet } from './gradient-boosting';
import type { LabelledLot } from './training-data';

export function toTrainingSet(samples: readonly LabelledLot[]): TrainingSet {
  const classes: string[] = [...DETECTION_CLASSES];
  return {
    x: samples.map((s) => featureVector(s.features)),
    y: samples.map((s) => classes.indexOf(s.status)),
    classes,
    features: [...FEATURE_NAMES],
  };
}

/**
 * Square root of inverse class frequency: V is ~75 % of lot-scenes and I ~1 %, so unweighted training would
 * neglect the rare classes; full inverse weighting over-corrects and costs V/C precision.
 */
export function classWeights(set: TrainingSet): number[] {
  const counts = set.classes.map((_, c) => set.y.filter((y) => y === c).length);
  const n = set.y.length;
  return counts.map((count) => (count ? Math.sqrt(n / (set.classes.length * count)) : 1));
}

/** Plain inverse class frequency (balanced): the alternative ai:tune compares against. */
export function inverseClassWeights(set: TrainingSet): number[] {
  return classWeights(set).map((w) => w * w);
}
