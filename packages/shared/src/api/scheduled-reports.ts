import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { id, idList, idParams, text } from './input-rules';

/**
 * Scheduled reports of an allotment, e-mailed weekly or monthly to chosen users of the project: a PDF (the map
 * with the lots' statuses on the latest date, the counts and the changes since the last report, the invasions
 * with before/after images, the finance totals for whoever may see them) and the detections spreadsheet.
 */
export const SCHEDULED_REPORT_MESSAGES = {
  frequencyRequired: 'Escolha a periodicidade: semanal ou mensal.',
  weekdayInvalid: 'Escolha o dia da semana.',
  monthDayInvalid: 'Escolha um dia do mês entre 1 e 28.',
  recipientsRequired: 'Escolha ao menos um destinatário.',
  recipientsTooMany: 'Escolha no máximo 50 destinatários.',
  recipientsInvalid:
    'Destinatário inválido: escolha usuários ativos vinculados a este projeto, com acesso ao módulo Detecções.',
  notFound: 'Agendamento de relatório não encontrado.',
  forbidden: 'Somente administradores e gestores agendam relatórios.',
  notAllotment: 'Relatórios agendados existem só para loteamentos.',
  created: 'Relatório agendado.',
  updated: 'Agendamento atualizado.',
  deleted: 'Agendamento excluído.',
  sendQueued: 'Relatório na fila de envio: os destinatários o receberão em instantes.',
  listFailed: 'Não foi possível carregar os relatórios agendados. Tente novamente.',
  saveFailed: 'Não foi possível salvar o agendamento.',
  sendFailed: 'Não foi possível enviar o relatório.',
  unsubscribeInvalid: 'Link de cancelamento inválido ou expirado.',
  unsubscribed: (project: string) => `Você não receberá mais este relatório agendado do projeto ${project}.`,
} as const;

export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_FREQUENCY_LABELS: Record<ReportFrequency, string> = {
  weekly: 'Semanal',
  monthly: 'Mensal',
};
/** 0 Sunday … 6 Saturday, as JavaScript's getDay. */
export const WEEKDAY_NAMES = [
  'domingo',
  'segunda-feira',
  'terça-feira',
  'quarta-feira',
  'quinta-feira',
  'sexta-feira',
  'sábado',
] as const;
/** The hour (Brasília time) at which the reports of the day are sent. */
export const REPORT_SEND_HOUR = 7;
export const REPORT_MAX_RECIPIENTS = 50;

/** "Toda segunda-feira às 07:00" / "Todo dia 5 às 07:00". */
export function scheduleText(frequency: ReportFrequency, day: number): string {
  const hour = `${String(REPORT_SEND_HOUR).padStart(2, '0')}:00`;
  if (frequency === 'monthly') return `Todo dia ${day} do mês, às ${hour}`;
  const name = WEEKDAY_NAMES[day] ?? '';
  return `${day === 0 || day === 6 ? 'Todo' : 'Toda'} ${name}, às ${hour}`;
}

export const reportScheduleInputSchema = z
  .object({
    frequency: z.enum(REPORT_FREQUENCIES, { error: SCHEDULED_REPORT_MESSAGES.frequencyRequired }),
    day: z
      .number({ error: SCHEDULED_REPORT_MESSAGES.weekdayInvalid })
      .int({ error: SCHEDULED_REPORT_MESSAGES.weekdayInvalid })
      .min(0, { error: SCHEDULED_REPORT_MESSAGES.weekdayInvalid })
      .max(28, { error: SCHEDULED_REPORT_MESSAGES.monthDayInvalid }),
    user_ids: idList(REPORT_MAX_RECIPIENTS)
      .min(1, { error: SCHEDULED_REPORT_MESSAGES.recipientsRequired })
      .max(REPORT_MAX_RECIPIENTS, { error: SCHEDULED_REPORT_MESSAGES.recipientsTooMany }),
  })
  .superRefine((value, context) => {
    if (value.frequency === 'weekly' && value.day > 6) {
      context.addIssue({ code: 'custom', path: ['day'], message: SCHEDULED_REPORT_MESSAGES.weekdayInvalid });
    }
    if (value.frequency === 'monthly' && value.day < 1) {
      context.addIssue({ code: 'custom', path: ['day'], message: SCHEDULED_REPORT_MESSAGES.monthDayInvalid });
    }
  });
export type ReportScheduleInput = z.infer<typeof reportScheduleInputSchema>;

export const reportRecipientSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type ReportRecipient = z.infer<typeof reportRecipientSchema>;

export const reportRunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['scheduled', 'now']),
  state: z.enum(['queued', 'sending', 'sent', 'failed']),
  /** ISO timestamp of the request (a scheduled run: its due time). */
  created_at: z.string(),
  finished_at: z.string().nullable(),
  sent_count: z.number().int(),
  skipped_count: z.number().int(),
  error: z.string().nullable(),
});
export type ReportRun = z.infer<typeof reportRunSchema>;

export const reportScheduleSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  frequency: z.enum(REPORT_FREQUENCIES),
  day: z.number().int(),
  /** "Toda segunda-feira, às 07:00" */
  description: z.string(),
  recipients: z.array(reportRecipientSchema),
  /** ISO timestamps. */
  next_run_at: z.string(),
  last_sent_at: z.string().nullable(),
  created_by: z.string().nullable(),
  last_run: reportRunSchema.nullable(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const reportSchedulesSchema = z.object({
  schedules: z.array(reportScheduleSchema),
  /** Who may receive this project's reports: its active users with the detections module. */
  candidates: z.array(reportRecipientSchema),
});
export type ReportSchedules = z.infer<typeof reportSchedulesSchema>;

const scheduleParams = z.object({ id: id(), scheduleId: id() });
const access = { kind: 'session', roles: ['ADMIN', 'MANAGER'] } as const;
const tags = ['scheduled-reports'];

export const scheduledReportsApi = {
  listReportSchedules: defineEndpoint({
    method: 'GET',
    path: '/project/:id/report-schedules',
    summary: 'Relatórios agendados do loteamento e quem pode recebê-los (ADMIN ou MANAGER)',
    tags,
    access,
    params: idParams,
    response: reportSchedulesSchema,
    errorStatuses: [401, 403, 404, 422],
  }),
  createReportSchedule: defineEndpoint({
    method: 'POST',
    path: '/project/:id/report-schedules',
    summary: 'Agenda um relatório semanal ou mensal por e-mail (PDF e planilha de detecções)',
    tags,
    access,
    params: idParams,
    body: reportScheduleInputSchema,
    response: reportScheduleSchema,
    successStatus: 201,
    errorStatuses: [401, 403, 404, 422],
  }),
  updateReportSchedule: defineEndpoint({
    method: 'POST',
    path: '/project/:id/report-schedules/:scheduleId',
    summary: 'Altera a periodicidade, o dia ou os destinatários de um relatório agendado',
    tags,
    access,
    params: scheduleParams,
    body: reportScheduleInputSchema,
    response: reportScheduleSchema,
    errorStatuses: [401, 403, 404, 422],
  }),
  deleteReportSchedule: defineEndpoint({
    method: 'POST',
    path: '/project/:id/report-schedules/:scheduleId/delete',
    summary: 'Exclui um relatório agendado',
    tags,
    access,
    params: scheduleParams,
    response: z.object({ message: z.string() }),
    errorStatuses: [401, 403, 404, 422],
  }),
  sendReportNow: defineEndpoint({
    method: 'POST',
    path: '/project/:id/report-schedules/:scheduleId/send',
    summary: "'Enviar agora': gera e envia o relatório já, aos destinatários do agendamento",
    tags,
    access,
    params: scheduleParams,
    response: reportRunSchema,
    errorStatuses: [401, 403, 404, 422],
  }),
  unsubscribeReport: defineEndpoint({
    method: 'POST',
    path: '/report-schedules/unsubscribe',
    summary: 'Retira o destinatário de um relatório agendado pelo link assinado do e-mail (sem sessão)',
    tags,
    access: { kind: 'public' },
    query: z.object({ token: text(300).min(1) }),
    response: z.object({ message: z.string(), project_name: z.string() }),
    errorStatuses: [404],
  }),
} as const;
