import type { SyncRuns } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { generateEnterprise } from './simulators/portfolio-fixture';
import { startUauSimulator } from './simulators/uau-simulator';

const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const enterprise = generateEnterprise({
  code: 4,
  name: 'Loteamento UAU',
  blocks: [['01', 8]],
  today: TODAY,
  seed: 5,
});

let ctx: TestContext;
let sim: Awaited<ReturnType<typeof startUauSimulator>>;
let token: string;
let projectId: number;
const lots = new Map<number, number>();

async function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    payload: payload as object,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

async function sync() {
  await call('POST', '/integration/uau/sync');
  await ctx.services.syncQueue.idle();
  return ((await call('GET', '/integration/sync-runs?erp=uau')).body as unknown as SyncRuns).runs[0]!;
}

const statusOf = async (unitId: number) =>
  (
    await ctx.db
      .selectFrom('lotInformations')
      .select('statusUnidade')
      .where('layerId', '=', lots.get(unitId)!)
      .executeTakeFirst()
  )?.statusUnidade;

beforeAll(async () => {
  // The simulators listen on 127.0.0.1, allowed by name as an on-premise ERP would be.
  ctx = await createTestContext({ outboundAllowedHosts: [{ host: '127.0.0.1', port: null }] });
  const f = factories(ctx);
  sim = await startUauSimulator({
    username: 'integra',
    password: 'senha',
    integrationToken: 'tok',
    enterprises: [enterprise],
  });
  const project = await f.buildProject();
  projectId = project.id;
  // Lots named unlike the ERP's units and coded by personalização number: only the mapped field matches them.
  for (const unit of enterprise.units)
    lots.set(
      unit.id,
      await f.buildLayer(project.id, {
        name: `Lote ${unit.id + 50}`,
        block: 'B',
        customerCode: String(unit.id),
      }),
    );
  const user = await f.buildUser('MANAGER', ['allotment.integration'], {
    customerId: project.customerId,
    projectIds: [project.id],
  });
  token = await f.signIn(user);
}, 60_000);

afterAll(async () => {
  await sim?.close();
  await ctx?.close();
});

describe('the UAU wizard (5 steps) and its mappings drive the synchronisation', () => {
  it('matches units to lots through the unit-field mapping (lot code → NumPer_unid), nothing without it', async () => {
    expect(
      (
        await call('POST', '/integration/uau/credentials', {
          uau_url: sim.baseUrl,
          uau_username: 'integra',
          uau_password: 'senha',
          uau_integration_token: 'tok',
        })
      ).status,
    ).toBe(200);
    expect((await call('GET', '/integration/uau/projects')).body).toEqual([
      { Codigo_emp: '4', Desc_emp: 'Loteamento UAU' },
    ]);
    await call('POST', '/integration/wallet-link', {
      project_id: projectId,
      links: [{ customer_code: '4', layer_id: null }],
    });
    await call('POST', '/integration/uau/projects', { projects: [projectId] });
    const options = (await call('GET', '/integration/uau/unit-fields')).body as unknown as { key: string }[];
    expect(options.map((o) => o.key)).toContain('Identificador_unid');
    const fields = (await call('GET', '/integration/unit-fields')).body;
    await call('POST', '/integration/sales-status', {});
    await call('POST', '/integration/uau/notification', { email: 'uau@cliente.test', frequency: '30' });
    await ctx.services.syncQueue.idle();
    const unmapped = ((await call('GET', '/integration/sync-runs?erp=uau')).body as unknown as SyncRuns)
      .runs[0]!;
    expect(unmapped).toMatchObject({
      status: 'succeeded',
      units_read: 8,
      units_unmatched: 8,
      units_changed: 0,
    });
    await call('POST', '/integration/unit-fields', { ...fields, lot_code: 'NumPer_unid' });
    const done = await call('POST', '/integration/uau/notification', {
      email: 'uau@cliente.test',
      frequency: '30',
    });
    expect(done.status).toBe(200);
    await ctx.services.syncQueue.idle();
    const run = ((await call('GET', '/integration/sync-runs?erp=uau')).body as unknown as SyncRuns).runs[0]!;
    expect(run).toMatchObject({ status: 'succeeded', units_read: 8, units_unmatched: 0 });
  });

  it('writes the unit status through the sales-status mapping (Vendido_unid 1 → the key mapped to 1)', async () => {
    const sold = enterprise.units.find((u) => u.status === 'vendido')!;
    await call('POST', '/integration/sales-status', { vendido: 1, disponivel: 0 });
    await sync();
    expect(await statusOf(sold.id)).toBe('Vendida');
    await call('POST', '/integration/sales-status', { reservado: 1, disponivel: 0 });
    const run = await sync();
    expect(run.status).toBe('succeeded');
    expect(await statusOf(sold.id)).toBe('Reservado');
  });

  it('leaves the status as it is when the ERP code is mapped to no key', async () => {
    const available = enterprise.units.find((u) => u.status === 'disponivel')!;
    const before = await statusOf(available.id);
    await call('POST', '/integration/sales-status', { reservado: 1 });
    await sync();
    expect(await statusOf(available.id)).toBe(before);
  });
});
