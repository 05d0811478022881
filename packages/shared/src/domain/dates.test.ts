import { describe, expect, it } from 'vitest';
import { displayDate, displayLocalDate } from './dates';

describe('displayDate', () => {
  it('turns YYYY-MM-DD into DD/MM/YYYY', () => {
    expect(displayDate('2025-07-01')).toBe('01/07/2025');
    expect(displayDate('1999-12-31')).toBe('31/12/1999');
  });

  it('reads the date part of an ISO timestamp, without shifting it to another time zone', () => {
    expect(displayDate('2025-07-01T23:30:00.000Z')).toBe('01/07/2025');
    expect(displayDate('2025-07-01T00:10:00-03:00')).toBe('01/07/2025');
  });

  it('returns text that is no ISO date unchanged', () => {
    expect(displayDate('')).toBe('');
    expect(displayDate('01/07/2025')).toBe('01/07/2025');
    expect(displayDate('2025-7-1')).toBe('2025-7-1');
  });
});

describe('displayLocalDate', () => {
  it('pads day and month to two digits', () => {
    expect(displayLocalDate(new Date(2026, 0, 5, 12))).toBe('05/01/2026');
    expect(displayLocalDate(new Date(2026, 11, 25, 12))).toBe('25/12/2026');
  });

  it('uses the local calendar day, the one a person here reads on the clock', () => {
    expect(displayLocalDate(new Date(2026, 2, 1, 0, 0, 1))).toBe('01/03/2026');
    expect(displayLocalDate(new Date(2026, 1, 28, 23, 59, 59))).toBe('28/02/2026');
  });
});
