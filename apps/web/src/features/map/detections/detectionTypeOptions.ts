import { DETECTION_TYPES, type DetectionKey } from '@mirante/shared';

export interface DetectionTypeOption {
  value: DetectionKey;
  label: string;
  color: string;
}

/** Spec 5 "Detection type form": the filterable types plus 'Nenhuma' (X). */
export function detectionTypeOptions(): DetectionTypeOption[] {
  const none = DETECTION_TYPES.find((type) => type.key === 'X');
  return [...DETECTION_TYPES.filter((type) => type.showInDetectionsPageFilters), ...(none ? [none] : [])].map(
    (type) => ({ value: type.key, label: type.name, color: type.color }),
  );
}
