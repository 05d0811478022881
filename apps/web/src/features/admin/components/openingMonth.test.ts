import { describe, expect, it } from 'vitest';
import { monthFromNow } from './MonthFilter';
import { openingMonth } from './openingMonth';

describe('openingMonth', () => {
  it('is the month of the newest ready image without analysis, however old', () => {
    expect(
      openingMonth([
        { isoDate: '2024-03-02', status: 'ready' },
        { isoDate: '2024-05-10', status: 'ready' },
        { isoDate: '2023-12-31', status: 'ready' },
      ]),
    ).toBe('2024-05');
  });

  it('passes over images still being processed or failed', () => {
    expect(
      openingMonth([
        { isoDate: '2024-05-10', status: 'ready' },
        { isoDate: '2025-01-01', status: 'processing' },
        { isoDate: '2025-02-01', status: 'failed' },
      ]),
    ).toBe('2024-05');
  });

  it('is the previous month when every image has its analysis', () => {
    expect(openingMonth([])).toBe(monthFromNow(-1));
  });
});
