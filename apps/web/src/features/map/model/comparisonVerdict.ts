import type { Layer } from '@mirante/shared';

/** A lot's detection on a date (its status then), or null before its first one. */
export type LotStatusOnDate = Layer['detectAllotment'];

export type ComparisonVerdict = 'Igual' | 'Modificado';

/** The states and transitions: a lot is 'Igual' when its status is unchanged between the two dates, else 'Modificado'. */
export function comparisonVerdict(before: LotStatusOnDate, after: LotStatusOnDate): ComparisonVerdict {
  return (before?.detect_type ?? 'X') === (after?.detect_type ?? 'X') ? 'Igual' : 'Modificado';
}
