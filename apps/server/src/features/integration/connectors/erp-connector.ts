import type { OutboundFetch } from '../../../outbound/outbound-fetch';

/**
 * The ERP connector contract: one interface, one implementation per vendor (Mega, UAU, Sienge), built
 * by `createConnector` (./create-connector.ts, signature `CreateConnector` below). Everything the integration needs from an ERP goes through here:
 * the wizards list the ERP's enterprises (allotments) to link, the synchronisation reads units, sales, buyers and
 * instalments and writes the finance rows of the linked allotments.
 *
 * Folder layout of the integration feature (apps/server/src/features/integration/):
 * - `connectors/`  this contract, the three vendor clients, their HTTP plumbing (auth, paging, 429 back-off,
 *                  daily quotas, time-outs, vendor error bodies → pt-BR messages);
 * - `simulators/`  one local HTTP simulator per vendor (node:http on 127.0.0.1, random port) for tests and demo;
 * - `sync/`        the scheduled synchronisation (pg-boss), its run log (migration 023) and its e-mail;
 * - the rest (routes, config tables of migration 022, encrypted credentials, config service): the wizards' side.
 *
 * Rules every implementation keeps:
 * - Every call takes an optional AbortSignal and also stops after `timeoutMs` (default 30 s) per HTTP request.
 * - Every failure is an `ErpError` whose `message` is pt-BR and shown to the user as is
 *   ('Não foi possível concluir a requisição: {message}'); `reason` says what kind of failure it was.
 * - 429: waits (Retry-After when given, else 1 s, 2 s, 4 s… up to `maxRetries`), then fails with reason
 *   'rate_limit'; a spent daily quota fails at once with reason 'quota' (no retrying until the next day).
 * - Paged lists (Sienge limit/offset) are read to the end; the caller gets whole lists.
 * - Codes are strings (Mega's ids are encrypted strings, UAU's Codigo_emp is an integer, Sienge's ids integers).
 */

/** The three ERPs, in the order of the integration page's tabs (tab 2, 3, 4). */
export const ERP_KINDS = ['mega', 'uau', 'sienge'] as const;
export type ErpKind = (typeof ERP_KINDS)[number];

/**
 * Mega (mega_url1, mega_username, mega_password, mega_url2). The API is split into servers:
 * `authUrl` (mega_url1) serves /api/Auth/SignIn and /api/Auth/RefreshToken, `apiUrl` (mega_url2) the
 * globalestruturas and Carteira resources. `tenantId` is only needed on MegaCloud.
 */
export interface MegaCredentials {
  authUrl: string;
  apiUrl: string;
  username: string;
  password: string;
  tenantId?: string | null;
}

/**
 * UAU (uau_url, uau_username, uau_password). `url` is the API base, e.g.
 * https://host:50801/uauAPI/api/v1.0. UAU also needs the integration token Globaltec issues
 * (`X-INTEGRATION-Authorization`, the vendor's documentation): a 4th credential field.
 */
export interface UauCredentials {
  url: string;
  username: string;
  password: string;
  integrationToken: string;
}

/**
 * Sienge (sienge_url, sienge_username, sienge_password). `url` is the full base
 * (https://api.sienge.com.br/<sub>/public/api) or just the subdomain; the API user of the Painel de Integrações.
 */
export interface SiengeCredentials {
  url: string;
  username: string;
  password: string;
}

export interface ErpCredentialsByKind {
  mega: MegaCredentials;
  uau: UauCredentials;
  sienge: SiengeCredentials;
}

/** An ERP enterprise (allotment) the wizards offer for linking: UAU Codigo_emp/Desc_emp, Mega codigo/nome, Sienge id/name. */
export interface ErpEnterprise {
  code: string;
  description: string;
}

/** A block (quadra) of an enterprise: Mega's Bloco; UAU and Sienge have none of their own (parsed from unit labels). */
export interface ErpBlock {
  code: string;
  name: string;
}

/**
 * A unit (lot) as the ERP has it. `fields` holds the vendor's raw unit fields by their ERP names (UAU
 * `Identificador_unid`, `Prod_unid`, `Obra_unid`, `NumPer_unid`…) as strings: the unit-field mapping of the
 * wizard (lot_code, product_code, job_code, customization_number, block, lot → ERP field) reads them.
 * `status` is the vendor's status code (UAU Vendido_unid integer, Sienge commercialStock letter, Mega situation),
 * matched against the sales-status mapping.
 */
export interface ErpUnit {
  id: string;
  enterpriseCode: string;
  /** The human label, e.g. 'Q07-L12'. */
  label: string;
  block: string | null;
  lot: string | null;
  status: string | null;
  /** The sale that holds the unit, when sold. */
  saleCode: string | null;
  fields: Record<string, string | null>;
}

/** A sale (contract) of an enterprise. Dates are YYYY-MM-DD; money in reais. */
export interface ErpSale {
  code: string;
  enterpriseCode: string;
  /** Units of the sale (ErpUnit.id). */
  unitIds: string[];
  buyerCode: string | null;
  buyerName: string | null;
  date: string | null;
  value: number | null;
  /** The vendor's sale status as text ('Ativo', 'Cancelado', 'Quitado', '0'…). */
  status: string | null;
  cancelled: boolean;
}

export interface ErpBuyer {
  code: string;
  name: string;
  /** CPF or CNPJ, digits only, when the ERP gives it. */
  document: string | null;
}

/** One open (unpaid) instalment of a sale. */
export interface ErpInstalment {
  saleCode: string;
  number: string;
  dueDate: string;
  /** Original (principal) value. */
  value: number;
  /** The present value with correction, interest and fines (UAU Valor_reaj, Sienge correctedBalanceAmount…). */
  correctedValue: number;
  interest: number;
  fine: number;
}

/** The open instalments of an enterprise split at `referenceDate`: due (today or later) and overdue (before). */
export interface ErpInstalments {
  due: ErpInstalment[];
  overdue: ErpInstalment[];
}

/** A sale's default (inadimplência): overdue instalments and their value with interest and fines. */
export interface ErpDefault {
  saleCode: string;
  overdueCount: number;
  /** The sum of the overdue instalments' corrected values (principal + correction + interest + fines). */
  value: number;
  interest: number;
  fine: number;
}

/** A unit field the UAU wizard offers for mapping (the API calls GET integration/uau/unit-fields: key, value). */
export interface ErpFieldOption {
  key: string;
  value: string;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** Failure kinds: the message is always pt-BR and user-facing. */
export type ErpErrorReason =
  | 'auth' // credentials refused (401/403, UAU login refused)
  | 'rate_limit' // 429 still after the retries
  | 'quota' // the daily quota is spent (Sienge), no retry until tomorrow
  | 'timeout' // no answer within timeoutMs
  | 'aborted' // the caller's signal aborted
  | 'malformed' // a response that is not what the vendor documents
  | 'not_found'
  | 'server' // other vendor error (4xx/5xx) with the vendor's own message when it gave one
  | 'network' // connection refused, DNS…
  | 'refused'; // the URL points at an internal address or redirects elsewhere: never called

export class ErpError extends Error {
  constructor(
    readonly reason: ErpErrorReason,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ErpError';
  }
}

/** What every ERP client does. All lists are whole (paging is done inside). */
export interface ErpConnector {
  readonly erp: ErpKind;
  /** Checks the credentials (signs in / reads one page); throws ErpError('auth') when refused. */
  testConnection(options?: CallOptions): Promise<void>;
  /** The ERP's enterprises (allotments) with code and description. */
  listEnterprises(options?: CallOptions): Promise<ErpEnterprise[]>;
  listBlocks(enterpriseCode: string, options?: CallOptions): Promise<ErpBlock[]>;
  listUnits(enterpriseCode: string, options?: CallOptions): Promise<ErpUnit[]>;
  /** The enterprise's sales, cancelled ones included (flagged). */
  listSales(enterpriseCode: string, options?: CallOptions): Promise<ErpSale[]>;
  listBuyers(enterpriseCode: string, options?: CallOptions): Promise<ErpBuyer[]>;
  /** Open instalments due and overdue at `referenceDate` (YYYY-MM-DD, default today). */
  listInstalments(
    enterpriseCode: string,
    options?: CallOptions & { referenceDate?: string },
  ): Promise<ErpInstalments>;
  /** Per sale with overdue instalments: count and value with interest and fines at `referenceDate`. */
  listDefaults(
    enterpriseCode: string,
    options?: CallOptions & { referenceDate?: string },
  ): Promise<ErpDefault[]>;
  /** The vendor's unit fields for the unit-field mapping (the UAU wizard's step 3). */
  unitFieldOptions(): ErpFieldOption[];
  /** The vendor's unit status codes for the sales-status mapping (the API calls GET integration/uau/sales-status). */
  salesStatusOptions(): number[];
}

export interface ConnectorOptions {
  /**
   * The customer the credentials belong to. Mega keeps one token manager per customer (a new refresh token
   * invalidates the previous one, so two sign-ins for one ERP user would log each other out).
   */
  customerId: number;
  /** Per HTTP request; default 30,000 ms. */
  timeoutMs?: number;
  /** 429 retries before giving up; default 3. */
  maxRetries?: number;
  /**
   * Every HTTP call goes through it (`outbound/outbound-fetch.ts`): the ERP's URL is typed by a user, so internal
   * addresses are refused unless allowed by name, the connection is pinned to the checked addresses and redirects
   * leave the origin never.
   */
  outbound: OutboundFetch;
  /** Injected in tests (default: a setTimeout-based sleep that honours the signal). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** "Today" for due/overdue splits (YYYY-MM-DD); default the current date in America/Sao_Paulo. */
  today?: () => string;
}

export type CreateConnector = <E extends ErpKind>(
  erp: E,
  credentials: ErpCredentialsByKind[E],
  options: ConnectorOptions,
) => ErpConnector;
