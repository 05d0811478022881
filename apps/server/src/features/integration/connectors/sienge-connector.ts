import {
  type ConnectorOptions,
  type ErpConnector,
  type ErpDefault,
  type ErpInstalment,
  type SiengeCredentials,
} from './erp-connector';
import {
  blockLotOf,
  codeOf,
  createErpHttp,
  dateOf,
  isRecord,
  malformed,
  money,
  numberOf,
  todayInBrazil,
  type VendorFailure,
} from './erp-http';
import { splitInstalments, defaultsOf } from './instalments';

const VENDOR = 'Sienge';
/** Sienge's maximum page (the vendor's documentation: limit default 100, max 200). */
export const SIENGE_PAGE = 200;

/** `https://api.sienge.com.br/<sub>/public/api` from the full base (with or without /v1) or the subdomain alone. */
export function siengeBase(url: string): string {
  const trimmed = url.trim().replace(/\/+$/, '');
  if (/^https?:\/\//i.test(trimmed)) return trimmed.replace(/\/v1$/, '');
  const subdomain = trimmed.replace(/\.sienge\.com\.br.*$/i, '');
  return `https://api.sienge.com.br/${encodeURIComponent(subdomain)}/public/api`;
}

/** Sienge's error body {status, developerMessage, clientMessage, errors[{field,message}]}. */
export function siengeFailure(status: number, body: unknown): VendorFailure {
  if (!isRecord(body)) return { message: null };
  const client = typeof body.clientMessage === 'string' ? body.clientMessage : null;
  const errors = Array.isArray(body.errors)
    ? body.errors
        .filter(isRecord)
        .map((error) => [error.field, error.message].filter((part) => typeof part === 'string').join(': '))
        .filter((text) => text !== '')
    : [];
  const message = [client, ...errors].filter(Boolean).join('; ') || null;
  const developer = typeof body.developerMessage === 'string' ? body.developerMessage : '';
  return {
    message,
    quota: status === 429 && /di[aá]ri|daily|quota|cota/i.test(`${developer} ${client ?? ''}`),
  };
}

interface Page {
  count: number;
  results: unknown[];
}

function pageOf(body: unknown, path: string): Page {
  if (!isRecord(body) || !isRecord(body.resultSetMetadata) || !Array.isArray(body.results))
    throw malformed(VENDOR, `${path} sem resultSetMetadata/results`);
  const count = numberOf(body.resultSetMetadata.count);
  if (count === null) throw malformed(VENDOR, `${path} sem resultSetMetadata.count`);
  return { count, results: body.results };
}

/**
 * Sienge REST v1 (the vendor's documentation): HTTP Basic with the Painel de Integrações user, limit/offset paging read to
 * `count`, 429 back-off (per-minute limit) and the daily quota (fails at once), the error body's clientMessage.
 * Enterprises /v1/enterprises; units /v1/units?enterpriseId (quadra/lote parsed from the unit name); sales
 * /v1/sales-contracts?enterpriseId; instalments from the bulk /bulk-data/v1/income (balanceAmount > 0).
 */
export function createSiengeConnector(
  credentials: SiengeCredentials,
  options: ConnectorOptions,
): ErpConnector {
  const base = siengeBase(credentials.url);
  const http = createErpHttp({ ...options, vendor: VENDOR, readFailure: siengeFailure });
  const authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  const today = options.today ?? todayInBrazil;

  async function get(path: string, query: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const { body } = await http.send({ method: 'GET', url: url.href, headers: { authorization }, signal });
    return body;
  }

  async function all(path: string, query: Record<string, string>, signal?: AbortSignal): Promise<unknown[]> {
    const rows: unknown[] = [];
    for (let offset = 0; ; offset += SIENGE_PAGE) {
      const page = pageOf(
        await get(path, { ...query, limit: String(SIENGE_PAGE), offset: String(offset) }, signal),
        path,
      );
      rows.push(...page.results);
      if (page.results.length === 0 || offset + SIENGE_PAGE >= page.count) return rows;
    }
  }

  const records = (rows: unknown[], path: string) =>
    rows.map((row) => {
      if (!isRecord(row)) throw malformed(VENDOR, `${path}: item não é um objeto`);
      return row;
    });

  async function sales(enterpriseCode: string, signal?: AbortSignal) {
    const rows = records(
      await all('/v1/sales-contracts', { enterpriseId: enterpriseCode }, signal),
      'sales-contracts',
    );
    return rows.map((row) => {
      const code = codeOf(row.id);
      if (!code) throw malformed(VENDOR, 'sales-contracts sem id');
      const customers = Array.isArray(row.salesContractCustomers)
        ? row.salesContractCustomers.filter(isRecord)
        : [];
      const buyer = customers.find((customer) => customer.main === true) ?? customers[0];
      const units = Array.isArray(row.salesContractUnits) ? row.salesContractUnits.filter(isRecord) : [];
      const situation = codeOf(row.situation);
      return {
        code,
        enterpriseCode: codeOf(row.enterpriseId) ?? enterpriseCode,
        unitIds: units.map((unit) => codeOf(unit.id)).filter((id): id is string => id !== null),
        buyerCode: buyer ? codeOf(buyer.id) : null,
        buyerName: buyer && typeof buyer.name === 'string' ? buyer.name : null,
        date: dateOf(row.contractDate),
        value: numberOf(row.value) ?? numberOf(row.totalSellingValue),
        status: situation,
        cancelled: situation === '3' || /cancel/i.test(situation ?? '') || row.cancellationDate != null,
        receivableBillId: codeOf(row.receivableBillId),
      };
    });
  }

  async function instalments(enterpriseCode: string, referenceDate: string, signal?: AbortSignal) {
    const body = await get(
      '/bulk-data/v1/income',
      { startDate: '1900-01-01', endDate: '2100-12-31', selectionType: 'D', costCentersId: enterpriseCode },
      signal,
    );
    if (!isRecord(body) || !Array.isArray(body.data)) throw malformed(VENDOR, 'bulk-data/v1/income sem data');
    const bills = new Map(
      (await sales(enterpriseCode, signal)).map((sale) => [sale.receivableBillId, sale.code]),
    );
    const open: ErpInstalment[] = [];
    for (const row of records(body.data, 'income')) {
      const balance = numberOf(row.balanceAmount);
      const dueDate = dateOf(row.dueDate);
      if (balance === null || balance <= 0 || !dueDate) continue;
      const corrected = numberOf(row.correctedBalanceAmount) ?? balance;
      const billId = codeOf(row.billId);
      open.push({
        saleCode: bills.get(billId) ?? billId ?? '',
        number: codeOf(row.installmentNumber) ?? codeOf(row.installmentId) ?? '',
        dueDate,
        value: money(balance),
        correctedValue: money(corrected),
        // The income item has no separate interest/fine of the open balance: the difference is the additions.
        interest: money(Math.max(0, corrected - balance)),
        fine: 0,
      });
    }
    return splitInstalments(open, referenceDate);
  }

  return {
    erp: 'sienge',
    async testConnection(call) {
      await get('/v1/enterprises', { limit: '1', offset: '0' }, call?.signal);
    },
    async listEnterprises(call) {
      const rows = records(await all('/v1/enterprises', {}, call?.signal), 'enterprises');
      return rows.map((row) => {
        const code = codeOf(row.id);
        if (!code) throw malformed(VENDOR, 'enterprises sem id');
        return { code, description: typeof row.name === 'string' ? row.name : code };
      });
    },
    async listBlocks(enterpriseCode, call) {
      const units = await this.listUnits(enterpriseCode, call);
      const blocks = [
        ...new Set(units.map((unit) => unit.block).filter((block): block is string => !!block)),
      ];
      return blocks.map((block) => ({ code: block, name: block }));
    },
    async listUnits(enterpriseCode, call) {
      const rows = records(await all('/v1/units', { enterpriseId: enterpriseCode }, call?.signal), 'units');
      return rows.map((row) => {
        const id = codeOf(row.id);
        const name = typeof row.name === 'string' ? row.name : null;
        if (!id || name === null) throw malformed(VENDOR, 'units sem id ou name');
        const { block, lot } = blockLotOf(name);
        return {
          id,
          enterpriseCode: codeOf(row.enterpriseId) ?? enterpriseCode,
          label: name,
          block,
          lot,
          status: codeOf(row.commercialStock),
          saleCode: codeOf(row.contractId),
          fields: {
            id,
            name,
            commercialStock: codeOf(row.commercialStock),
            enterpriseId: codeOf(row.enterpriseId),
            contractId: codeOf(row.contractId),
            propertyType: codeOf(row.propertyType),
          },
        };
      });
    },
    async listSales(enterpriseCode, call) {
      return (await sales(enterpriseCode, call?.signal)).map(({ receivableBillId: _bill, ...sale }) => sale);
    },
    async listBuyers(enterpriseCode, call) {
      const found = new Map<string, { code: string; name: string; document: string | null }>();
      for (const sale of await sales(enterpriseCode, call?.signal))
        if (sale.buyerCode && sale.buyerName)
          found.set(sale.buyerCode, { code: sale.buyerCode, name: sale.buyerName, document: null });
      return [...found.values()];
    },
    async listInstalments(enterpriseCode, call) {
      return instalments(enterpriseCode, call?.referenceDate ?? today(), call?.signal);
    },
    async listDefaults(enterpriseCode, call): Promise<ErpDefault[]> {
      const { overdue } = await instalments(enterpriseCode, call?.referenceDate ?? today(), call?.signal);
      return defaultsOf(overdue);
    },
    unitFieldOptions: () => [
      { key: 'id', value: 'Código da unidade (id)' },
      { key: 'name', value: 'Nome da unidade (name)' },
      { key: 'enterpriseId', value: 'Empreendimento (enterpriseId)' },
      { key: 'contractId', value: 'Contrato (contractId)' },
      { key: 'propertyType', value: 'Tipo do imóvel (propertyType)' },
    ],
    salesStatusOptions: () => [],
  };
}
