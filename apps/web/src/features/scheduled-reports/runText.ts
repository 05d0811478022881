import type { ReportRun } from '@mirante/shared';

/** A moment in Brasília time, DD/MM/YYYY HH:mm. */
export function brasiliaTime(iso: string): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(new Date(iso))
    .replace(',', '');
}

/** What the last sending did, in a line. */
export function runText(run: ReportRun | null): string {
  if (!run) return 'Nenhum envio ainda.';
  const when = brasiliaTime(run.finished_at ?? run.created_at);
  if (run.state === 'queued' || run.state === 'sending') return `Enviando (pedido em ${when})…`;
  if (run.state === 'failed') return `Falhou em ${when}: ${run.error ?? 'erro desconhecido'}`;
  const skipped = run.skipped_count > 0 ? `; ${run.skipped_count} sem acesso, não enviado(s)` : '';
  return `Enviado em ${when} para ${run.sent_count} destinatário(s)${skipped}.`;
}
