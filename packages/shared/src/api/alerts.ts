import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { id, list, text } from './input-rules';

/** What may change in a project and reach a user as an alert. */
export const ALERT_KINDS = [
  'scene_published',
  'ai_readings',
  'status_changes',
  'environment_proposals',
  'sync_failed',
  'finance_imagery',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** How a user's alerts of a project reach his e-mail: at once, in a digest, or not at all (the bell still lists them). */
export const ALERT_DELIVERIES = ['immediate', 'daily', 'weekly', 'none'] as const;
export type AlertDelivery = (typeof ALERT_DELIVERIES)[number];

/** A user with no choice recorded for a project gets every kind he may see, in the daily digest. */
export const DEFAULT_ALERT_DELIVERY: AlertDelivery = 'daily';

export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  scene_published: 'Nova imagem publicada',
  ai_readings: "Novas leituras da I.A com 'Invasão' ou situação que regrediu",
  status_changes: 'Lotes que mudaram de situação',
  environment_proposals: 'Propostas ambientais aguardando revisão',
  sync_failed: 'Falha na sincronização com o ERP',
  finance_imagery: 'Financeiro × imagem: venda em lote vazio e lote construído sem venda',
};

export const ALERT_DELIVERY_LABELS: Record<AlertDelivery, string> = {
  immediate: 'Na hora',
  daily: 'Resumo diário',
  weekly: 'Resumo semanal',
  none: 'Não enviar e-mail',
};

export const ALERT_MESSAGES = {
  projectNotFound: 'Projeto não encontrado.',
  kindNotAllowed: 'Você não tem acesso a um dos tipos de alerta escolhidos.',
  saved: 'Preferências de alertas salvas.',
  unsubscribeInvalid: 'Link de cancelamento inválido ou expirado.',
  unsubscribed: (project: string) => `Você não receberá mais e-mails de alertas do projeto ${project}.`,
} as const;

export const alertItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  project_id: z.number().int(),
  project_name: z.string(),
  title: z.string(),
  detail: z.string(),
  /** Path in the web app (the project's map, at the lot when there is one). */
  link: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type AlertItem = z.infer<typeof alertItemSchema>;

export const alertListSchema = z.object({ unread: z.number().int(), items: z.array(alertItemSchema) });
export type AlertList = z.infer<typeof alertListSchema>;

export const alertPreferenceSchema = z.object({
  project_id: z.number().int(),
  project_name: z.string(),
  /** The kinds this user may receive for this project (his modules and the project's type). */
  available_kinds: z.array(z.enum(ALERT_KINDS)),
  kinds: z.array(z.enum(ALERT_KINDS)),
  delivery: z.enum(ALERT_DELIVERIES),
});
export type AlertPreference = z.infer<typeof alertPreferenceSchema>;

export const alertPreferenceBodySchema = z.object({
  kinds: list(z.enum(ALERT_KINDS), ALERT_KINDS.length),
  delivery: z.enum(ALERT_DELIVERIES),
});
export type AlertPreferenceBody = z.infer<typeof alertPreferenceBodySchema>;

export const alertsApi = {
  listAlerts: defineEndpoint({
    method: 'GET',
    path: '/alerts',
    summary: 'Os alertas do usuário (o sino): não lidos e os mais recentes',
    tags: ['alerts'],
    access: { kind: 'session' },
    response: alertListSchema,
    errorStatuses: [401, 403],
  }),
  readAlerts: defineEndpoint({
    method: 'POST',
    path: '/alerts/read',
    summary: 'Marca alertas como lidos (sem ids: todos)',
    tags: ['alerts'],
    access: { kind: 'session' },
    body: z.object({ ids: list(id(), 500).optional() }),
    response: z.object({ unread: z.number().int() }),
    errorStatuses: [401, 403, 422],
  }),
  listAlertPreferences: defineEndpoint({
    method: 'GET',
    path: '/alerts/preferences',
    summary: 'As escolhas de alertas do usuário, por projeto',
    tags: ['alerts'],
    access: { kind: 'session' },
    response: z.array(alertPreferenceSchema),
    errorStatuses: [401, 403],
  }),
  saveAlertPreference: defineEndpoint({
    method: 'PUT',
    path: '/alerts/preferences/:project_id',
    summary: 'Salva as escolhas de alertas do usuário para um projeto',
    tags: ['alerts'],
    access: { kind: 'session' },
    params: z.object({ project_id: id() }),
    body: alertPreferenceBodySchema,
    response: alertPreferenceSchema,
    errorStatuses: [401, 403, 404, 422],
  }),
  unsubscribeAlerts: defineEndpoint({
    method: 'POST',
    path: '/alerts/unsubscribe',
    summary: 'Cancela os e-mails de alertas de um projeto pelo link assinado do e-mail (sem sessão)',
    tags: ['alerts'],
    access: { kind: 'public' },
    query: z.object({ token: text(300).min(1) }),
    response: z.object({ message: z.string(), project_name: z.string() }),
    errorStatuses: [404],
  }),
} as const;
