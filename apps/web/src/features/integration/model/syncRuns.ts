import type { Erp, SyncRun, SyncTrigger } from '@mirante/shared';

const DATE_TIME = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** An ISO timestamp as the person reads it ('26/11/2026, 14:05'), or a dash. */
export const dateTimeText = (iso: string | null) => (iso ? DATE_TIME.format(new Date(iso)) : '—');

export const SYNC_TRIGGER_LABELS: Record<SyncTrigger, string> = {
  wizard: 'Assistente',
  schedule: 'Agendada',
  manual: 'Manual',
};

/**
 * When this ERP's first synchronisation finished (the oldest finished run of the list, which is newest first),
 * or null while none has.
 */
export function firstFinishedAt(runs: readonly SyncRun[], erp: Erp): string | null {
  const finished = runs.filter((run) => run.erp === erp && run.finished_at !== null);
  return finished.at(-1)?.finished_at ?? null;
}
