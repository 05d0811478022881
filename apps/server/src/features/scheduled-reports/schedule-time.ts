import { REPORT_SEND_HOUR, type ReportFrequency } from '@mirante/shared';

/** Brasília time has had no daylight saving since 2019: UTC−3 all year. */
const BRASILIA_OFFSET_HOURS = -3;

/**
 * The first send time strictly after `after`: the chosen weekday (weekly) or day of the month (monthly), at
 * REPORT_SEND_HOUR in Brasília time.
 */
export function nextRunAt(frequency: ReportFrequency, day: number, after: Date): Date {
  const utcHour = REPORT_SEND_HOUR - BRASILIA_OFFSET_HOURS;
  // Brasília's calendar day of `after`, as a UTC midnight.
  const local = new Date(after.getTime() + BRASILIA_OFFSET_HOURS * 3_600_000);
  const base = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const at = (midnight: number) => new Date(midnight + utcHour * 3_600_000);
  if (frequency === 'weekly') {
    for (let offset = 0; offset <= 7; offset++) {
      const midnight = base + offset * 86_400_000;
      if (new Date(midnight).getUTCDay() === day && at(midnight) > after) return at(midnight);
    }
  } else {
    for (let months = 0; months <= 2; months++) {
      const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + months, day);
      if (at(midnight) > after) return at(midnight);
    }
  }
  throw new Error(`no next run for ${frequency} ${day}`);
}
