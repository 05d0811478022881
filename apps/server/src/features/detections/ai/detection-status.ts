/** Detection types the classifier can output (spec 3), in the model's class order. */
export const DETECTION_CLASSES = ['V', 'B', 'E', 'C', 'I', 'O'] as const;

export type DetectionClass = (typeof DETECTION_CLASSES)[number];

/** X Nenhuma: the scene does not show enough of the lot to read it (outside the scene, no-data collar). */
export type DetectionStatus = DetectionClass | 'X';

export const DETECTION_NAMES: Record<DetectionStatus, string> = {
  V: 'Vazio',
  B: 'Movimentação de terra',
  E: 'Em construção',
  C: 'Construído',
  I: 'Invasão',
  O: 'Outros',
  X: 'Nenhuma',
};

export function isDetectionClass(value: string): value is DetectionClass {
  return (DETECTION_CLASSES as readonly string[]).includes(value);
}
