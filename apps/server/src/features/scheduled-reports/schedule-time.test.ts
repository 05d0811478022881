import { describe, expect, it } from 'vitest';
import { nextRunAt } from './schedule-time';

describe('nextRunAt', () => {
  it('gives the chosen weekday at 07:00 in Brasília (10:00 UTC), strictly after the given time', () => {
    // Monday 2026-12-07 09:00 UTC is 06:00 in Brasília: today's 07:00 is still ahead.
    expect(nextRunAt('weekly', 1, new Date('2026-12-07T09:00:00Z')).toISOString()).toBe(
      '2026-12-07T10:00:00.000Z',
    );
    expect(nextRunAt('weekly', 1, new Date('2026-12-07T10:00:00Z')).toISOString()).toBe(
      '2026-12-14T10:00:00.000Z',
    );
    expect(nextRunAt('weekly', 5, new Date('2026-12-07T12:00:00Z')).toISOString()).toBe(
      '2026-12-11T10:00:00.000Z',
    );
    expect(nextRunAt('weekly', 0, new Date('2026-12-07T12:00:00Z')).toISOString()).toBe(
      '2026-12-13T10:00:00.000Z',
    );
  });

  it('reads the day in Brasília, not in UTC', () => {
    // 2026-12-08 01:00 UTC is still Monday 22:00 in Brasília: the next Tuesday 07:00 is hours away.
    expect(nextRunAt('weekly', 2, new Date('2026-12-08T01:00:00Z')).toISOString()).toBe(
      '2026-12-08T10:00:00.000Z',
    );
  });

  it('gives the chosen day of the month, rolling over the year', () => {
    expect(nextRunAt('monthly', 1, new Date('2026-12-07T12:00:00Z')).toISOString()).toBe(
      '2027-01-01T10:00:00.000Z',
    );
    expect(nextRunAt('monthly', 28, new Date('2027-02-01T12:00:00Z')).toISOString()).toBe(
      '2027-02-28T10:00:00.000Z',
    );
    expect(nextRunAt('monthly', 7, new Date('2026-12-07T09:59:59Z')).toISOString()).toBe(
      '2026-12-07T10:00:00.000Z',
    );
  });
});
