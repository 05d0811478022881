import { createOutboundFetch } from '../../../outbound/outbound-fetch';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateEnterprise } from '../simulators/portfolio-fixture';
import { startUauSimulator } from '../simulators/uau-simulator';
import { ErpError, type ConnectorOptions } from './erp-connector';
import { createUauConnector } from './uau-connector';

/** The simulators listen on 127.0.0.1, allowed by name as an on-premise ERP would be. */
const simulatorOutbound = createOutboundFetch({
  allowedHosts: async () => [{ host: '127.0.0.1', port: null }],
});

const TODAY = '2026-11-26';
const enterprise = generateEnterprise({
  code: 3,
  name: 'Loteamento UAU',
  blocks: [
    ['01', 12],
    ['02', 12],
  ],
  today: TODAY,
});
let sim: Awaited<ReturnType<typeof startUauSimulator>>;
const waits: number[] = [];

const options = (extra: Partial<ConnectorOptions> = {}): ConnectorOptions => ({
  outbound: simulatorOutbound,
  customerId: 1,
  today: () => TODAY,
  sleep: async (ms) => {
    waits.push(ms);
  },
  ...extra,
});
const connector = (password = 'senha', extra: Partial<ConnectorOptions> = {}, token = 'token-integracao') =>
  createUauConnector(
    { url: sim.baseUrl, username: 'integra', password, integrationToken: token },
    options(extra),
  );

async function failure(promise: Promise<unknown>): Promise<ErpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ErpError);
  return error as ErpError;
}

beforeAll(async () => {
  sim = await startUauSimulator({
    username: 'integra',
    password: 'senha',
    integrationToken: 'token-integracao',
    enterprises: [enterprise],
  });
});
afterAll(() => sim.close());
afterEach(() => {
  for (const key of Object.keys(sim.faults)) delete sim.faults[key as keyof typeof sim.faults];
  waits.length = 0;
});

describe('UAU connector against the UAU simulator', () => {
  it('signs in, sends both headers and drops the DataSet schema row of ObterEmpresasAtivas', async () => {
    expect(await connector().listEnterprises()).toEqual([{ code: '3', description: 'Loteamento UAU' }]);
  });

  it('reads every unit of the empresa in one call (UAU has no paging) with its Vendido_unid status', async () => {
    const units = await connector().listUnits('3');
    expect(units).toHaveLength(24);
    const sold = enterprise.units.find((u) => u.status === 'vendido')!;
    const unit = units.find((u) => u.label === `Q${sold.block}-L${sold.lot}`);
    expect(unit).toMatchObject({ status: '1', block: '01', saleCode: `LOT01/${sold.sale!.number}` });
  });

  it('parses the sale keys string and reads each sale summary; defaults carry interest and fines', async () => {
    const c = connector();
    const sales = await c.listSales('3');
    expect(sales).toHaveLength(enterprise.units.filter((u) => u.sale).length);
    const defaults = await c.listDefaults('3');
    for (const debt of defaults) {
      const unit = enterprise.units.find((u) => `LOT01/${u.sale?.number}` === debt.saleCode)!;
      const overdue = unit.sale!.instalments.filter((i) => !i.paid && i.dueDate < TODAY);
      expect(debt.overdueCount).toBe(overdue.length);
      const value = overdue.reduce((sum, i) => sum + i.value + i.interest + i.fine, 0);
      expect(debt.value).toBeCloseTo(value, 1);
    }
  });

  it('signs in again once when the session expired (401), then goes on', async () => {
    const c = connector();
    await c.listEnterprises();
    sim.sessions.clear();
    expect(await c.listEnterprises()).toHaveLength(1);
  });

  it('refuses a wrong password as an auth failure with UAU’s Message', async () => {
    const error = await failure(connector('errada').testConnection());
    expect(error.reason).toBe('auth');
    expect(error.message).toContain('Usuário ou senha inválidos.');
  });

  it('refuses a wrong integration token (UAU answers 500) with its message', async () => {
    const error = await failure(connector('senha', {}, 'outro').testConnection());
    expect(error.message).toContain('Token de integração inválido.');
  });

  it('waits after a 429 and then succeeds', async () => {
    sim.faults.tooManyRequests = 1;
    expect(await connector().listEnterprises()).toHaveLength(1);
    expect(waits).toEqual([1000]);
  });

  it('calls an answer that is not a DataSet list malformed', async () => {
    sim.faults.malformed = ['Espelho/BuscaUnidadesDeAcordoComWhere'];
    const error = await failure(connector().listUnits('3'));
    expect(error.reason).toBe('malformed');
  });

  it('gives up on a request that does not answer within the time-out', async () => {
    sim.faults.hang = ['Empresa/ObterEmpresasAtivas'];
    const error = await failure(connector('senha', { timeoutMs: 300 }).listEnterprises());
    expect(error.reason).toBe('timeout');
  });
});
