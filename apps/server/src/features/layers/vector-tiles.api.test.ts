import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_MESSAGES, VECTOR_TILE_TYPE } from '@mirante/shared';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { factories } from '../../../test/factories';

// The map's vector tiles: the project's layers cut by the server, lots with the status the list gives them (or
// the one of a date), kept per project version, with the same access rules as the list.
let ctx: TestContext;
let projectId = 0;
let otherProjectId = 0;
const tokens = { admin: '', user: '', noModules: '', other: '', inactive: '' };
const lots: number[] = [];
let block = 0;

/** The tile at zoom 16 holding the factory layers' square (-51.95, -23.42). */
const Z = 16;
const X = Math.floor(((-51.94995 + 180) / 360) * 2 ** Z);
const lat = (-23.41995 * Math.PI) / 180;
const Y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * 2 ** Z);

const tileUrl = (query = '', id = projectId, z = Z, x = X, y = Y) =>
  `/api/v1/project/${id}/layer-tiles/${z}/${x}/${y}${query}`;
const getTile = (token: string | null, url = tileUrl(), headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } });

interface Decoded {
  id: number;
  type: string;
  status: string;
  precision?: number;
}

function decode(bytes: Buffer): Decoded[] {
  const layer = new VectorTile(new PbfReader(bytes)).layers.layers;
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, i) => {
    const feature = layer.feature(i);
    return { id: Number(feature.id), ...(feature.properties as Omit<Decoded, 'id'>) };
  }).sort((a, b) => a.id - b.id);
}

const statusOf = async (token: string, query = '') => {
  const response = await getTile(token, tileUrl(query));
  expect(response.statusCode, response.body).toBe(200);
  return Object.fromEntries(decode(response.rawPayload).map((f) => [f.id, f.status]));
};

beforeAll(async () => {
  ctx = await createTestContext();
  const make = factories(ctx);
  const customer = await make.buildCustomer();
  projectId = (await make.buildProject({ customerId: customer.id })).id;
  for (const name of ['Lote 1', 'Lote 2']) lots.push(await make.buildLayer(projectId, { name, block: 'A' }));
  block = await make.buildLayer(projectId, { type: 'BLOCK', name: 'Quadra A', block: 'A' });
  const march = await make.buildScene(projectId, { date: '2024-03-10', published: true });
  const detection = await ctx.db
    .insertInto('detections')
    .values({ projectId, sceneId: march, approved: false, analysisAi: true, processingState: 'done' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [first, second] = lots as [number, number];
  await ctx.db
    .insertInto('lotStatusHistory')
    .values([
      { layerId: first, date: '2024-01-10', status: 'V', precision: null, source: 'manual' },
      { layerId: first, date: '2024-02-10', status: 'C', precision: null, source: 'manual' },
      // An unapproved AI reading: the ADMIN's tiles show it, everyone else's don't.
      {
        layerId: second,
        date: '2024-03-10',
        status: 'O',
        precision: 0.6,
        sceneId: march,
        source: 'ai',
        detectionId: detection.id,
      },
    ])
    .execute();
  const admin = await make.buildUser('ADMIN', [], { customerId: customer.id });
  const user = await make.buildUser('USER', ['allotment.map'], {
    customerId: customer.id,
    projectIds: [projectId],
  });
  const noModules = await make.buildUser('USER', [], { customerId: customer.id, projectIds: [projectId] });
  const inactive = await make.buildUser('USER', ['allotment.map'], {
    customerId: customer.id,
    projectIds: [projectId],
  });
  const other = await make.buildUser('MANAGER', ['allotment.map']);
  otherProjectId = (await make.buildProject({ customerId: other.customerId, memberIds: [other.id] })).id;
  tokens.admin = await make.signIn(admin);
  tokens.user = await make.signIn(user);
  tokens.noModules = await make.signIn(noModules);
  tokens.other = await make.signIn(other);
  tokens.inactive = await make.signIn(inactive);
  await ctx.db.updateTable('users').set({ status: false }).where('id', '=', inactive.id).execute();
});

afterAll(() => ctx?.close());

describe('GET project/:projectId/layer-tiles/:z/:x/:y', () => {
  it('cuts the layers into an MVT tile: layer ids as feature ids, type and latest published status', async () => {
    const response = await getTile(tokens.user);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(VECTOR_TILE_TYPE);
    const [first, second] = lots as [number, number];
    expect(decode(response.rawPayload)).toEqual([
      { id: first, type: 'LOT', status: 'C' },
      { id: second, type: 'LOT', status: '' },
      { id: block, type: 'BLOCK', status: '' },
    ]);
  });

  it('gives the ADMIN the unapproved AI reading, with its confidence (lots to review are drawn by it)', async () => {
    const response = await getTile(tokens.admin);
    const second = decode(response.rawPayload).find((feature) => feature.id === lots[1]);
    expect(second).toEqual({ id: lots[1], type: 'LOT', status: 'O', precision: expect.closeTo(0.6, 5) });
  });

  it('colours the lots as of a date: the status on or before it, unclassified without one', async () => {
    const [first, second] = lots as [number, number];
    expect(await statusOf(tokens.user, '?date=2024-01-20')).toMatchObject({ [first]: 'V', [second]: '' });
    expect(await statusOf(tokens.user, '?date=2023-12-31')).toMatchObject({ [first]: '', [second]: '' });
    expect(await statusOf(tokens.admin, '?date=2024-03-10')).toMatchObject({ [first]: 'C', [second]: 'O' });
  });

  it('shows a change at once (the project version changes) and answers If-None-Match with 304', async () => {
    const before = await getTile(tokens.user);
    const etag = String(before.headers.etag);
    expect(before.headers['cache-control']).toBe('private, no-cache');
    expect((await getTile(tokens.user, tileUrl(), { 'if-none-match': etag })).statusCode).toBe(304);
    const [first] = lots as [number];
    await ctx.db
      .insertInto('lotStatusHistory')
      .values({ layerId: first, date: '2024-04-01', status: 'I', precision: null, source: 'manual' })
      .execute();
    const after = await getTile(tokens.user, tileUrl(), { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(decode(after.rawPayload).find((feature) => feature.id === first)?.status).toBe('I');
    await ctx.db
      .deleteFrom('lotStatusHistory')
      .where('layerId', '=', first)
      .where('date', '=', '2024-04-01')
      .execute();
    expect((await getTile(tokens.user, tileUrl(), { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('is gzipped for clients that take it, and takes the session from ?api_token= (map clients)', async () => {
    const plain = await getTile(tokens.user);
    const gzipped = await getTile(null, tileUrl(`?api_token=${tokens.user}`), {
      'accept-encoding': 'gzip, br',
    });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(String(gzipped.headers.vary)).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('answers an empty tile where the project has nothing, and refuses coordinates outside the zoom', async () => {
    const empty = await getTile(tokens.user, tileUrl('', projectId, Z, 0, 0));
    expect(empty.statusCode).toBe(200);
    expect(empty.rawPayload.length).toBe(0);
    for (const url of [
      tileUrl('', projectId, 3, 8, 0),
      tileUrl('', projectId, 18, 0, 0),
      tileUrl('', projectId, Z, X, -1),
    ]) {
      const refused = await getTile(tokens.user, url);
      expect(refused.statusCode, url).toBe(422);
      expect(refused.json()).toMatchObject({ message: expect.stringContaining(MAP_MESSAGES.tileOutOfRange) });
    }
    const badDate = await getTile(tokens.user, tileUrl('?date=2024-02-30'));
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json()).toMatchObject({
      message: expect.stringContaining('Informe a data no formato AAAA-MM-DD.'),
    });
  });

  it('keeps out another customer (404), a user without the map module (403), an inactive user (403) and no session (401)', async () => {
    expect((await getTile(tokens.other)).statusCode).toBe(404);
    expect((await getTile(tokens.user, tileUrl('', otherProjectId))).statusCode).toBe(404);
    expect((await getTile(tokens.noModules)).statusCode).toBe(403);
    const inactive = await getTile(tokens.inactive);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toMatchObject({ message: 'Acesso negado. O usuário está inativo.' });
    expect((await getTile(null)).statusCode).toBe(401);
    expect((await getTile(tokens.admin, tileUrl('', 999_999))).statusCode).toBe(404);
  });
});
