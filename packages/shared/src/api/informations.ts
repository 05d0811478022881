import { z } from 'zod';
import { BUYER_DOCUMENT_MESSAGES, isValidBuyerDocument, stripBuyerDocument } from '../domain/buyer-document';
import { SALE_ALERT_TYPES } from '../domain/informations';
import { XLSX_CONTENT_TYPE } from './detections-report';
import { defineEndpoint, DOWNLOAD_ACCESS, fileResponse } from './endpoint';
import { calendarDate, id, idParams, list, LONG_TEXT_MAX, text } from './input-rules';

/** Field limits of the validation rules (lot information). */
export const INFORMATION_LIMITS = {
  nomeComprador: 100,
  codes: 10,
  statuses: 255,
  notas: LONG_TEXT_MAX,
  /** numeric(14, 2) */
  money: 999_999_999_999.99,
  parcelas: 100_000,
} as const;

export const INFORMATION_FIELD_MESSAGES = {
  notANumber: 'Informe um número.',
  negative: 'O valor não pode ser negativo.',
  tooBig: 'Valor acima do limite.',
  notInteger: 'Informe um número inteiro.',
  invalidDate: 'Data inválida: use uma data real no formato AAAA-MM-DD.',
} as const;

/** A comma-joined list (also repeated keys); blank or absent means "no filter". */
const textList = z.preprocess((value) => {
  if (value === undefined || value === null || value === '') return undefined;
  const items = Array.isArray(value) ? value.map(String) : String(value).split(',');
  return items.map((item) => item.trim()).filter((item) => item !== '');
}, list(text()).optional());

/**
 * The portfolio filters (lots, blocks, status, detectTypes, statusUnity), plus stage and the alert
 * kinds. Each is a list of the values kept; absent = every value. An empty value is matched by S\N, a lot
 * without detection by 'X', a lot without alert by 'none'.
 */
export const informationFiltersSchema = z.object({
  lots: textList,
  blocks: textList,
  status: textList,
  detectTypes: textList,
  statusUnity: textList,
  stage: textList,
  alerts: textList,
});
export type InformationFilters = z.infer<typeof informationFiltersSchema>;
export type InformationFiltersInput = z.input<typeof informationFiltersSchema>;

export const saleAlertSchema = z.object({
  type: z.enum(SALE_ALERT_TYPES),
  /** Why, in pt-BR (e.g. 'Vendido em 10/03/2025 e ainda vazio na imagem de 01/10/2026 (19 meses).'). */
  text: z.string(),
});
export type SaleAlert = z.infer<typeof saleAlertSchema>;

/** One lot of the portfolio (the entities and their fields Information). Values are null when empty or not shown to the caller. */
export const informationRowSchema = z.object({
  layer_id: z.number().int(),
  /** The lot's name (read-only); the lot is its second word (lotOfName). */
  name: z.string(),
  block: z.string().nullable(),
  stage: z.string().nullable(),
  codigo_lote: z.string().nullable(),
  codigo_comprador: z.string().nullable(),
  nome_comprador: z.string().nullable(),
  /** The buyer's CPF or CNPJ without its mask (finance module only, like the sale values). */
  cpf_cnpj_comprador: z.string().nullable(),
  status_unidade: z.string().nullable(),
  /** Financial status. */
  status: z.string().nullable(),
  /** Key of the lot's last detection the caller may see (V, B, E, C, O, I), null when none. */
  ult_deteccao: z.string().nullable(),
  ult_deteccao_data: z.string().nullable(),
  valor_venda: z.number().nullable(),
  valor_inadimplencia: z.number().nullable(),
  qtde_parcelas_vencidas: z.number().int().nullable(),
  codigo_venda: z.string().nullable(),
  /** YYYY-MM-DD */
  data_venda: z.string().nullable(),
  inscricao_iptu: z.string().nullable(),
  termo_posse: z.boolean().nullable(),
  escritura: z.boolean().nullable(),
  registro: z.boolean().nullable(),
  status_construcao: z.string().nullable(),
  status_escritura: z.string().nullable(),
  notas: z.string().nullable(),
  /** The lot's observation text (read-only, multi-line). */
  obs: z.string().nullable(),
  /** Sales read against the imagery. */
  alertas: z.array(saleAlertSchema),
});
export type InformationRow = z.infer<typeof informationRowSchema>;

/** The entities and their fields "Information list response", plus the stages, detection keys and the alert window. */
export const informationListSchema = z.object({
  list: z.array(informationRowSchema),
  blocksLotsAvailable: z.array(z.object({ block: z.string(), lot: z.string() })),
  statusAvailable: z.array(z.string()),
  blocksAvailable: z.array(z.string()),
  lotsAvailable: z.array(z.string()),
  statusUnityAvailable: z.array(z.string()),
  stagesAvailable: z.array(z.string()),
  detectTypesAvailable: z.array(z.string()),
  /** Months a sold lot may stay empty before 'Vendido sem obra' (the project's setting, default 12). */
  alertMonths: z.number().int(),
  hasStage: z.boolean(),
});
export type InformationList = z.infer<typeof informationListSchema>;

export const INFORMATION_SOURCES = ['manual', 'import', 'integration', 'demo'] as const;

export const informationChangeSchema = z.object({
  field: z.string(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  changed_by_name: z.string().nullable(),
  /** ISO timestamp */
  changed_at: z.string(),
  source: z.enum(INFORMATION_SOURCES),
});
export type InformationChange = z.infer<typeof informationChangeSchema>;

/** One lot's record for the lot information dialog, with its history of changes. */
export const informationDetailSchema = z.object({
  information: informationRowSchema,
  history: z.array(informationChangeSchema),
  /** Sale values (valor_venda, valor_inadimplencia) are shown only with the finance module. */
  canSeeValues: z.boolean(),
  canEdit: z.boolean(),
});
export type InformationDetail = z.infer<typeof informationDetailSchema>;

const optionalText = (max: number) =>
  z.preprocess((value) => (value === '' ? null : value), text(max).nullable().optional());

const numberInput = (schema: z.ZodNumber) =>
  z.preprocess((value) => {
    if (value === '' || value === null) return null;
    if (typeof value === 'string' && /^\s*-?\d+([.,]\d+)?\s*$/.test(value))
      return Number(value.replace(',', '.'));
    return value;
  }, schema.nullable().optional());

/** A CPF or CNPJ, masked or not; kept without the mask, its check digits checked. */
const buyerDocument = z.preprocess(
  (value) => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    return typeof value === 'string' ? stripBuyerDocument(value) : value;
  },
  text(14, { tooLong: BUYER_DOCUMENT_MESSAGES.invalid })
    .refine(isValidBuyerDocument, { error: BUYER_DOCUMENT_MESSAGES.invalid })
    .nullable()
    .optional(),
);

const money = numberInput(
  z
    .number({ error: INFORMATION_FIELD_MESSAGES.notANumber })
    .min(0, { error: INFORMATION_FIELD_MESSAGES.negative })
    .max(INFORMATION_LIMITS.money, { error: INFORMATION_FIELD_MESSAGES.tooBig }),
);

/**
 * POST information: the editable fields of a lot (the entities and their fields Sale information + Information). A field left out is
 * kept; null (or '') clears it. The limits are the validation rules.
 */
export const informationUpdateSchema = z.object({
  layer_id: id(),
  codigo_comprador: optionalText(INFORMATION_LIMITS.codes),
  nome_comprador: optionalText(INFORMATION_LIMITS.nomeComprador),
  cpf_cnpj_comprador: buyerDocument,
  status_unidade: optionalText(INFORMATION_LIMITS.statuses),
  status: optionalText(INFORMATION_LIMITS.statuses),
  valor_venda: money,
  valor_inadimplencia: money,
  qtde_parcelas_vencidas: numberInput(
    z
      .number({ error: INFORMATION_FIELD_MESSAGES.notANumber })
      .int({ error: INFORMATION_FIELD_MESSAGES.notInteger })
      .min(0, { error: INFORMATION_FIELD_MESSAGES.negative })
      .max(INFORMATION_LIMITS.parcelas, { error: INFORMATION_FIELD_MESSAGES.tooBig }),
  ),
  codigo_venda: optionalText(INFORMATION_LIMITS.codes),
  data_venda: z.preprocess(
    (value) => (value === '' ? null : value),
    calendarDate(INFORMATION_FIELD_MESSAGES.invalidDate).nullable().optional(),
  ),
  inscricao_iptu: optionalText(INFORMATION_LIMITS.statuses),
  termo_posse: z.boolean().nullable().optional(),
  escritura: z.boolean().nullable().optional(),
  registro: z.boolean().nullable().optional(),
  status_construcao: optionalText(INFORMATION_LIMITS.statuses),
  status_escritura: optionalText(INFORMATION_LIMITS.statuses),
  notas: optionalText(INFORMATION_LIMITS.notas),
});
export type InformationUpdate = z.infer<typeof informationUpdateSchema>;
export type InformationUpdateInput = z.input<typeof informationUpdateSchema>;

/** The editable fields, in the dialog's order. */
export const INFORMATION_EDITABLE_FIELDS = [
  'codigo_comprador',
  'nome_comprador',
  'cpf_cnpj_comprador',
  'status_unidade',
  'status',
  'valor_venda',
  'valor_inadimplencia',
  'qtde_parcelas_vencidas',
  'codigo_venda',
  'data_venda',
  'inscricao_iptu',
  'termo_posse',
  'escritura',
  'registro',
  'status_construcao',
  'status_escritura',
  'notas',
] as const satisfies readonly (keyof InformationUpdate)[];
export type InformationEditableField = (typeof INFORMATION_EDITABLE_FIELDS)[number];

/**
 * What the finance module guards, hidden together from everyone without it (by the server, in the record, its
 * history and its alerts): the sale (code, date, the unit's sale status such as 'Vendido' or 'Quitado'), the buyer
 * (name, code, CPF/CNPJ), the payments (financial status, overdue instalments) and the values. Without the module a
 * map user sees the lot's registry and building fields only.
 */
export const INFORMATION_FINANCE_FIELDS = [
  'codigo_venda',
  'data_venda',
  'status_unidade',
  'codigo_comprador',
  'nome_comprador',
  'cpf_cnpj_comprador',
  'status',
  'qtde_parcelas_vencidas',
  'valor_venda',
  'valor_inadimplencia',
] as const;

/** Labels of the fields (dialog, history, columns). */
export const INFORMATION_FIELD_LABELS: Record<InformationEditableField | 'codigo_lote', string> = {
  codigo_lote: 'Código do lote',
  codigo_comprador: 'Código do comprador',
  nome_comprador: 'Comprador',
  cpf_cnpj_comprador: 'CPF/CNPJ do comprador',
  status_unidade: 'Status da unidade',
  status: 'Status financeiro',
  valor_venda: 'Valor de venda',
  valor_inadimplencia: 'Valor inadimplência',
  qtde_parcelas_vencidas: 'Parcelas vencidas',
  codigo_venda: 'Código da venda',
  data_venda: 'Data da venda',
  inscricao_iptu: 'Inscrição IPTU',
  termo_posse: 'Termo de posse',
  escritura: 'Escritura',
  registro: 'Registro',
  status_construcao: 'Status da construção',
  status_escritura: 'Status da escritura',
  notas: 'Notas',
};

/** Export query: the portfolio filters, the file type and the download's token. */
export const informationsExportSchema = informationFiltersSchema.extend({
  fileType: z.enum(['csv', 'xls']),
  api_token: text(512).optional(),
});
export type InformationsExportQuery = z.infer<typeof informationsExportSchema>;

/** One row of an import (the entities and their fields "Import result": each with boolean sucesso). */
export const importRowResultSchema = z.object({
  /** The spreadsheet row number (1 = header). */
  linha: z.number().int(),
  sucesso: z.boolean(),
  /** Why the row was refused, in pt-BR; empty when sucesso. */
  erros: z.array(z.string()),
});
export const importResultSchema = z.object({ list: z.array(importRowResultSchema) });
export type ImportResult = z.infer<typeof importResultSchema>;

/** The spreadsheet upload of the validation rules (limit 10 MB, .xls / .xlsx only). */
export const IMPORT_LIMITS = { maxBytes: 10 * 1024 * 1024 } as const;

const financeAccess = { kind: 'session', module: 'allotment.finance' } as const;

/** The window of the 'Vendido sem obra' alert, in months after the sale (the project's setting). */
export const SALE_ALERT_MONTHS = { min: 1, max: 120, default: 12 } as const;

export const FINANCE_SETTINGS_MESSAGES = {
  monthsInvalid: `Informe um número inteiro de meses entre ${SALE_ALERT_MONTHS.min} e ${SALE_ALERT_MONTHS.max}.`,
  forbidden: 'Somente administradores e gerentes alteram as configurações da carteira.',
  saved: 'Configurações da carteira salvas.',
  saveFailed: 'Não foi possível salvar as configurações da carteira:',
} as const;

/** The portfolio's settings (ADMIN or MANAGER): months a sold lot may stay empty before it is flagged. */
export const financeSettingsSchema = z.object({
  sale_alert_months: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: FINANCE_SETTINGS_MESSAGES.monthsInvalid })
      .int({ error: FINANCE_SETTINGS_MESSAGES.monthsInvalid })
      .min(SALE_ALERT_MONTHS.min, { error: FINANCE_SETTINGS_MESSAGES.monthsInvalid })
      .max(SALE_ALERT_MONTHS.max, { error: FINANCE_SETTINGS_MESSAGES.monthsInvalid }),
  ),
});
export type FinanceSettings = z.infer<typeof financeSettingsSchema>;
export type FinanceSettingsInput = z.input<typeof financeSettingsSchema>;

export const informationsApi = {
  list: defineEndpoint({
    method: 'POST',
    path: '/project/:id/informations',
    summary: 'Carteira do loteamento (Análise da carteira) com os filtros; alertas de venda × imagens',
    tags: ['finance'],
    access: financeAccess,
    // The API calls: a multipart body of filter fields; the handler also reads them form-encoded.
    encoding: 'multipart',
    params: idParams,
    body: informationFiltersSchema,
    response: informationListSchema,
    errorStatuses: [401, 403, 404],
  }),
  listByQuery: defineEndpoint({
    method: 'GET',
    path: '/information',
    summary: 'A mesma carteira, por query (projectId, lots, blocks, status, detectTypes, statusUnity)',
    tags: ['finance'],
    access: financeAccess,
    query: informationFiltersSchema.extend({ projectId: id() }),
    response: informationListSchema,
    errorStatuses: [401, 403, 404],
  }),
  settings: defineEndpoint({
    method: 'POST',
    path: '/project/:id/informations/settings',
    summary: "Configurações da carteira (ADMIN ou MANAGER): meses até o alerta 'Vendido sem obra'",
    tags: ['finance'],
    access: financeAccess,
    params: idParams,
    body: financeSettingsSchema,
    response: z.object({ sale_alert_months: z.number().int() }),
    errorStatuses: [401, 403, 404, 422],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/information/:id',
    summary: 'Informações de venda de um lote (id da camada) com o histórico de alterações',
    tags: ['finance'],
    access: { kind: 'session' },
    params: idParams,
    response: informationDetailSchema,
    errorStatuses: [401, 403, 404],
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/information',
    summary: 'Atualiza as informações de um lote (módulo allotment.finance); registra quem, quando e o quê',
    tags: ['finance'],
    access: financeAccess,
    body: informationUpdateSchema,
    response: informationDetailSchema,
    errorStatuses: [401, 403, 404, 422],
  }),
} as const;

/** Import and export of the portfolio (contract here; handlers in the finance-io feature). */
export const informationsIoApi = {
  export: defineEndpoint({
    method: 'GET',
    path: '/project/:id/informations/export',
    summary: 'Carteira em CSV ou .xlsx com os filtros atuais (download; sessão por cabeçalho ou ?api_token=)',
    tags: ['finance'],
    access: { ...DOWNLOAD_ACCESS, module: 'allotment.finance' },
    params: idParams,
    query: informationsExportSchema,
    response: fileResponse('text/csv', XLSX_CONTENT_TYPE),
    errorStatuses: [401, 403, 404, 422, 503],
  }),
  import: defineEndpoint({
    method: 'POST',
    path: '/project/:id/informations/import',
    summary: 'Importa a planilha da carteira (.xls/.xlsx, até 10 MB); resultado por linha',
    tags: ['finance'],
    access: financeAccess,
    encoding: 'multipart',
    params: idParams,
    /** One part `file` (the spreadsheet), read and checked by the handler. */
    body: z.object({}),
    response: importResultSchema,
    errorStatuses: [401, 403, 404, 413, 415, 422, 503],
  }),
  example: defineEndpoint({
    method: 'GET',
    path: '/informations/import/example/:projectId',
    summary: 'Modelo .xlsx da importação da carteira (etapa na 1ª coluna quando o projeto tem etapas)',
    tags: ['finance'],
    access: { ...DOWNLOAD_ACCESS, module: 'allotment.finance' },
    params: z.object({ projectId: id() }),
    query: z.object({ api_token: text(512).optional() }),
    response: fileResponse(XLSX_CONTENT_TYPE),
    errorStatuses: [401, 403, 404],
  }),
} as const;
