import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { loadDemoLayers } from '../demo/demo-layers.loader';
import { loadDemoPortfolio } from '../demo/demo-portfolio.loader';
import { layerImportServiceFor } from '../layers';

let ctx: TestContext;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  // What a demo start loads before the ERP starts: the demo lots and their portfolio.
  await loadDemoLayers(ctx.db, layerImportServiceFor(ctx.db));
  await loadDemoPortfolio(ctx.db);
}, 120_000);

afterAll(async () => {
  for (const stop of stops) await stop();
  await ctx?.close();
});

async function demoProject() {
  return ctx.db
    .selectFrom('projects')
    .select(['id', 'customerId'])
    .where('projectType', '=', 'ALLOTMENT')
    .where('name', 'like', 'Jardim das Palmeiras%')
    .executeTakeFirstOrThrow();
}

describe('the demo ERP', () => {
  it('links the demo allotment to a simulated UAU and its first synchronisation updates the portfolio', async () => {
    const project = await demoProject();
    const lots = await ctx.db
      .selectFrom('layers')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('projectId', '=', project.id)
      .where('type', '=', 'LOT')
      .executeTakeFirstOrThrow();
    stops.push(await ctx.services.startDemoIntegration(() => undefined));
    await ctx.services.syncQueue.idle();
    const [run] = await ctx.db
      .selectFrom('integrationSyncRuns')
      .selectAll()
      .where('customerId', '=', project.customerId)
      .execute();
    expect(run).toMatchObject({ erp: 'uau', trigger: 'wizard', status: 'succeeded', unitsUnmatched: 0 });
    expect(Number(lots.count)).toBeGreaterThan(100);
    expect(run!.unitsRead).toBe(Number(lots.count));
    expect(run!.unitsChanged).toBeGreaterThanOrEqual(7);
    const newSale = await ctx.db
      .selectFrom('lotInformations')
      .select(['statusUnidade', 'nomeComprador'])
      .where('projectId', '=', project.id)
      .where('nomeComprador', '=', 'Marta Ribeiro')
      .executeTakeFirst();
    expect(newSale?.statusUnidade).toBe('Vendida');
    const links = await ctx.db
      .selectFrom('integrationWalletLinks')
      .selectAll()
      .where('projectId', '=', project.id)
      .execute();
    expect(links).toMatchObject([{ customerCode: '1', layerId: null }]);
  });

  it('on the next start re-saves the credentials for the new port without queueing another first run', async () => {
    const project = await demoProject();
    const before = await ctx.db
      .selectFrom('integrationConfigs')
      .select('credentials')
      .where('customerId', '=', project.customerId)
      .executeTakeFirstOrThrow();
    stops.push(await ctx.services.startDemoIntegration(() => undefined));
    await ctx.services.syncQueue.idle();
    const after = await ctx.db
      .selectFrom('integrationConfigs')
      .select('credentials')
      .where('customerId', '=', project.customerId)
      .executeTakeFirstOrThrow();
    expect(after.credentials!.equals(before.credentials!)).toBe(false);
    const runs = await ctx.db
      .selectFrom('integrationSyncRuns')
      .select('id')
      .where('customerId', '=', project.customerId)
      .execute();
    expect(runs).toHaveLength(1);
  });
});
