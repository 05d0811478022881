import { describe, expect, it } from 'vitest';
import { buildRows, typeFilter } from './detections-report.build';
import type { LotHistoryRow } from './detections-report.repo';

const lot = (id: number, statuses: string): LotHistoryRow => ({
  id,
  customerCode: `C-${id}`,
  block: 'Q01',
  tagValue: String(id),
  stage: null,
  obs: null,
  statuses,
});
const lots = [lot(1, 'V'), lot(2, 'C'), lot(3, 'I'), lot(4, '')];

describe('detections report type filter', () => {
  it('reads the 5 filterable types (the page’s default) as every lot: invaded and undetected ones too', () => {
    expect(typeFilter(['V', 'B', 'E', 'C', 'O'])).toBeNull();
    expect(buildRows(lots, ['2026-01-01'], ['V', 'B', 'E', 'C', 'O']).map((row) => row.layer_id)).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('filters when the selection is narrowed', () => {
    expect(buildRows(lots, ['2026-01-01'], ['C']).map((row) => row.layer_id)).toEqual([2]);
    expect(buildRows(lots, ['2026-01-01'], ['I']).map((row) => row.layer_id)).toEqual([3]);
  });

  it('lists every lot without a type filter', () => {
    expect(buildRows(lots, ['2026-01-01']).map((row) => row.last_status)).toEqual(['V', 'C', 'I', 'X']);
  });
});
