import { openInstalments, unitLabel, type FixtureEnterprise, type FixtureStatus } from './portfolio-fixture';
import { startSimulator, type RunningSimulator, type SimRequest, type SimResponse } from './simulator-server';

/*
 * Sienge REST v1 as documented (the vendor's documentation, the Apache-2.0 OpenAPI v1.15.0): HTTP Basic, base
 * /{tenant}/public/api, limit (default 100, max 200) / offset paging with resultSetMetadata{count,offset,limit},
 * error body {status, developerMessage, clientMessage, errors[]}, 429 over the per-minute limit and once the
 * daily quota is spent. Resources the connector reads: /v1/enterprises, /v1/units, /v1/sales-contracts and the
 * bulk /bulk-data/v1/income.
 */

export interface SiengeSimulatorOptions {
  tenant: string;
  username: string;
  password: string;
  enterprises: FixtureEnterprise[];
  /** Requests per minute before 429 (Sienge REST: 200). */
  perMinute?: number;
  /** Requests per day before the quota 429 (Sienge Free: 100). Unlimited when absent. */
  dailyQuota?: number;
}

const STOCK: Record<FixtureStatus, string> = {
  disponivel: 'D',
  reservado: 'C',
  proposta: 'P',
  vendido: 'V',
  quitado: 'V',
  fora_venda: 'R',
};

const errorBody = (status: number, message: string) => ({
  status,
  developerMessage: message,
  clientMessage: message,
  errors: [],
});

/** Sienge ids: the unit `enterprise * 10000 + n`, the contract and its receivable bill the same. */
const unitId = (enterprise: number, unit: number) => enterprise * 10_000 + unit;

function page(request: SimRequest, items: unknown[]): SimResponse {
  const limit = Number(request.query.get('limit') ?? 100);
  const offset = Number(request.query.get('offset') ?? 0);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200)
    return {
      status: 400,
      body: {
        ...errorBody(400, 'limit deve estar entre 1 e 200'),
        errors: [{ field: 'limit', message: 'máximo 200' }],
      },
    };
  return {
    status: 200,
    body: {
      resultSetMetadata: { count: items.length, offset, limit },
      results: items.slice(offset, offset + limit),
    },
  };
}

export async function startSiengeSimulator(
  options: SiengeSimulatorOptions,
): Promise<RunningSimulator & { baseUrl: string }> {
  const expected = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  const prefix = `/${options.tenant}/public/api`;
  let minute = 0;
  let inMinute = 0;
  let today = 0;

  const enterprise = (request: SimRequest) =>
    options.enterprises.find(
      (e) => String(e.code) === (request.query.get('enterpriseId') ?? request.query.get('costCentersId')),
    );

  const routes: Record<string, (request: SimRequest) => SimResponse> = {
    '/v1/enterprises': (request) =>
      page(
        request,
        options.enterprises.map((e) => ({
          id: e.code,
          name: e.name,
          companyId: 1,
          companyName: 'Loteadora Simulada',
        })),
      ),
    '/v1/units': (request) => {
      const found = enterprise(request);
      const units = (found?.units ?? []).map((unit) => ({
        id: unitId(found?.code ?? 0, unit.id),
        enterpriseId: found?.code,
        contractId: unit.sale ? unitId(found?.code ?? 0, unit.id) : null,
        name: unitLabel(unit),
        commercialStock: STOCK[unit.status],
        propertyType: 'Lote',
        terrainArea: 300,
      }));
      return page(request, units.reverse());
    },
    '/v1/sales-contracts': (request) => {
      const found = enterprise(request);
      const contracts = (found?.units ?? []).flatMap((unit) => {
        if (!unit.sale || !found) return [];
        const id = unitId(found.code, unit.id);
        return [
          {
            id,
            companyId: 1,
            enterpriseId: found.code,
            enterpriseName: found.name,
            receivableBillId: id,
            contractDate: unit.sale.date,
            number: String(unit.sale.number),
            situation: unit.sale.cancelled ? 'Cancelado' : 'Emitido',
            value: unit.sale.value,
            totalSellingValue: unit.sale.value,
            salesContractCustomers: [
              {
                id: unit.sale.buyerCode,
                name: unit.sale.buyerName,
                main: true,
                spouse: false,
                participationPercentage: 100,
              },
            ],
            salesContractUnits: [{ id, main: true, name: unitLabel(unit), participationPercentage: 100 }],
          },
        ];
      });
      return page(request, contracts);
    },
    '/bulk-data/v1/income': (request) => {
      for (const required of ['startDate', 'endDate', 'selectionType'])
        if (!request.query.get(required))
          return {
            status: 400,
            body: {
              ...errorBody(400, `${required} é obrigatório`),
              errors: [{ field: required, message: 'obrigatório' }],
            },
          };
      const found = enterprise(request);
      const data = (found?.units ?? []).flatMap((unit) =>
        !unit.sale || !found
          ? []
          : openInstalments(unit.sale).map((instalment) => ({
              companyId: 1,
              projectId: found.code,
              clientId: unit.sale?.buyerCode,
              clientName: unit.sale?.buyerName,
              billId: unitId(found.code, unit.id),
              installmentId: instalment.number,
              installmentNumber: `${instalment.number}/${instalment.count}`,
              dueDate: instalment.dueDate,
              originalAmount: instalment.value,
              balanceAmount: instalment.value,
              correctedBalanceAmount:
                Math.round((instalment.value + instalment.interest + instalment.fine) * 100) / 100,
              defaulterSituation: instalment.interest > 0 ? 'Inadimplente' : 'Em dia',
              mainUnit: unitLabel(unit),
            })),
      );
      return { status: 200, body: { data } };
    },
  };

  const simulator = await startSimulator({
    errorBody,
    malformedBody: (path) => (path.includes('bulk-data') ? { rows: [] } : { results: 'não é uma lista' }),
    handle(request) {
      if (request.headers.authorization !== expected)
        return { status: 401, body: errorBody(401, 'Usuário ou senha da API inválidos') };
      const now = Math.floor(Date.now() / 60_000);
      if (now !== minute) [minute, inMinute] = [now, 0];
      inMinute += 1;
      today += 1;
      if (options.dailyQuota !== undefined && today > options.dailyQuota)
        return { status: 429, body: errorBody(429, 'Cota diária de requisições excedida (daily quota)') };
      if (options.perMinute !== undefined && inMinute > options.perMinute)
        return {
          status: 429,
          body: errorBody(429, 'Limite de requisições por minuto excedido'),
          headers: { 'retry-after': '1' },
        };
      if (request.method !== 'GET' || !request.path.startsWith(prefix))
        return { status: 404, body: errorBody(404, 'Recurso não encontrado') };
      const route = routes[request.path.slice(prefix.length)];
      return route ? route(request) : { status: 404, body: errorBody(404, 'Recurso não encontrado') };
    },
  });
  return { ...simulator, baseUrl: `${simulator.origin}${prefix}` };
}
