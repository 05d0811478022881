import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layerSchema, pricePerSquareMetre, type Layer } from '@mirante/shared';
import { z } from 'zod';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { factories } from '../../../test/factories';

let ctx: TestContext;
const tokens = { finance: '', mapOnly: '' };
let projectId = 0;
const lots: Record<string, number> = {};

const square = (west: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, -23.42],
      [west + 0.0002, -23.42],
      [west + 0.0002, -23.4198],
      [west, -23.4198],
      [west, -23.42],
    ],
  ],
});

async function layers(token: string, query = '?withAllotmentValue=1'): Promise<Layer[]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/project/${projectId}/layers${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return z.array(layerSchema).parse(response.json());
}

const priceOf = (list: Layer[], key: string) => list.find((layer) => layer.id === lots[key])?.price;

beforeAll(async () => {
  ctx = await createTestContext();
  const make = factories(ctx);
  const customer = await make.buildCustomer();
  projectId = (await make.buildProject({ customerId: customer.id })).id;
  await ctx.db
    .updateTable('projects')
    .set({ hasPriceVisualization: true })
    .where('id', '=', projectId)
    .execute();
  const ids = await ctx.services.layerImport.importLayers(
    projectId,
    ['sold', 'unsold'].map((key, index) => ({
      type: 'LOT',
      name: `Lote ${index + 1}`,
      block: 'A',
      stage: null,
      customerCode: null,
      tagValue: String(index + 1),
      sourceKey: key,
      geometry: square(-51.95 + index * 0.0003),
    })),
  );
  for (const [key, id] of ids) lots[key] = id;
  const finance = await make.buildUser('MANAGER', ['allotment.map', 'allotment.finance'], {
    customerId: customer.id,
    projectIds: [projectId],
  });
  const mapOnly = await make.buildUser('USER', ['allotment.map'], {
    customerId: customer.id,
    projectIds: [projectId],
  });
  tokens.finance = await make.signIn(finance);
  tokens.mapOnly = await make.signIn(mapOnly);
  const sale = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/information',
    headers: bearer(tokens.finance),
    payload: { layer_id: lots.sold, valor_venda: 120000 },
  });
  expect(sale.statusCode, sale.body).toBe(200);
});
afterAll(() => ctx.close());

describe('GET project/:id/layers?withAllotmentValue=1 (price map, the analysis pages)', () => {
  it('prices a sold lot per m² (sale value ÷ area) and leaves an unsold one without price', async () => {
    const list = await layers(tokens.finance);
    const sold = list.find((layer) => layer.id === lots.sold);
    expect(sold?.price).toBe(pricePerSquareMetre(120000, sold?.area ?? 0));
    expect(sold?.price).toBeGreaterThan(100);
    expect(priceOf(list, 'unsold')).toBeUndefined();
  });

  it('follows a new sale value at once (the list version moves with the sale data)', async () => {
    await layers(tokens.finance);
    const sale = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/information',
      headers: bearer(tokens.finance),
      payload: { layer_id: lots.unsold, valor_venda: 50000 },
    });
    expect(sale.statusCode).toBe(200);
    const list = await layers(tokens.finance);
    const lot = list.find((layer) => layer.id === lots.unsold);
    expect(lot?.price).toBe(pricePerSquareMetre(50000, lot?.area ?? 0));
  });

  it('no prices without the flag, without the finance module, or for a project without price visualization', async () => {
    expect(priceOf(await layers(tokens.finance, ''), 'sold')).toBeUndefined();
    expect(priceOf(await layers(tokens.mapOnly), 'sold')).toBeUndefined();
    await ctx.db
      .updateTable('projects')
      .set({ hasPriceVisualization: false })
      .where('id', '=', projectId)
      .execute();
    expect(priceOf(await layers(tokens.finance), 'sold')).toBeUndefined();
    await ctx.db
      .updateTable('projects')
      .set({ hasPriceVisualization: true })
      .where('id', '=', projectId)
      .execute();
  });
});
