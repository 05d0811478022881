import { ERP_NAMES, SYNC_STATUS_LABELS, type Erp } from '@mirante/shared';
import type { MailMessage } from '../../../mail/mailer';
import type { IntegrationRepo, SyncRunRow } from '../integration.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

const when = (date: Date | null) =>
  date
    ? new Intl.DateTimeFormat('pt-BR', {
        dateStyle: 'short',
        timeStyle: 'short',
        timeZone: 'America/Sao_Paulo',
      }).format(date)
    : '—';

/** The summary of the runs since the last e-mail: changes and errors (sent at the periodicity the customer chose). */
export function syncSummaryEmail(
  erp: Erp,
  to: string,
  runs: readonly SyncRunRow[],
  appUrl: string,
): MailMessage {
  const name = ERP_NAMES[erp];
  const changed = runs.reduce((sum, run) => sum + run.unitsChanged, 0);
  const read = runs.reduce((sum, run) => sum + run.unitsRead, 0);
  const errors = runs.flatMap((run) =>
    run.errors.map(
      (e) => `- ${when(run.finishedAt)}${e.project_name ? ` · ${e.project_name}` : ''}: ${e.message}`,
    ),
  );
  const lines = [
    `Resumo da integração com o ${name}.`,
    '',
    `Sincronizações: ${runs.length}`,
    `Unidades lidas do ERP: ${read}`,
    `Lotes alterados na carteira: ${changed}`,
    '',
    ...runs.map(
      (run) =>
        `${when(run.finishedAt)} · ${SYNC_STATUS_LABELS[run.status]} · ${run.unitsRead} unidades lidas, ${run.unitsChanged} lotes alterados`,
    ),
    '',
    errors.length > 0 ? 'Erros:' : 'Nenhum erro.',
    ...errors,
    '',
    `Acompanhe em ${appUrl}/page/integration`,
  ];
  return {
    to,
    subject: `Mirante · Integração ${name}: ${changed} lotes alterados${errors.length > 0 ? `, ${errors.length} erros` : ''}`,
    text: lines.join('\n'),
  };
}

/**
 * After a run: when the customer's periodicity (1, 7, 15 or 30 days) has passed since the last e-mail (or none
 * was sent yet), e-mails the summary of every run since and records the sending.
 */
export async function notifyIfDue(
  repo: IntegrationRepo,
  send: (message: MailMessage) => Promise<void>,
  appUrl: string,
  run: SyncRunRow,
  now: Date = new Date(),
): Promise<boolean> {
  const config = await repo.config(run.customerId, run.erp);
  if (!config?.notificationEmail || !config.notificationFrequency) return false;
  const last = config.lastNotifiedAt;
  if (last && now.getTime() - last.getTime() < config.notificationFrequency * DAY_MS) return false;
  const runs = await repo.finishedSince(run.customerId, run.erp, last);
  if (runs.length === 0) return false;
  await send(syncSummaryEmail(run.erp, config.notificationEmail, runs, appUrl));
  await repo.markNotified(run.customerId, run.erp, now);
  return true;
}
