import type { StatusHistoryItem } from '@mirante/shared';

/** The lot's status on a date: the latest history entry dated on or before it (none before → null). */
export function statusAt(items: readonly StatusHistoryItem[], isoDate: string): StatusHistoryItem | null {
  const day = isoDate.slice(0, 10);
  let found: StatusHistoryItem | null = null;
  for (const item of items) {
    if (item.date.slice(0, 10) > day) continue;
    if (!found || item.date > found.date) found = item;
  }
  return found;
}

export type ComparisonVerdict = 'Igual' | 'Modificado';

/** Spec 4: a lot is 'Igual' when its status is unchanged between the two dates, else 'Modificado'. */
export function comparisonVerdict(
  before: StatusHistoryItem | null,
  after: StatusHistoryItem | null,
): ComparisonVerdict {
  return (before?.status ?? 'X') === (after?.status ?? 'X') ? 'Igual' : 'Modificado';
}
