import { createOutboundFetch } from '../../../outbound/outbound-fetch';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateEnterprise } from '../simulators/portfolio-fixture';
import { megaId, startMegaSimulator } from '../simulators/mega-simulator';
import { ErpError, type ConnectorOptions } from './erp-connector';
import { createMegaConnector } from './mega-connector';

/** The simulators listen on 127.0.0.1, allowed by name as an on-premise ERP would be. */
const simulatorOutbound = createOutboundFetch({
  allowedHosts: async () => [{ host: '127.0.0.1', port: null }],
});

const TODAY = '2026-11-26';
const enterprise = generateEnterprise({
  code: 5,
  name: 'Loteamento Mega',
  blocks: [
    ['01', 8],
    ['02', 8],
    ['03', 8],
  ],
  today: TODAY,
});
let sim: Awaited<ReturnType<typeof startMegaSimulator>>;
let clock = Date.now();
const waits: number[] = [];
let customer = 100;

const options = (extra: Partial<ConnectorOptions> = {}): ConnectorOptions => ({
  outbound: simulatorOutbound,
  customerId: customer,
  today: () => TODAY,
  sleep: async (ms) => {
    waits.push(ms);
  },
  ...extra,
});
const connector = (password = 'senha', extra: Partial<ConnectorOptions> = {}) =>
  createMegaConnector(
    { authUrl: sim.origin, apiUrl: sim.origin, username: 'integra', password },
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
  sim = await startMegaSimulator({
    username: 'integra',
    password: 'senha',
    enterprises: [enterprise],
    now: () => clock,
  });
});
afterAll(() => sim.close());
afterEach(() => {
  for (const key of Object.keys(sim.faults)) delete sim.faults[key as keyof typeof sim.faults];
  waits.length = 0;
  customer += 1;
});

describe('Mega connector against the Mega simulator', () => {
  it('signs in (grantType Api) and lists the enterprises by their encrypted codes', async () => {
    expect(await connector().listEnterprises()).toEqual([
      { code: megaId('5'), description: 'Loteamento Mega' },
    ]);
  });

  it('walks every block to read all units (Blocos → Unidades)', async () => {
    const units = await connector().listUnits(megaId('5'));
    expect(units).toHaveLength(24);
    expect(new Set(units.map((u) => u.block))).toEqual(new Set(['01', '02', '03']));
  });

  it('reads contracts and overdue instalments per contract', async () => {
    const c = connector();
    const sales = await c.listSales(megaId('5'));
    expect(sales).toHaveLength(enterprise.units.filter((u) => u.sale).length);
    const defaults = await c.listDefaults(megaId('5'));
    const expected = enterprise.units.filter((u) =>
      u.sale?.instalments.some((i) => !i.paid && i.dueDate < TODAY),
    );
    expect(defaults).toHaveLength(expected.length);
  });

  it('keeps one session per customer: two connectors of a customer sign in once, and refresh after 2 h', async () => {
    const before = sim.signIns();
    await connector().listEnterprises();
    await connector().listEnterprises();
    expect(sim.signIns() - before).toBe(1);
    clock += 2 * 60 * 60 * 1000;
    await connector().listEnterprises();
    expect(sim.signIns() - before).toBe(1);
  });

  it('refuses a wrong password as an auth failure', async () => {
    const error = await failure(connector('errada').testConnection());
    expect(error.reason).toBe('auth');
    expect(error.message).toContain('Usuário ou senha inválidos.');
  });

  it('waits after a 429 and then succeeds', async () => {
    sim.faults.tooManyRequests = 2;
    expect(await connector().listEnterprises()).toHaveLength(1);
    expect(waits).toEqual([1000, 2000]);
  });

  it('calls an answer that is not a list malformed', async () => {
    sim.faults.malformed = ['/api/globalestruturas/Empreendimentos'];
    const error = await failure(connector().listEnterprises());
    expect(error.reason).toBe('malformed');
  });

  it('gives up on a request that does not answer within the time-out', async () => {
    const c = connector('senha', { timeoutMs: 300 });
    await c.testConnection();
    sim.faults.hang = ['/api/Carteira'];
    const error = await failure(c.listSales(megaId('5')));
    expect(error.reason).toBe('timeout');
  });
});
