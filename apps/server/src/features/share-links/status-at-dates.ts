/**
 * Each lot's status at each of `dates`: its latest history entry on or before the date (none before it: absent).
 * `rows` are ordered by lot, then date, then id, so a later row of the same date wins.
 */
export function lotStatusesByDate(
  rows: readonly { layerId: number; date: string; status: string }[],
  dates: readonly string[],
): Map<number, Map<string, string>> {
  const history = new Map<number, { date: string; status: string }[]>();
  for (const row of rows) {
    const entries = history.get(row.layerId) ?? [];
    entries.push({ date: row.date, status: row.status });
    history.set(row.layerId, entries);
  }
  const result = new Map<number, Map<string, string>>();
  for (const [layerId, entries] of history) {
    const atDates = new Map<string, string>();
    for (const date of dates) {
      let status: string | undefined;
      for (const entry of entries) {
        if (entry.date > date) break;
        status = entry.status;
      }
      if (status !== undefined) atDates.set(date, status);
    }
    result.set(layerId, atDates);
  }
  return result;
}
