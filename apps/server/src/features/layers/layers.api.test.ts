import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { layersApi, type Layer, type LayerDetailRow } from '@mirante/shared';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { loadDemoLayers } from '../demo/demo-layers.loader';

let context: TestContext;
let admin: string;
let manager: string;
let user: string;
let otherCustomer: string;
const ids = { allotment: 0, environment: 0, other: 0 };

async function projectId(space: string): Promise<number> {
  const row = await context.db
    .selectFrom('projects')
    .select('id')
    .where('space', '=', space)
    .executeTakeFirstOrThrow();
  return row.id;
}

const get = (url: string, token?: string) =>
  context.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  context = await createTestContext();
  expect(await loadDemoLayers(context.db, context.services.layerImport)).toBeGreaterThan(500);
  admin = await context.login('admin@mirante.app.br');
  manager = await context.login('gerente@horizonte.com.br');
  user = await context.login('usuario@horizonte.com.br');
  otherCustomer = await context.login('usuario@valeverde.com.br');
  ids.allotment = await projectId('jardim-das-palmeiras');
  ids.environment = await projectId('app-ribeirao-pinguim');
  const other = await context.db
    .selectFrom('projects')
    .select('id')
    .where(
      'customerId',
      '!=',
      (
        await context.db
          .selectFrom('projects')
          .select('customerId')
          .where('id', '=', ids.allotment)
          .executeTakeFirstOrThrow()
      ).customerId,
    )
    .executeTakeFirstOrThrow();
  ids.other = other.id;
});

afterAll(async () => {
  await context.close();
});

describe('demo layers', () => {
  it('loads once (idempotent)', async () => {
    expect(await loadDemoLayers(context.db, context.services.layerImport)).toBe(0);
  });

  it('gives the environment project REFO/DEFO analysis layers with the entities and their fields fields', async () => {
    const layers = (await get(`/api/v1/project/${ids.environment}/layers`, manager)).json<Layer[]>();
    const analyses = layers.filter((layer) => layer.type === 'DEFO' || layer.type === 'REFO');
    expect(analyses.filter((layer) => layer.type === 'DEFO').length).toBeGreaterThanOrEqual(2);
    expect(analyses.filter((layer) => layer.type === 'REFO').length).toBeGreaterThanOrEqual(2);
    for (const layer of analyses) {
      expect(layer.start_visible).toBe(true);
      expect(layer.geo_json.type).toBe('Polygon');
      expect(layer.area).toBeGreaterThan(1000);
      expect(layer.area).toBeLessThan(20_000);
      expect(layer.rect).toBeTruthy();
      expect(layer.category_name).toBeTruthy();
      expect(layer.category_color).toMatch(/^#/);
      expect(layer.project_space).toBe('app-ribeirao-pinguim');
      expect(layer.detect_before_date! < layer.detect_after_date!).toBe(true);
      // No scenes in this database: no previews to point at.
      expect(layer).not.toHaveProperty('before_img_url');
    }
    const defo = analyses.find((layer) => layer.type === 'DEFO')!;
    expect(defo.rect).toMatch(/^Supressão de vegetação nativa em APP/);
  });

  it('adds the analysis layers to a demo project loaded before they existed, once', async () => {
    await context.db
      .deleteFrom('layers')
      .where('projectId', '=', ids.environment)
      .where('type', 'in', ['REFO', 'DEFO'])
      .execute();
    const added = await loadDemoLayers(context.db, context.services.layerImport);
    expect(added).toBeGreaterThanOrEqual(4);
    const types = await context.db
      .selectFrom('layers')
      .select('type')
      .where('projectId', '=', ids.environment)
      .execute();
    expect(types.filter((row) => row.type === 'REFO' || row.type === 'DEFO')).toHaveLength(added);
    expect(await loadDemoLayers(context.db, context.services.layerImport)).toBe(0);
  });
});

describe('GET project/:projectId/layers', () => {
  it('lists every layer type of the demo allotment, lots with their latest detection', async () => {
    const response = await get(`/api/v1/project/${ids.allotment}/layers`, user);
    expect(response.statusCode).toBe(200);
    const layers = response.json<Layer[]>();
    const types = new Set(layers.map((layer) => layer.type));
    for (const type of ['LOT', 'BLOCK', 'STAGE', 'LIMIT', 'PPA', 'STREAM', 'RETENTION_BASIN', 'CALCADA'])
      expect(types, type).toContain(type);
    const lots = layers.filter((layer) => layer.type === 'LOT');
    expect(lots.length).toBeGreaterThan(500);
    const lot = lots[0]!;
    expect(lot.name).toMatch(/^Lote \d+$/);
    expect(lot.block).toMatch(/^Q\d+/);
    expect(lot.customer_code).toBeTruthy();
    expect(lot.area).toBeGreaterThan(100);
    expect(lot.perimeter).toBeGreaterThan(40);
    expect(lot.geo_json.type).toBe('Polygon');
    expect(lot.detectAllotment?.date).toBe('2026-11-01');
    expect(['V', 'B', 'E', 'C', 'I', 'O']).toContain(lot.detectAllotment?.detect_type);
    expect(layers.find((layer) => layer.type === 'BLOCK')?.detectAllotment).toBeNull();
    // Lean: rarely used empty fields are left out.
    expect(Object.keys(lot)).not.toContain('before_img_url');
  });

  it('sends the pre-serialised list as JSON that matches the contract (the route skips the zod walk)', async () => {
    for (const token of [user, admin]) {
      const response = await get(`/api/v1/project/${ids.allotment}/layers`, token);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const parsed = layersApi.listForProject.response.safeParse(response.json());
      expect(parsed.error).toBeUndefined();
      expect(parsed.data).toEqual(response.json());
      // Compact geometry text, coordinates with at most 9 decimals.
      expect(response.body).not.toMatch(/"geo_json":\{[^}]* /);
      expect(response.body).not.toMatch(/\d\.\d{10}/);
    }
  });

  it('is gzip- or brotli-compressed when the client accepts it', async () => {
    const url = `/api/v1/project/${ids.allotment}/layers`;
    const gzip = await context.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(user), 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get(url, user);
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const br = await context.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(user), 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('needs a session (401) and hides another customer’s project and projects not linked to the user (404)', async () => {
    expect((await get(`/api/v1/project/${ids.allotment}/layers`)).statusCode).toBe(401);
    expect((await get(`/api/v1/project/${ids.allotment}/layers`, otherCustomer)).statusCode).toBe(404);
    expect((await get(`/api/v1/project/${ids.other}/layers`, manager)).statusCode).toBe(404);
    expect((await get(`/api/v1/project/${ids.environment}/layers`, user)).statusCode).toBe(404);
    expect((await get(`/api/v1/project/${ids.environment}/layers`, manager)).statusCode).toBe(200);
    expect((await get(`/api/v1/project/999999/layers`, admin)).statusCode).toBe(404);
  });
});

describe('GET project/:projectId/lot-statuses', () => {
  const url = (date: string, projectId = ids.allotment) =>
    `/api/v1/project/${projectId}/lot-statuses?date=${date}`;

  it('gives each lot its latest status on or before the date, as in its history', async () => {
    const response = await get(url('2026-01-15'), user);
    expect(response.statusCode).toBe(200);
    const body = layersApi.lotStatusesAt.response.parse(response.json());
    expect(body.date).toBe('2026-01-15');
    const layers = (await get(`/api/v1/project/${ids.allotment}/layers`, user)).json<Layer[]>();
    const lots = layers.filter((layer) => layer.type === 'LOT');
    expect(body.lots).toHaveLength(lots.length);
    expect(body.lots.every((lot) => lot.date === '2026-01-01')).toBe(true);
    // Spot checks against the lots' own history (newest first).
    for (const lot of body.lots.slice(0, 3)) {
      const rows = (await get(`/api/v1/layer/${lot.id}`, user)).json<LayerDetailRow[]>();
      const history = rows.find((row) => row.field === 'STATUS_LIST')?.value as {
        date: string;
        status: string;
      }[];
      expect(lot.detect_type).toBe(history.find((item) => item.date <= '2026-01-15')?.status);
    }
    // Somewhere in the allotment, the status of January differs from the latest one.
    const latest = new Map(lots.map((lot) => [lot.id, lot.detectAllotment?.detect_type]));
    expect(body.lots.some((lot) => latest.get(lot.id) !== lot.detect_type)).toBe(true);
  });

  it('leaves out lots without a status yet, and refuses a malformed date with a pt-BR message', async () => {
    const early = await get(url('2020-01-01'), user);
    expect(early.json()).toEqual({ date: '2020-01-01', lots: [] });
    const bad = await get(url('15/01/2026'), user);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toContain('Informe a data no formato AAAA-MM-DD.');
  });

  it('shows an unapproved AI result to ADMIN only', async () => {
    const lot = (await get(url('2026-11-01'), admin)).json<{ lots: { id: number; detect_type: string }[] }>()
      .lots[0]!;
    const other = lot.detect_type === 'O' ? 'I' : 'O';
    await context.db
      .insertInto('lotStatusHistory')
      .values({ layerId: lot.id, date: '2026-11-20', status: other, precision: 0.9, source: 'ai' })
      .execute();
    const find = async (token: string) =>
      (await get(url('2026-11-21'), token))
        .json<{ lots: { id: number; detect_type: string }[] }>()
        .lots.find((item) => item.id === lot.id)?.detect_type;
    expect(await find(admin)).toBe(other);
    expect(await find(user)).toBe(lot.detect_type);
    await context.db
      .deleteFrom('lotStatusHistory')
      .where('layerId', '=', lot.id)
      .where('date', '=', '2026-11-20')
      .execute();
  });

  it('needs a session (401) and hides another customer’s project (404)', async () => {
    expect((await get(url('2026-01-15'))).statusCode).toBe(401);
    expect((await get(url('2026-01-15'), otherCustomer)).statusCode).toBe(404);
    expect((await get(url('2026-01-15', ids.environment), user)).statusCode).toBe(404);
  });
});

describe('GET layer/:id', () => {
  it('gives the lot rows of the entities and their fields: number, sides, area, customer code, status history, observations', async () => {
    const layers = (await get(`/api/v1/project/${ids.allotment}/layers`, user)).json<Layer[]>();
    const lot = layers.find((layer) => layer.type === 'LOT')!;
    const response = await get(`/api/v1/layer/${lot.id}`, user);
    expect(response.statusCode).toBe(200);
    const rows = response.json<LayerDetailRow[]>();
    const row = <F extends LayerDetailRow['field']>(field: F) =>
      rows.find((r): r is Extract<LayerDetailRow, { field: F }> => r.field === field);
    expect(row('LOT_NUMBER')?.value).toBe(lot.tag_value);
    expect(row('AZIMUTH')?.value.length).toBeGreaterThanOrEqual(4);
    expect(row('AZIMUTH')?.value.every((side) => side > 5)).toBe(true);
    expect(row('AREA')?.value).toBe(lot.area);
    expect(row('CodigoCliente')?.value).toBe(lot.customer_code);
    const history = row('STATUS_LIST')?.value ?? [];
    expect(history).toHaveLength(18);
    expect(history[0]).toMatchObject({
      date: '2026-11-01',
      precision: null,
      source: 'demo-ground-truth',
      author: null,
    });
    expect(history[0]?.text).toBeTruthy();
    expect(row('OBS_LIST')?.value).toEqual([]);
  });

  it('is 404 for another customer and for unknown layers, 401 without a session', async () => {
    const layers = (await get(`/api/v1/project/${ids.allotment}/layers`, admin)).json<Layer[]>();
    expect((await get(`/api/v1/layer/${layers[0]!.id}`, otherCustomer)).statusCode).toBe(404);
    expect((await get(`/api/v1/layer/99999999`, admin)).statusCode).toBe(404);
    expect((await get(`/api/v1/layer/${layers[0]!.id}`)).statusCode).toBe(401);
  });
});

describe('POST layers (labels, ADMIN)', () => {
  it('renames the selected lots in sequence for ADMIN only', async () => {
    const layers = (await get(`/api/v1/project/${ids.allotment}/layers`, admin)).json<Layer[]>();
    const [a, b] = layers.filter((layer) => layer.type === 'LOT');
    const payload = `layerName=Lote&tagType=LOT&tagValue=900&layers[]=${a!.id}&layers[]=${b!.id}`;
    const post = (token: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/v1/layers',
        headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    expect((await post(user)).statusCode).toBe(403);
    expect((await post(manager)).statusCode).toBe(403);
    const response = await post(admin);
    expect(response.statusCode).toBe(200);
    expect(response.json<Layer[]>().map((layer) => [layer.name, layer.tag_value])).toEqual([
      ['Lote 900', '900'],
      ['Lote 901', '901'],
    ]);
    const blank = await context.app.inject({
      method: 'POST',
      url: '/api/v1/layers',
      headers: { ...bearer(admin), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `layerName=%20&tagType=LOT&tagValue=1&layers[]=${a!.id}`,
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json<{ message: string }>().message).toContain('Campo em branco');
  });
});
