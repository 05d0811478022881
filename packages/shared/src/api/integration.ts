import { z } from 'zod';
import {
  ERPS,
  INTEGRATION_MESSAGES as M,
  NOTIFICATION_FREQUENCIES,
  SALES_STATUS_KEYS,
  SYNC_STATUSES,
  SYNC_TRIGGERS,
  UNIT_FIELD_KEYS,
  type Erp,
  type NotificationFrequency,
} from '../domain/integration';
import { defineEndpoint } from './endpoint';
import {
  megaCredentialsInputSchema,
  uauCredentialsInputSchema,
  siengeCredentialsInputSchema,
  megaCredentialsSchema,
  uauCredentialsSchema,
  siengeCredentialsSchema,
} from './integration-credentials';
import { id, list, text } from './input-rules';

/*
 * The ERP integration (7 "Integration", 8). Paths and field names are the API calls. Every call is
 * the customer's: a non-ADMIN works on his own customer (and only on the allotment projects he sees); an ADMIN
 * passes `customer_id` (the selected project's customerId) and may work on any customer. Access: ADMIN always,
 * others with the module allotment.integration (403 MODULE_NOT_AVAILABLE otherwise).
 *
 * Credentials are stored encrypted (AES-256-GCM) and never sent back in full: GET answers the URLs and the
 * user name, and only whether a password (and UAU integration token) is saved. A POST with the password left
 * blank keeps the saved one ('Informe a senha.' when none is saved).
 */

const ACCESS = { kind: 'session', module: 'allotment.integration' } as const;
const TAGS = ['integration'] as const;
const ERRORS = [403, 404, 422] as const;
/** The ERP's own errors (unreachable, credentials refused, 429 after the retries, time-out): 502 ERP_UNAVAILABLE. */
const ERP_ERRORS = [403, 404, 422, 502] as const;

/** `customer_id`: whose integration (ADMIN only; others may omit it or give their own). */
export const integrationCustomerQuery = z.object({ customer_id: id().optional() });
export type IntegrationCustomerQuery = z.infer<typeof integrationCustomerQuery>;

export const erpSchema = z.enum(ERPS);

// --------------------------------------------------------------------------------------------- notification

export const notificationInputSchema = z.object({
  email: text(255, { required: M.emailRequired })
    .trim()
    .min(1, { error: M.emailRequired })
    .email({ error: M.emailInvalid }),
  frequency: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: M.frequencyRequired })
      .int({ error: M.frequencyRequired })
      .min(1, { error: M.frequencyRequired })
      .max(30, { error: M.frequencyRequired })
      .refine((days) => (NOTIFICATION_FREQUENCIES as readonly number[]).includes(days), {
        error: M.frequencyRequired,
      })
      .transform((days) => days as NotificationFrequency),
  ),
});
export type NotificationInput = z.input<typeof notificationInputSchema>;

export const notificationSchema = z.object({
  email: z.string().nullable(),
  frequency: z.union(NOTIFICATION_FREQUENCIES.map((days) => z.literal(days))).nullable(),
});
export type NotificationSettings = z.infer<typeof notificationSchema>;

// ------------------------------------------------------------------------------------------------ sync runs

export const syncErrorSchema = z.object({
  project_id: z.number().int().nullable(),
  project_name: z.string().nullable(),
  /** The wallet (ERP enterprise code) the error is about, when it is about one. */
  customer_code: z.string().nullable(),
  message: z.string(),
});

export const syncRunSchema = z.object({
  id: z.number().int(),
  erp: erpSchema,
  trigger: z.enum(SYNC_TRIGGERS),
  status: z.enum(SYNC_STATUSES),
  /** ISO timestamps. */
  queued_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Units the ERP sent for the linked wallets. */
  units_read: z.number().int(),
  /** Lots whose finance row changed. */
  units_changed: z.number().int(),
  /** Units of the ERP that matched no lot of the allotment. */
  units_unmatched: z.number().int(),
  errors: z.array(syncErrorSchema),
});
export type SyncRun = z.infer<typeof syncRunSchema>;

/** The state of one ERP's integration for the customer, for the page's header and the wizard's last step. */
export const erpIntegrationStatusSchema = z.object({
  erp: erpSchema,
  credentials_saved: z.boolean(),
  notification_saved: z.boolean(),
  /** When the wizard was last completed (ISO); null: never. */
  completed_at: z.string().nullable(),
  /** Linked allotments synchronised from this ERP. */
  project_ids: z.array(z.number().int()),
  running: z.boolean(),
  last_finished_at: z.string().nullable(),
  /** When the scheduled synchronisation runs next (ISO), null when not configured. */
  next_run_at: z.string().nullable(),
});
export type ErpIntegrationStatus = z.infer<typeof erpIntegrationStatusSchema>;

export const syncRunsQuery = integrationCustomerQuery.extend({
  erp: erpSchema.optional(),
  limit: z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
    z.number().int().min(1).max(100).optional(),
  ),
});

export const syncRunsSchema = z.object({
  status: z.array(erpIntegrationStatusSchema),
  /** Newest first. */
  runs: z.array(syncRunSchema),
});
export type SyncRuns = z.infer<typeof syncRunsSchema>;

// ---------------------------------------------------------------------------------- projects and wallets

export const walletLinkSchema = z.object({
  project_id: z.number().int(),
  /** The ERP's allotment (wallet) code: Mega CodigoIntEmpreendimento, UAU Codigo_emp, Sienge enterprise id. */
  customer_code: z.string(),
  /** A STAGE layer of the project, or null for the whole allotment. */
  layer_id: z.number().int().nullable(),
  layer_name: z.string().nullable(),
});
export type WalletLink = z.infer<typeof walletLinkSchema>;

/** GET customer/projects (id, name, wallet_links, layers): the customer's allotments the user sees. */
export const integrationProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  wallet_links: z.array(walletLinkSchema),
  /** The project's stages (STAGE layers), for 'Vincular etapa'. */
  layers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The ERP this allotment is synchronised from (POST integration/{erp}/projects), null when none. */
  erp: erpSchema.nullable(),
});
export type IntegrationProject = z.infer<typeof integrationProjectSchema>;

export const walletLinkQuery = integrationCustomerQuery.extend({ project_id: id() });

/**
 * POST /integration/wallet-link: replaces the project's links. Rows without a wallet code are ignored and
 * duplicates (customer_code + layer_id) are merged; a stage must be one of the project's.
 */
export const walletLinkInputSchema = z.object({
  project_id: id(),
  links: list(
    z.object({
      customer_code: text(100).trim().nullable().optional(),
      layer_id: id().nullable().optional(),
    }),
    500,
  ),
});
export type WalletLinkInput = z.input<typeof walletLinkInputSchema>;

/** POST /integration/{erp}/projects: the allotments synchronised from this ERP (each needs wallet links). */
export const erpProjectsInputSchema = z.object({ projects: list(id(), 1000) });

export const megaErpProjectSchema = z.object({
  CodigoIntEmpreendimento: z.string(),
  NomeEmpreendimentoWeb: z.string(),
});
export const uauErpProjectSchema = z.object({ Codigo_emp: z.string(), Desc_emp: z.string() });
export const siengeErpProjectSchema = z.object({ id: z.string(), name: z.string() });
export type MegaErpProject = z.infer<typeof megaErpProjectSchema>;
export type UauErpProject = z.infer<typeof uauErpProjectSchema>;
export type SiengeErpProject = z.infer<typeof siengeErpProjectSchema>;

// ---------------------------------------------------------------------------------------------- mappings

/** UAU's unit fields offered for mapping (list key, value). */
export const erpFieldOptionsSchema = z.array(z.object({ key: z.string(), value: z.string() }));

const unitFieldValue = text(100, { required: M.unitFieldRequired })
  .trim()
  .min(1, { error: M.unitFieldRequired });
export const unitFieldsSchema = z.object(
  Object.fromEntries(UNIT_FIELD_KEYS.map((key) => [key, z.string()])) as Record<
    (typeof UNIT_FIELD_KEYS)[number],
    z.ZodString
  >,
);
export const unitFieldsInputSchema = z.object(
  Object.fromEntries(UNIT_FIELD_KEYS.map((key) => [key, unitFieldValue])) as Record<
    (typeof UNIT_FIELD_KEYS)[number],
    typeof unitFieldValue
  >,
);
export type UnitFields = z.infer<typeof unitFieldsSchema>;

const statusValue = z.preprocess(
  (value) => {
    if (value === '' || value === undefined) return null;
    if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
    return value;
  },
  z
    .number({ error: M.salesStatusInvalid })
    .int({ error: M.salesStatusInvalid })
    .min(0, { error: M.salesStatusInvalid })
    .max(1_000_000, { error: M.salesStatusInvalid })
    .nullable(),
);
export const salesStatusSchema = z.object(
  Object.fromEntries(SALES_STATUS_KEYS.map((key) => [key, z.number().int().nullable()])) as Record<
    (typeof SALES_STATUS_KEYS)[number],
    z.ZodNullable<z.ZodNumber>
  >,
);
export const salesStatusInputSchema = z.object(
  Object.fromEntries(SALES_STATUS_KEYS.map((key) => [key, statusValue.optional()])) as Record<
    (typeof SALES_STATUS_KEYS)[number],
    z.ZodOptional<typeof statusValue>
  >,
);
export type SalesStatusMapping = z.infer<typeof salesStatusSchema>;

// --------------------------------------------------------------------------------------------- endpoints

const credentialSchemas = {
  mega: { input: megaCredentialsInputSchema, view: megaCredentialsSchema },
  uau: { input: uauCredentialsInputSchema, view: uauCredentialsSchema },
  sienge: { input: siengeCredentialsInputSchema, view: siengeCredentialsSchema },
} as const;

const erpProjectSchemas = {
  mega: megaErpProjectSchema,
  uau: uauErpProjectSchema,
  sienge: siengeErpProjectSchema,
} as const;

/** POST notification completes the wizard: the first synchronisation is queued at once. */
export const notificationSavedSchema = notificationSchema.extend({ sync_run: syncRunSchema.nullable() });

/** The calls of one ERP's wizard (integration/{mega|uau|sienge}/…). */
function erpEndpoints<E extends Erp>(erp: E) {
  const name = erp.toUpperCase();
  return {
    getCredentials: defineEndpoint({
      method: 'GET',
      path: `/integration/${erp}/credentials`,
      summary: `Credenciais salvas do ${name} (sem a senha)`,
      tags: TAGS,
      access: ACCESS,
      query: integrationCustomerQuery,
      response: credentialSchemas[erp].view,
      errorStatuses: ERRORS,
    }),
    saveCredentials: defineEndpoint({
      method: 'POST',
      path: `/integration/${erp}/credentials`,
      summary: `Testar e salvar as credenciais do ${name} (criptografadas)`,
      tags: TAGS,
      access: ACCESS,
      query: integrationCustomerQuery,
      body: credentialSchemas[erp].input,
      response: credentialSchemas[erp].view,
      errorStatuses: ERP_ERRORS,
    }),
    getNotification: defineEndpoint({
      method: 'GET',
      path: `/integration/${erp}/notification`,
      summary: `E-mail e periodicidade das notificações do ${name}`,
      tags: TAGS,
      access: ACCESS,
      query: integrationCustomerQuery,
      response: notificationSchema,
      errorStatuses: ERRORS,
    }),
    saveNotification: defineEndpoint({
      method: 'POST',
      path: `/integration/${erp}/notification`,
      summary: `Salvar a notificação do ${name} e concluir o assistente (a primeira sincronização começa)`,
      tags: TAGS,
      access: ACCESS,
      query: integrationCustomerQuery,
      body: notificationInputSchema,
      response: notificationSavedSchema,
      errorStatuses: ERRORS,
    }),
    listErpProjects: defineEndpoint({
      method: 'GET',
      path: `/integration/${erp}/projects`,
      summary: `Empreendimentos (carteiras) cadastrados no ${name}, lidos do ERP`,
      tags: TAGS,
      access: ACCESS,
      query: integrationCustomerQuery,
      response: z.array(erpProjectSchemas[erp]),
      errorStatuses: ERP_ERRORS,
    }),
    saveProjects: defineEndpoint({
      method: 'POST',
      path: `/integration/${erp}/projects`,
      summary: `Loteamentos sincronizados pelo ${name}`,
      tags: TAGS,
      access: ACCESS,
      query: integrationCustomerQuery,
      body: erpProjectsInputSchema,
      response: z.array(integrationProjectSchema),
      errorStatuses: ERRORS,
    }),
    sync: defineEndpoint({
      method: 'POST',
      path: `/integration/${erp}/sync`,
      summary: `Sincronizar agora com o ${name} (ou devolver a sincronização já na fila)`,
      tags: TAGS,
      access: ACCESS,
      query: integrationCustomerQuery,
      response: syncRunSchema,
      errorStatuses: ERRORS,
    }),
  } as const;
}

export const megaIntegrationApi = erpEndpoints('mega');
export const uauIntegrationApi = erpEndpoints('uau');
export const siengeIntegrationApi = erpEndpoints('sienge');

/** One ERP's wizard calls by its name: `erpIntegrationApi[erp].saveNotification`. */
export const erpIntegrationApi = {
  mega: megaIntegrationApi,
  uau: uauIntegrationApi,
  sienge: siengeIntegrationApi,
} as const;

/** The calls shared by the three wizards and the page. */
export const integrationApi = {
  uauUnitFieldOptions: defineEndpoint({
    method: 'GET',
    path: '/integration/uau/unit-fields',
    summary: 'Campos de unidade do UAU oferecidos no mapeamento',
    tags: TAGS,
    access: ACCESS,
    query: integrationCustomerQuery,
    response: erpFieldOptionsSchema,
    errorStatuses: ERRORS,
  }),
  uauSalesStatusOptions: defineEndpoint({
    method: 'GET',
    path: '/integration/uau/sales-status',
    summary: 'Códigos de status de unidade do UAU (Vendido_unid)',
    tags: TAGS,
    access: ACCESS,
    query: integrationCustomerQuery,
    response: z.array(z.number().int()),
    errorStatuses: ERRORS,
  }),
  getUnitFields: defineEndpoint({
    method: 'GET',
    path: '/integration/unit-fields',
    summary: 'Mapeamento dos campos de unidade (padrão: cada chave para o próprio nome)',
    tags: TAGS,
    access: ACCESS,
    query: integrationCustomerQuery,
    response: unitFieldsSchema,
    errorStatuses: ERRORS,
  }),
  saveUnitFields: defineEndpoint({
    method: 'POST',
    path: '/integration/unit-fields',
    summary: 'Salvar o mapeamento dos campos de unidade',
    tags: TAGS,
    access: ACCESS,
    query: integrationCustomerQuery,
    body: unitFieldsInputSchema,
    response: unitFieldsSchema,
    errorStatuses: ERRORS,
  }),
  getSalesStatus: defineEndpoint({
    method: 'GET',
    path: '/integration/sales-status',
    summary: 'Mapeamento dos status de venda para os status do ERP',
    tags: TAGS,
    access: ACCESS,
    query: integrationCustomerQuery,
    response: salesStatusSchema,
    errorStatuses: ERRORS,
  }),
  saveSalesStatus: defineEndpoint({
    method: 'POST',
    path: '/integration/sales-status',
    summary: 'Salvar o mapeamento dos status de venda (número do ERP ou nenhum)',
    tags: TAGS,
    access: ACCESS,
    query: integrationCustomerQuery,
    body: salesStatusInputSchema,
    response: salesStatusSchema,
    errorStatuses: ERRORS,
  }),
  customerProjects: defineEndpoint({
    method: 'GET',
    path: '/customer/projects',
    summary: 'Loteamentos do cliente com carteiras vinculadas e etapas',
    tags: TAGS,
    access: ACCESS,
    query: integrationCustomerQuery,
    response: z.array(integrationProjectSchema),
    errorStatuses: ERRORS,
  }),
  getWalletLinks: defineEndpoint({
    method: 'GET',
    path: '/integration/wallet-link',
    summary: 'Carteiras vinculadas a um loteamento',
    tags: TAGS,
    access: ACCESS,
    query: walletLinkQuery,
    response: z.array(walletLinkSchema),
    errorStatuses: ERRORS,
  }),
  saveWalletLinks: defineEndpoint({
    method: 'POST',
    path: '/integration/wallet-link',
    summary: 'Substituir as carteiras vinculadas a um loteamento',
    tags: TAGS,
    access: ACCESS,
    query: integrationCustomerQuery,
    body: walletLinkInputSchema,
    response: z.array(walletLinkSchema),
    errorStatuses: ERRORS,
  }),
  syncRuns: defineEndpoint({
    method: 'GET',
    path: '/integration/sync-runs',
    summary: 'Estado de cada ERP e o registro das sincronizações (mais recentes primeiro)',
    tags: TAGS,
    access: ACCESS,
    query: syncRunsQuery,
    response: syncRunsSchema,
    errorStatuses: ERRORS,
  }),
} as const;
