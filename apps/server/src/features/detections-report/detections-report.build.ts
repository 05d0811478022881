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
 * The dates a report shows: E ('and') the start and end dates only; Entre ('between') every
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

/**
 * Ranks of the distinct values in natural order (equal under compareNatural → equal rank), so sorting 5,000
 * rows compares integers instead of calling the collator ~10^5 times.
 */
function naturalRanks(values: Iterable<string>): Map<string, number> {
  const unique = [...new Set(values)].sort(compareNatural);
  const ranks = new Map<string, number>();
  let rank = 0;
  unique.forEach((value, index) => {
    if (index > 0 && compareNatural(unique[index - 1], value) !== 0) rank++;
    ranks.set(value, rank);
  });
  return ranks;
}

/** Sorts rows by stage, block, then lot, in natural order (as compareNatural on each field). */
function sortRows(rows: DetectionRow[]): DetectionRow[] {
  const ranksOf = (pick: (row: DetectionRow) => string | null) => {
    const ranks = naturalRanks(rows.map((row) => pick(row) ?? ''));
    return rows.map((row) => ranks.get(pick(row) ?? '') ?? 0);
  };
  const stage = ranksOf((row) => row.stage);
  const block = ranksOf((row) => row.block);
  const lot = ranksOf((row) => row.tag_value);
  const order = rows.map((_row, index) => index);
  order.sort((a, b) => stage[a]! - stage[b]! || block[a]! - block[b]! || lot[a]! - lot[b]! || a - b);
  return order.map((index) => rows[index]!);
}

/**
 * The detection-type filter to apply, or null for every lot. The page starts with the 5 filterable types
 * selected, which means "all": lots invaded ('I') or with no detection ('X') are listed too, so the list counts
 * every lot of the project, as Detalhes and the layers list do.
 */
export function typeFilter(detectTypes: string[] | undefined): Set<string> | null {
  if (!detectTypes?.length) return null;
  const wanted = new Set(detectTypes);
  return filterableDetectionKeys().every((key) => wanted.has(key)) ? null : wanted;
}

/** One pass: report rows (status key per date, 'X' when none), filtered by detection types, sorted. */
export function buildRows(lots: LotHistoryRow[], dates: string[], detectTypes?: string[]): DetectionRow[] {
  const wanted = typeFilter(detectTypes);
  const cellKeys = dates.map((_date, index) => dateCellKey(index));
  const nameKeys = dates.map((_date, index) => dateNameKey(index));
  const names = new Map<string, string>();
  const nameOf = (key: string) => {
    let name = names.get(key);
    if (name === undefined) names.set(key, (name = detectionName(key)));
    return name;
  };
  const rows: DetectionRow[] = [];
  for (const lot of lots) {
    const found = (lot.statuses ?? '').split(',');
    const keys = dates.map((_date, index) => found[index] || 'X');
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
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index]!;
      row[cellKeys[index]!] = key;
      row[nameKeys[index]!] = nameOf(key);
    }
    rows.push(row);
  }
  return sortRows(rows);
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
