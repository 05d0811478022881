import type { Range } from './analyses.repo';

export interface Month {
  year: number;
  /** 1–12 */
  month: number;
}

/** The month of a list: YYYY-MM when given, else the current month or the one before it. */
export function resolveMonth(
  text: string | undefined,
  fallback: 'current' | 'previous',
  now = new Date(),
): Month {
  if (text) {
    const [year, month] = text.split('-').map(Number) as [number, number];
    return { year, month };
  }
  const shift = fallback === 'previous' ? -1 : 0;
  const start = new Date(now.getFullYear(), now.getMonth() + shift, 1);
  return { year: start.getFullYear(), month: start.getMonth() + 1 };
}

const pad = (value: number) => String(value).padStart(2, '0');

function nextMonth({ year, month }: Month): Month {
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
}

/** Calendar dates (YYYY-MM-DD) of the month, for `date` columns. */
export function monthDates(month: Month): Range<string> {
  const next = nextMonth(month);
  return { from: `${month.year}-${pad(month.month)}-01`, to: `${next.year}-${pad(next.month)}-01` };
}

/** Instants of the month in the server's time zone, for timestamps. */
export function monthInstants(month: Month): Range<Date> {
  const next = nextMonth(month);
  return { from: new Date(month.year, month.month - 1, 1), to: new Date(next.year, next.month - 1, 1) };
}
