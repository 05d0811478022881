import { describe, expect, it } from 'vitest';
import { lotStatusesByDate } from './status-at-dates';

describe('lotStatusesByDate', () => {
  const rows = [
    { layerId: 1, date: '2025-01-10', status: 'V' },
    { layerId: 1, date: '2025-06-10', status: 'E' },
    { layerId: 1, date: '2025-06-10', status: 'C' },
    { layerId: 2, date: '2025-07-01', status: 'B' },
  ];

  it('gives each lot its latest status on or before each date, the later row of one date winning', () => {
    const result = lotStatusesByDate(rows, ['2025-03-01', '2025-06-10', '2025-12-31']);
    expect([...(result.get(1) ?? [])]).toEqual([
      ['2025-03-01', 'V'],
      ['2025-06-10', 'C'],
      ['2025-12-31', 'C'],
    ]);
  });

  it('leaves a date out for a lot with no status yet then', () => {
    const result = lotStatusesByDate(rows, ['2025-03-01', '2025-08-01']);
    expect([...(result.get(2) ?? [])]).toEqual([['2025-08-01', 'B']]);
    expect(result.has(3)).toBe(false);
  });
});
