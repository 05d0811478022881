import { describe, expect, it } from 'vitest';
import { comparisonVerdict, type LotStatusOnDate } from './comparisonVerdict';

const on = (date: string, detect_type: NonNullable<LotStatusOnDate>['detect_type']): LotStatusOnDate => ({
  detect_type,
  date,
  precision: 0.9,
});

describe('comparisonVerdict', () => {
  it('is Igual when the status did not change, Modificado otherwise', () => {
    expect(comparisonVerdict(on('2026-01-15', 'E'), on('2026-02-15', 'E'))).toBe('Igual');
    expect(comparisonVerdict(on('2026-01-15', 'E'), on('2026-04-15', 'C'))).toBe('Modificado');
  });

  it('treats no detection as its own status', () => {
    expect(comparisonVerdict(null, null)).toBe('Igual');
    expect(comparisonVerdict(null, on('2026-04-15', 'V'))).toBe('Modificado');
  });
});
