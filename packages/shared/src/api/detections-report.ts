import { z } from 'zod';
import { defineEndpoint, DOWNLOAD_ACCESS, fileResponse } from './endpoint';
import { calendarDate, idParams, list, text } from './input-rules';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Texts of the detections report, word for word. */
export const DETECTIONS_REPORT_MESSAGES = {
  title: 'Lista de detecções',
  titleSuffix: 'Relatório',
  processingNotFinished: 'O processamento do projeto ainda não foi finalizado',
  emptyResults: 'Não foram encontrados resultados com estes filtros de pesquisa.',
  kept: 'Igual',
  changed: 'Modificado',
} as const;

/** Row status of the entities and their fields: 'Igual' when the lot kept its status over the shown dates, else 'Modificado'. */
export const ROW_STATUSES = ['Igual', 'Modificado'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

/** 'and' = E (the two dates only); 'between' = Entre (every analysis date from start to end). */
export const DATE_TYPES = ['and', 'between'] as const;
export type DateType = (typeof DATE_TYPES)[number];

const isoDate = calendarDate('Data inválida: use AAAA-MM-DD.');
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A comma-joined list, also accepted as repeated keys; blank or absent means "no filter". */
const textList = z.preprocess((value) => {
  if (value === undefined || value === null || value === '') return undefined;
  const items = Array.isArray(value) ? value.map(String) : String(value).split(',');
  return items.map((item) => item.trim()).filter((item) => item !== '');
}, list(text()).optional());

/** The report filters, shared by detections-history (form body) and the exports (query). */
export const detectionsFiltersSchema = z.object({
  startDate: z.preprocess(blankToUndefined, isoDate.optional()),
  endDate: z.preprocess(blankToUndefined, isoDate.optional()),
  dateType: z.preprocess(blankToUndefined, z.enum(DATE_TYPES).default('and')),
  detectTypes: textList,
  blocks: textList,
  lots: textList,
  stage: textList,
  /** Text searched in the lots' observations (case-insensitive). */
  obs: z.preprocess(blankToUndefined, text().optional()),
});
export type DetectionsFilters = z.infer<typeof detectionsFiltersSchema>;
export type DetectionsFiltersInput = z.input<typeof detectionsFiltersSchema>;

const cell = z.union([z.string(), z.number(), z.null()]);

/**
 * One lot of the report: fixed fields plus `date_{n}` (status key on uniqueDates[n], 'X' when none) and
 * `status_name_date_{n}` (its name).
 */
export const detectionRowSchema = z
  .object({
    layer_id: z.number().int(),
    customer_code: z.string().nullable(),
    block: z.string().nullable(),
    tag_value: z.string().nullable(),
    stage: z.string().nullable(),
    status: z.enum(ROW_STATUSES),
    last_status: z.string(),
    obs: z.string().nullable(),
  })
  .catchall(cell);
export type DetectionRow = z.infer<typeof detectionRowSchema>;

export const statusCountSchema = z.object({ key: z.string(), name: z.string(), value: z.number().int() });
export type StatusCount = z.infer<typeof statusCountSchema>;

export const detectionsHistorySchema = z.object({
  /** The dates shown as columns, ascending (YYYY-MM-DD). */
  uniqueDates: z.array(z.string()),
  /**
   * One row per lot, `date_{n}`/`status_name_date_{n}` for each of uniqueDates. The server writes this answer
   * with JSON.stringify, not through the zod response serialiser (5,000 rows × 48 dynamic keys); the API test
   * validates every answer against this schema.
   */
  tableRows: z.array(detectionRowSchema),
  diffStatus: z.object({ total: z.number().int(), changed: z.number().int(), kept: z.number().int() }),
  /** Blocks of the project with their lots (lots sorted numerically), for the quadra and lote filters. */
  blocksAvailable: z.array(z.object({ block: z.string(), lots: z.array(z.string()) })),
  stagesAvailable: z.array(z.string()),
  /** Counts on the start date and on the end date, type O last. */
  initialStatuses: z.array(statusCountSchema),
  finalStatuses: z.array(statusCountSchema),
  /** Every processed analysis date the caller may see, ascending. */
  datesAvailable: z.array(z.string()),
  /** The filters applied (dates swapped when reversed, defaulted to the last date). */
  startDate: z.string(),
  endDate: z.string(),
  dateType: z.enum(DATE_TYPES),
});
export type DetectionsHistory = z.infer<typeof detectionsHistorySchema>;

/** Extra query options of the export. */
export const detectionsExportSchema = detectionsFiltersSchema.extend({
  fileType: z.enum(['csv', 'xls']),
  /** Only the end date's column. */
  only_last_date: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : ['1', 'true'].includes(String(value))),
    z.boolean().optional(),
  ),
  /** With specific_date: only lots whose status on that date is this detection key (side-table modals). */
  specific_status: z.preprocess(blankToUndefined, text(2).optional()),
  specific_date: z.preprocess(blankToUndefined, isoDate.optional()),
  /** Only 'Igual' or 'Modificado' lots (summary-tag modals). */
  status_type: z.preprocess(blankToUndefined, z.enum(ROW_STATUSES).optional()),
  api_token: text(512).optional(),
});
export type DetectionsExportQuery = z.infer<typeof detectionsExportSchema>;

const detectionsAccess = { kind: 'session' } as const;

export const detectionsReportApi = {
  history: defineEndpoint({
    method: 'POST',
    path: '/project/:id/detections-history',
    summary: 'Histórico de detecções dos lotes (relatório Lista de detecções); 404 sem processamento',
    tags: ['detections'],
    access: detectionsAccess,
    encoding: 'form',
    params: idParams,
    body: detectionsFiltersSchema,
    response: detectionsHistorySchema,
    errorStatuses: [401, 403, 404],
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/project/:id/allotments/export',
    summary: 'Lista de detecções em CSV ou .xlsx (download; sessão por cabeçalho ou ?api_token=)',
    tags: ['detections'],
    access: DOWNLOAD_ACCESS,
    params: idParams,
    query: detectionsExportSchema,
    response: fileResponse('text/csv', XLSX_CONTENT_TYPE),
    errorStatuses: [401, 403, 404, 422, 503],
  }),
  exportFusion: defineEndpoint({
    method: 'GET',
    path: '/project/:id/allotments/export-fusion',
    summary: 'O mesmo download da Lista de detecções (nome mantido pelos clientes antigos)',
    tags: ['detections'],
    access: DOWNLOAD_ACCESS,
    params: idParams,
    query: detectionsExportSchema,
    response: fileResponse('text/csv', XLSX_CONTENT_TYPE),
    errorStatuses: [401, 403, 404, 422, 503],
  }),
} as const;
