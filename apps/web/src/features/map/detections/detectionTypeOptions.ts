import { DETECTION_TYPES, type DetectionKey } from '@mirante/shared';

export interface DetectionTypeOption {
  value: DetectionKey;
  label: string;
  color: string;
}

/**
 * The validation rules "Detection type form": the filterable types, then 'Invasão' (I: an ADMIN marks an invaded lot by hand
 * too, not only the AI) and 'Nenhuma' (X).
 */
export function detectionTypeOptions(): DetectionTypeOption[] {
  const extra = (['I', 'X'] as const).flatMap((key) => DETECTION_TYPES.filter((type) => type.key === key));
  return [...DETECTION_TYPES.filter((type) => type.showInDetectionsPageFilters), ...extra].map((type) => ({
    value: type.key,
    label: type.name,
    color: type.color,
  }));
}
