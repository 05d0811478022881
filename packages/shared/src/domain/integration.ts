/*
 * The ERP integration's fixed vocabulary: the three ERPs, the unit-field and
 * sales-status mapping keys with their labels, the notification periodicities and every pt-BR message.
 */

/** The ERPs in the order of the integration page's tabs (tab 2 Mega, tab 3 UAU, tab 4 Sienge). */
export const ERPS = ['mega', 'uau', 'sienge'] as const;
export type Erp = (typeof ERPS)[number];

export const ERP_NAMES: Record<Erp, string> = { mega: 'Mega', uau: 'UAU', sienge: 'Sienge' };

/** The entities and their fields "Unit-field mapping": keys and labels; each maps to an ERP unit field (default: its own name). */
export const UNIT_FIELD_KEYS = [
  'lot_code',
  'product_code',
  'job_code',
  'customization_number',
  'block',
  'lot',
] as const;
export type UnitFieldKey = (typeof UNIT_FIELD_KEYS)[number];

export const UNIT_FIELD_LABELS: Record<UnitFieldKey, string> = {
  lot_code: 'Código do lote',
  product_code: 'Código do produto',
  job_code: 'Código da obra',
  customization_number: 'Numero de personalização',
  block: 'Quadra',
  lot: 'Lote',
};

/** The entities and their fields: "Default if nothing saved: each key maps to its own name." */
export const DEFAULT_UNIT_FIELDS: Record<UnitFieldKey, string> = {
  lot_code: 'lot_code',
  product_code: 'product_code',
  job_code: 'job_code',
  customization_number: 'customization_number',
  block: 'block',
  lot: 'lot',
};

/** The entities and their fields "Sales-status mapping": keys and labels; each maps to an integer ERP status or none. */
export const SALES_STATUS_KEYS = [
  'disponivel',
  'doacao',
  'em_acerto',
  'escriturado',
  'fora_venda',
  'proposta',
  'quitado',
  'reservado',
  'suspenso',
  'vendido',
] as const;
export type SalesStatusKey = (typeof SALES_STATUS_KEYS)[number];

/** The labels, which are also what the synchronisation writes as the lot's unit status (status_unidade). */
export const SALES_STATUS_LABELS: Record<SalesStatusKey, string> = {
  disponivel: 'Disponível',
  doacao: 'Doação',
  em_acerto: 'Em acerto',
  escriturado: 'Escriturado',
  fora_venda: 'Fora de venda',
  proposta: 'Proposta',
  quitado: 'Quitado',
  reservado: 'Reservado',
  suspenso: 'Suspenso',
  vendido: 'Vendida',
};

/**
 * UAU's unit status codes (Vendido_unid, the vendor's documentation) and their UAU labels, for showing the integers of
 * GET integration/uau/sales-status as "0 - Disponível".
 */
export const UAU_UNIT_STATUS_LABELS: Record<number, string> = {
  0: 'Disponível',
  1: 'Vendida',
  2: 'Reservado',
  3: 'Proposta',
  4: 'Quitado',
  5: 'Escriturado',
  6: 'Em venda',
  7: 'Suspenso',
  8: 'Fora de venda',
  9: 'Em acerto',
  10: 'Dação',
};

/**
 * The mapping used while nothing is saved: UAU's codes by label. 'doacao' stays unmapped (UAU's 10 is
 * Dação em pagamento, not Doação) and 6 'Em venda' has no key.
 */
export const DEFAULT_SALES_STATUS: Record<SalesStatusKey, number | null> = {
  disponivel: 0,
  doacao: null,
  em_acerto: 9,
  escriturado: 5,
  fora_venda: 8,
  proposta: 3,
  quitado: 4,
  reservado: 2,
  suspenso: 7,
  vendido: 1,
};

/** The entities and their fields/9: notification periodicity in days (1 daily, 7 weekly, 15 biweekly, 30 monthly). */
export const NOTIFICATION_FREQUENCIES = [1, 7, 15, 30] as const;
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];

export const NOTIFICATION_FREQUENCY_LABELS: Record<NotificationFrequency, string> = {
  1: 'Diária',
  7: 'Semanal',
  15: 'Quinzenal',
  30: 'Mensal',
};

/** The business limits: the 'Tentar novamente' force retry appears after 30 s of loading. */
export const INTEGRATION_RETRY_FORCE_MS = 30_000;

export const SYNC_TRIGGERS = ['wizard', 'schedule', 'manual'] as const;
export type SyncTrigger = (typeof SYNC_TRIGGERS)[number];

/** queued → running → succeeded | failed (every allotment failed) | partial (some allotments failed). */
export const SYNC_STATUSES = ['queued', 'running', 'succeeded', 'partial', 'failed'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

export const SYNC_STATUS_LABELS: Record<SyncStatus, string> = {
  queued: 'Na fila',
  running: 'Em andamento',
  succeeded: 'Concluída',
  partial: 'Concluída com erros',
  failed: 'Falhou',
};

/** Messages of the integration (the validation rules and 8 word for word; the rest in the same voice). */
export const INTEGRATION_MESSAGES = {
  // The validation rules: first ERP (Mega) credentials
  megaUrl1Required: 'Informe a URL para acesso ao serviço de autenticação.',
  megaUrl2Required: 'Informe a URL para acesso ao serviço de dados (API).',
  // The validation rules: second and third ERP credentials
  apiUrlRequired: 'Informe a URL para acesso a API.',
  usernameRequired: 'Informe o nome de usuário.',
  passwordRequired: 'Informe a senha.',
  /** UAU also needs the integration token Globaltec issues (the vendor's documentation): a field the spec lacks. */
  integrationTokenRequired: 'Informe o token de integração (X-INTEGRATION-Authorization).',
  urlInvalid: 'Informe uma URL válida, começando com http:// ou https://.',
  // The validation rules: notification
  emailRequired: 'Informe um e-mail que deseja receber as notificações da integração.',
  emailInvalid: 'Email inválido',
  frequencyRequired: 'Informe uma periodicidade.',
  // The validation rules: wallet link
  walletRepeated: 'Não é permitido repetir o mesmo projeto e etapa.',
  walletStageRequired: 'Selecione a etapa.',
  walletStageInvalid: 'A etapa selecionada não pertence a este loteamento.',
  // The error catalogue
  walletLinkFailed: 'Erro ao vincular carteiras.',
  credentialsLoadFailed: 'Não foi possível obter as credenciais já salvas:',
  saveFailed:
    'Não foi possível concluir a requisição. Por favor verifique os dados informados e tente novamente.',
  customerLoadFailed: 'Não foi possível obter as informações salvas do cliente:',
  requestFailed: 'Não foi possível concluir a requisição:',
  noAllotments: 'Nenhum loteamento foi encontrado para o seu cliente.',
  retry: 'Tentar novamente',
  completed: 'Configuração concluída com sucesso!',
  takesUpTo24h: 'A conclusão da integração pode levar até 24 horas.',
  noLink: 'Nenhum vínculo',
  // Server refusals
  notConfigured: 'Salve as credenciais deste ERP antes de continuar.',
  projectNotAllotment: 'Somente loteamentos podem ser integrados a um ERP.',
  projectWithoutLinks: (name: string) =>
    `O loteamento '${name}' não possui carteiras vinculadas: use 'Vincular carteiras' antes de prosseguir.`,
  unitFieldRequired: 'Selecione um campo do ERP.',
  salesStatusInvalid: 'Informe um número inteiro de status do ERP ou deixe em branco.',
  syncQueued: 'Sincronização iniciada.',
} as const;

/** 'Carteira: {customer code}' plus ' / Etapa: {layer id} - {layer name}' when a stage is linked. */
export function walletLinkText(link: {
  customer_code: string;
  layer_id: number | null;
  layer_name?: string | null;
}): string {
  const stage = link.layer_id === null ? '' : ` / Etapa: ${link.layer_id} - ${link.layer_name ?? ''}`;
  return `Carteira: ${link.customer_code}${stage}`;
}
