import { DETECTION_TYPES, detectionTypeOf, type DetectionType } from './layers';

/** Detection types in the order of the report's status tables: configuration order, O listed last. */
export function reportTypeOrder(): DetectionType[] {
  const others = DETECTION_TYPES.filter((type) => type.key !== 'O');
  const outros = DETECTION_TYPES.filter((type) => type.key === 'O');
  return [...others, ...outros];
}

/** The filterable types (showInDetectionsPageFilters): the report's default selection, exactly 5. */
export function filterableDetectionKeys(): string[] {
  return DETECTION_TYPES.filter((type) => type.showInDetectionsPageFilters).map((type) => type.key);
}

/** The name shown for a status key; unknown or missing keys read as X ('Nenhuma'). */
export function detectionName(key: string | null | undefined): string {
  return (detectionTypeOf(key) ?? detectionTypeOf('X'))?.name ?? '';
}

const collator = new Intl.Collator('pt-BR', { numeric: true, sensitivity: 'base' });

/** Natural order for blocks and lots ('2' before '10'; the business limits: lots sorted numerically in filters). */
export function compareNatural(a: string | null | undefined, b: string | null | undefined): number {
  return collator.compare(a ?? '', b ?? '');
}

/** Keys of the per-date cells of a report row (date_{n}, status_name_date_{n}). */
export const dateCellKey = (index: number) => `date_${index}`;
export const dateNameKey = (index: number) => `status_name_date_${index}`;
