import { compareCells, type InformationRow } from '@mirante/shared';
import type { PortfolioColumn } from './portfolioColumns';

export type SortDirection = 'ascend' | 'descend';
export interface SortState {
  key: string;
  direction: SortDirection;
}

/** Sorted by the column's value (numbers, then dates, then text: compareCells); empty cells stay last. */
export function sortRows(
  rows: readonly InformationRow[],
  columns: readonly PortfolioColumn[],
  sort: SortState | null,
): readonly InformationRow[] {
  const column = sort && columns.find((item) => item.key === sort.key);
  if (!sort || !column) return rows;
  const sign = sort.direction === 'ascend' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, value: column.sortValue(row) }));
  keyed.sort((a, b) => {
    const emptyA = a.value === null || a.value === '';
    const emptyB = b.value === null || b.value === '';
    if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
    return sign * compareCells(a.value, b.value);
  });
  return keyed.map((item) => item.row);
}

/** Header clicks cycle ascending → descending → unsorted. */
export function nextSort(current: SortState | null, key: string): SortState | null {
  if (!current || current.key !== key) return { key, direction: 'ascend' };
  if (current.direction === 'ascend') return { key, direction: 'descend' };
  return null;
}
