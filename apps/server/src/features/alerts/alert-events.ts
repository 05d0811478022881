import type { AlertKind } from '@mirante/shared';
import { saleAlerts } from '../finance';
import type { AnalysisLotRow, AnalysisRow } from './alert-sources.repo';
import type { AlertLot, AlertPayload } from './alert-text';
import type { NewAlertEvent } from './alerts.repo';

/** Building progress of a lot: a reading below the one before went backwards ('Construído' → 'Vazio'). */
const PROGRESS: Record<string, number> = { V: 0, B: 1, E: 2, C: 3 };
/** Lots an event keeps in its payload (the count says how many there were). */
const MAX_LOTS = 200;

const lotOf = (row: AnalysisLotRow, extra: Partial<AlertLot> = {}): AlertLot => ({
  layerId: row.layerId,
  name: row.name,
  block: row.block,
  from: row.previousStatus,
  to: row.status,
  ...extra,
});

function event(analysis: AnalysisRow, kind: AlertKind, payload: AlertPayload): NewAlertEvent {
  return {
    projectId: analysis.projectId,
    kind,
    dedupeKey: `${kind}:analysis:${analysis.detectionId}`,
    payload: { date: analysis.date, sceneId: analysis.sceneId, ...payload },
  };
}

const limited = (lots: AlertLot[]) => ({ lots: lots.slice(0, MAX_LOTS), total: lots.length });

/**
 * The events of one approved lot-AI analysis: its readings with 'Invasão' or a status that went backwards, the
 * lots whose status changed (a count by new status, and the lots), and, where the project follows sales, the
 * sales read against the imagery (a sale on a lot read empty, a lot built with no sale).
 */
export function analysisEvents(analysis: AnalysisRow, lots: AnalysisLotRow[]): NewAlertEvent[] {
  const events: NewAlertEvent[] = [];
  const worrying = lots.filter((lot) => {
    if (lot.status === 'I' && lot.previousStatus !== 'I') return true;
    const now = PROGRESS[lot.status];
    const before = lot.previousStatus ? PROGRESS[lot.previousStatus] : undefined;
    return now !== undefined && before !== undefined && now < before;
  });
  if (worrying.length > 0)
    events.push(event(analysis, 'ai_readings', limited(worrying.map((lot) => lotOf(lot)))));

  const changed = lots.filter((lot) => lot.previousStatus !== null && lot.previousStatus !== lot.status);
  if (changed.length > 0) {
    const counts: Record<string, number> = {};
    for (const lot of changed) counts[lot.status] = (counts[lot.status] ?? 0) + 1;
    events.push(event(analysis, 'status_changes', { counts, ...limited(changed.map((lot) => lotOf(lot))) }));
  }

  if (analysis.hasInformation) {
    const mismatched: AlertLot[] = [];
    for (const lot of lots) {
      const found = saleAlerts(
        {
          statusUnidade: lot.statusUnidade,
          dataVenda: lot.dataVenda,
          valorInadimplencia: lot.valorInadimplencia,
          lastStatus: lot.status,
          lastDate: analysis.date,
          previousStatus: lot.previousStatus,
        },
        analysis.saleAlertMonths,
      ).filter((alert) => alert.type === 'sold_empty' || alert.type === 'built_unsold');
      if (found.length > 0) mismatched.push(lotOf(lot, { text: found.map((alert) => alert.text).join(' ') }));
    }
    if (mismatched.length > 0) events.push(event(analysis, 'finance_imagery', limited(mismatched)));
  }
  return events;
}
