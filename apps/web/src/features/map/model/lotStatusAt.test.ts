import { describe, expect, it } from 'vitest';
import type { StatusHistoryItem } from '@mirante/shared';
import { comparisonVerdict, statusAt } from './lotStatusAt';

const item = (date: string, status: StatusHistoryItem['status']): StatusHistoryItem => ({
  date,
  status,
  text: status,
  precision: 0.9,
  source: 'ai',
});

// Newest first, as the lot detail API returns it.
const history = [item('2026-04-15', 'C'), item('2026-01-15', 'E'), item('2025-10-15', 'V')];

describe('statusAt', () => {
  it('takes the latest entry dated on or before the day', () => {
    expect(statusAt(history, '2026-01-15')?.status).toBe('E');
    expect(statusAt(history, '2026-03-01')?.status).toBe('E');
    expect(statusAt(history, '2027-01-01')?.status).toBe('C');
  });

  it('ignores the time part and the list order', () => {
    expect(statusAt([...history].reverse(), '2026-04-15T10:00:00Z')?.status).toBe('C');
  });

  it('is null before the first entry and for an empty history', () => {
    expect(statusAt(history, '2025-10-14')).toBeNull();
    expect(statusAt([], '2026-01-01')).toBeNull();
  });
});

describe('comparisonVerdict', () => {
  it('is Igual when the status did not change, Modificado otherwise', () => {
    expect(comparisonVerdict(item('2026-01-15', 'E'), item('2026-02-15', 'E'))).toBe('Igual');
    expect(comparisonVerdict(item('2026-01-15', 'E'), item('2026-04-15', 'C'))).toBe('Modificado');
  });

  it('treats no detection as its own status', () => {
    expect(comparisonVerdict(null, null)).toBe('Igual');
    expect(comparisonVerdict(null, item('2026-04-15', 'V'))).toBe('Modificado');
  });
});
