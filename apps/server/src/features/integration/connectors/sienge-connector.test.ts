import { createOutboundFetch } from '../../../outbound/outbound-fetch';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateEnterprise, unitLabel } from '../simulators/portfolio-fixture';
import { startSiengeSimulator } from '../simulators/sienge-simulator';
import { ErpError, type ConnectorOptions } from './erp-connector';
import { createSiengeConnector } from './sienge-connector';

/** The simulators listen on 127.0.0.1, allowed by name as an on-premise ERP would be. */
const simulatorOutbound = createOutboundFetch({
  allowedHosts: async () => [{ host: '127.0.0.1', port: null }],
});

const TODAY = '2026-11-26';
const big = generateEnterprise({
  code: 7,
  name: 'Residencial Simulado',
  blocks: [
    ['01', 150],
    ['02', 150],
  ],
  today: TODAY,
});
const small = generateEnterprise({ code: 8, name: 'Parque Simulado', blocks: [['01', 5]], today: TODAY });
let sim: Awaited<ReturnType<typeof startSiengeSimulator>>;
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
const connector = (password = 'segredo', extra: Partial<ConnectorOptions> = {}) =>
  createSiengeConnector({ url: sim.baseUrl, username: 'api-user', password }, options(extra));

async function failure(promise: Promise<unknown>): Promise<ErpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ErpError);
  return error as ErpError;
}

beforeAll(async () => {
  sim = await startSiengeSimulator({
    tenant: 'loteadora',
    username: 'api-user',
    password: 'segredo',
    enterprises: [big, small],
  });
});
afterAll(() => sim.close());
afterEach(() => {
  for (const key of Object.keys(sim.faults)) delete sim.faults[key as keyof typeof sim.faults];
  waits.length = 0;
});

describe('Sienge connector against the Sienge simulator', () => {
  it('lists the enterprises with id and name over Basic auth', async () => {
    expect(await connector().listEnterprises()).toEqual([
      { code: '7', description: 'Residencial Simulado' },
      { code: '8', description: 'Parque Simulado' },
    ]);
  });

  it('reads 300 units through limit/offset pages of 200 until resultSetMetadata.count', async () => {
    const before = sim.requests.length;
    const units = await connector().listUnits('7');
    expect(units).toHaveLength(300);
    expect(new Set(units.map((u) => u.id)).size).toBe(300);
    expect(sim.requests.slice(before).filter((r) => r.path.endsWith('/v1/units'))).toHaveLength(2);
    const first = big.units[0];
    const unit = units.find((u) => u.label === unitLabel(first!));
    expect(unit).toMatchObject({ block: '01', lot: '01' });
  });

  it('links sales to units, and counts overdue instalments with their corrected value as the default', async () => {
    const c = connector();
    const sales = await c.listSales('8');
    const sold = small.units.filter((u) => u.sale);
    expect(sales).toHaveLength(sold.length);
    const defaults = await c.listDefaults('8');
    const expected = sold.flatMap((u) => {
      const overdue = u.sale!.instalments.filter((i) => !i.paid && i.dueDate < TODAY);
      return overdue.length > 0 ? [overdue.length] : [];
    });
    expect(defaults.map((d) => d.overdueCount).sort()).toEqual(expected.sort());
  });

  it('refuses wrong credentials as an auth failure with the clientMessage in pt-BR', async () => {
    const error = await failure(connector('errada').listEnterprises());
    expect(error.reason).toBe('auth');
    expect(error.message).toContain('Usuário ou senha da API inválidos');
  });

  it('waits after a 429 (Retry-After) and then succeeds', async () => {
    sim.faults.tooManyRequests = 2;
    sim.faults.retryAfterSeconds = 3;
    expect(await connector().listEnterprises()).toHaveLength(2);
    expect(waits).toEqual([3000, 3000]);
  });

  it('backs off exponentially without Retry-After and gives up after the retries as rate_limit', async () => {
    sim.faults.tooManyRequests = 10;
    const error = await failure(connector('segredo', { maxRetries: 3 }).listEnterprises());
    expect(error.reason).toBe('rate_limit');
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('stops at once when the daily quota is spent', async () => {
    const quota = await startSiengeSimulator({
      tenant: 't',
      username: 'u',
      password: 'p',
      enterprises: [small],
      dailyQuota: 1,
    });
    try {
      const c = createSiengeConnector({ url: quota.baseUrl, username: 'u', password: 'p' }, options());
      await c.listEnterprises();
      const error = await failure(c.listEnterprises());
      expect(error.reason).toBe('quota');
      expect(waits).toEqual([]);
    } finally {
      await quota.close();
    }
  });

  it('calls a payload without resultSetMetadata/results malformed', async () => {
    sim.faults.malformed = ['/v1/units'];
    const error = await failure(connector().listUnits('7'));
    expect(error.reason).toBe('malformed');
    expect(error.message).toContain('Resposta inesperada do Sienge');
  });

  it('gives up on a request that does not answer within the time-out', async () => {
    sim.faults.hang = ['/v1/enterprises'];
    const error = await failure(connector('segredo', { timeoutMs: 300 }).listEnterprises());
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('O Sienge não respondeu em 300 ms.');
  });
});
