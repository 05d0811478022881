import {
  compareNatural,
  dateCellKey,
  dateNameKey,
  detectionName,
  filterableDetectionKeys,
  reportTypeOrder,
  type DateType,
  type DetectionRow,
  type DetectionsHistory,
  type StatusCount,
} from '@mirante/shared';
import type { LotHistoryRow, LotOption } from './detections-report.repo';

export interface ReportWindow {
  startDate: string;
  endDate: string;
  dateType: DateType;
  /** The dates shown as columns, ascending. */
  dates: string[];
}

/**
 * The dates a report shows (spec 2.6): E ('and') the start and end dates only; Entre ('between') every
 * processed date from start to end. Reversed dates are swapped; missing ones default to the last date.
 */
export function reportWindow(
  available: string[],
  dateType: DateType,
  start: string | undefined,
  end: string | undefined,
): ReportWindow {
  const last = available[available.length - 1] ?? '';
  let startDate = start ?? end ?? last;
  let endDate = end ?? start ?? last;
  if (startDate > endDate) [startDate, endDate] = [endDate, startDate];
  const dates =
    dateType === 'between'
      ? available.filter((date) => date >= startDate && date <= endDate)
      : [...new Set([startDate, endDate])];
  if (dates.length === 0) dates.push(startDate, ...(endDate !== startDate ? [endDate] : []));
  return { startDate, endDate, dateType, dates };
}

/** One pass: report rows (status key per date, 'X' when none), filtered by detection types, sorted. */
export function buildRows(lots: LotHistoryRow[], dates: string[], detectTypes?: string[]): DetectionRow[] {
  const wanted = detectTypes?.length ? new Set(detectTypes) : null;
  const rows: DetectionRow[] = [];
  for (const lot of lots) {
    const keys = dates.map((date) => lot.statuses[date] ?? 'X');
    if (wanted && !keys.some((key) => wanted.has(key))) continue;
    const row: DetectionRow = {
      layer_id: lot.id,
      customer_code: lot.customerCode,
      block: lot.block,
      tag_value: lot.tagValue,
      stage: lot.stage,
      status: keys.every((key) => key === keys[0]) ? 'Igual' : 'Modificado',
      last_status: keys[keys.length - 1] ?? 'X',
      obs: lot.obs,
    };
    keys.forEach((key, index) => {
      row[dateCellKey(index)] = key;
      row[dateNameKey(index)] = detectionName(key);
    });
    rows.push(row);
  }
  return rows.sort(
    (a, b) =>
      compareNatural(a.stage, b.stage) ||
      compareNatural(a.block, b.block) ||
      compareNatural(a.tag_value, b.tag_value),
  );
}

/** Counts per detection type on one date column: filterable types always, others when present; O last. */
export function statusCounts(rows: DetectionRow[], index: number): StatusCount[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = String(row[dateCellKey(index)] ?? 'X');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const filterable = new Set(filterableDetectionKeys());
  return reportTypeOrder()
    .filter((type) => filterable.has(type.key) || (counts.get(type.key) ?? 0) > 0)
    .map((type) => ({ key: type.key, name: type.name, value: counts.get(type.key) ?? 0 }));
}

/** Blocks with their lots (natural order) and the stage names. */
export function filterOptions(
  options: LotOption[],
): Pick<DetectionsHistory, 'blocksAvailable' | 'stagesAvailable'> {
  const blocks = new Map<string, Set<string>>();
  const stages = new Set<string>();
  for (const option of options) {
    if (option.stage) stages.add(option.stage);
    if (!option.block) continue;
    const lots = blocks.get(option.block) ?? new Set<string>();
    if (option.tagValue) lots.add(option.tagValue);
    blocks.set(option.block, lots);
  }
  return {
    blocksAvailable: [...blocks.entries()]
      .sort(([a], [b]) => compareNatural(a, b))
      .map(([block, lots]) => ({ block, lots: [...lots].sort(compareNatural) })),
    stagesAvailable: [...stages].sort(compareNatural),
  };
}

export function buildHistory(
  window: ReportWindow,
  rows: DetectionRow[],
  options: LotOption[],
  datesAvailable: string[],
): DetectionsHistory {
  const changed = rows.filter((row) => row.status === 'Modificado').length;
  return {
    uniqueDates: window.dates,
    tableRows: rows,
    diffStatus: { total: rows.length, changed, kept: rows.length - changed },
    ...filterOptions(options),
    initialStatuses: statusCounts(rows, 0),
    finalStatuses: statusCounts(rows, window.dates.length - 1),
    datesAvailable,
    startDate: window.startDate,
    endDate: window.endDate,
    dateType: window.dateType,
  };
}
