import type { DetectionKey } from '@mirante/shared';

/** Detection types the classifier can output, in the model's class order; names in @mirante/shared. */
export const DETECTION_CLASSES = ['V', 'B', 'E', 'C', 'I', 'O'] as const satisfies readonly DetectionKey[];

export type DetectionClass = (typeof DETECTION_CLASSES)[number];

/** X Nenhuma: the scene does not show enough of the lot to read it (outside the scene, no-data collar). */
export type DetectionStatus = DetectionClass | 'X';

export function isDetectionClass(value: string): value is DetectionClass {
  return (DETECTION_CLASSES as readonly string[]).includes(value);
}
