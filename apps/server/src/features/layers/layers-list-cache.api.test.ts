import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Layer } from '@mirante/shared';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { loadDemoLayers } from '../demo/demo-layers.loader';

// The layer list is kept per project while its version (migration 008) is unchanged: every way the list can
// change must show at once, whoever writes it (the app, the AI worker's own connection, SQL by hand).
let context: TestContext;
let admin: string;
let user: string;
let projectId = 0;
let environmentId = 0;

const url = (id = projectId) => `/api/v1/project/${id}/layers`;
const get = (token: string, headers: Record<string, string> = {}, id = projectId) =>
  context.app.inject({ method: 'GET', url: url(id), headers: { ...bearer(token), ...headers } });
const lotsOf = async (token: string) =>
  (await get(token)).json<Layer[]>().filter((layer) => layer.type === 'LOT');

beforeAll(async () => {
  context = await createTestContext();
  await loadDemoLayers(context.db, context.services.layerImport);
  admin = await context.login('admin@mirante.app.br');
  user = await context.login('usuario@horizonte.com.br');
  const space = (name: string) =>
    context.db.selectFrom('projects').select('id').where('space', '=', name).executeTakeFirstOrThrow();
  projectId = (await space('jardim-das-palmeiras')).id;
  environmentId = (await space('app-ribeirao-pinguim')).id;
});

afterAll(async () => {
  await context.close();
});

describe('GET project/:projectId/layers — ETag and the kept list', () => {
  it('sends an ETag; the same ETag in If-None-Match gets a 304 without a body', async () => {
    const first = await get(user);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(String(first.headers.vary)).toMatch(/authorization/i);
    const again = await get(user);
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    const revalidated = await get(user, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect((await get(user, { 'if-none-match': '"outro"' })).statusCode).toBe(200);
  });

  it('shows a status written on another connection at once, and the old ETag no longer matches', async () => {
    const before = await get(user);
    const [lot] = await lotsOf(user);
    await context.db
      .insertInto('lotStatusHistory')
      .values({ layerId: lot!.id, date: '2026-11-20', status: 'I', precision: null, source: 'manual' })
      .execute();
    const after = await get(user, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    const changed = after.json<Layer[]>().find((layer) => layer.id === lot!.id);
    expect(changed?.detectAllotment).toEqual({ detect_type: 'I', date: '2026-11-20', precision: null });
    await context.db
      .deleteFrom('lotStatusHistory')
      .where('layerId', '=', lot!.id)
      .where('date', '=', '2026-11-20')
      .execute();
    // Back to the same list: the same ETag as before (it is the body's hash).
    const restored = await get(user);
    expect(restored.body).toBe(before.body);
    expect(restored.headers.etag).toBe(before.headers.etag);
  });

  it('keeps the ADMIN list (unapproved AI rows) apart from the published one', async () => {
    const [lot] = await lotsOf(user);
    const published = await get(user);
    await context.db
      .insertInto('lotStatusHistory')
      .values({ layerId: lot!.id, date: '2026-11-19', status: 'O', precision: 0.8, source: 'ai' })
      .execute();
    const find = async (token: string) =>
      (await lotsOf(token)).find((layer) => layer.id === lot!.id)?.detectAllotment?.date;
    expect(await find(admin)).toBe('2026-11-19');
    expect(await find(user)).not.toBe('2026-11-19');
    expect((await get(user)).body).toBe(published.body);
    await context.db.deleteFrom('lotStatusHistory').where('source', '=', 'ai').execute();
    expect(await find(admin)).not.toBe('2026-11-19');
  });

  it('shows renamed lots (POST layers) and layers updated or deleted by hand', async () => {
    const [a, b] = await lotsOf(admin);
    const renamed = await context.app.inject({
      method: 'POST',
      url: '/api/v1/layers',
      headers: { ...bearer(admin), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `layerName=Lote&tagType=LOT&tagValue=700&layers[]=${a!.id}`,
    });
    expect(renamed.statusCode).toBe(200);
    expect((await lotsOf(user)).find((layer) => layer.id === a!.id)?.name).toBe('Lote 700');
    await context.db.updateTable('layers').set({ customerCode: 'NOVO-1' }).where('id', '=', b!.id).execute();
    expect((await lotsOf(user)).find((layer) => layer.id === b!.id)?.customer_code).toBe('NOVO-1');
    await context.db.deleteFrom('layers').where('id', '=', b!.id).execute();
    expect((await lotsOf(user)).some((layer) => layer.id === b!.id)).toBe(false);
  });

  it('gives analysis layers their preview urls once a ready scene with a preview exists for the date', async () => {
    const analyses = async () =>
      (await get(admin, {}, environmentId))
        .json<Layer[]>()
        .filter((layer) => layer.type === 'DEFO' || layer.type === 'REFO');
    const [defo] = await analyses();
    expect(defo?.before_img_url).toBeUndefined();
    const { rows } = await sql<{ id: number }>`
      INSERT INTO scenes (project_id, date, status, source_kind, original_key, original_name, preview_key)
      VALUES (${environmentId}, ${defo!.detect_before_date}, 'ready', 'geotiff', 'teste/original.tif',
        'original.tif', 'teste/preview.png')
      RETURNING id`.execute(context.db);
    const withPreview = (await analyses()).find((layer) => layer.id === defo!.id);
    expect(withPreview?.before_img_url).toMatch(/\/preview\.png$/);
    await context.db.deleteFrom('scenes').where('id', '=', rows[0]!.id).execute();
    expect((await analyses()).find((layer) => layer.id === defo!.id)?.before_img_url).toBeUndefined();
  });

  it('lets concurrent writers of one project commit without waiting on each other', async () => {
    const [a, b] = await lotsOf(admin);
    const open = await context.db.connection().execute(async (connection) => {
      await sql`BEGIN`.execute(connection);
      await connection
        .insertInto('lotStatusHistory')
        .values({ layerId: a!.id, date: '2026-11-18', status: 'C', precision: null, source: 'manual' })
        .execute();
      // While that transaction is open, another one on the same project commits (it must not block).
      const other = context.db
        .insertInto('lotStatusHistory')
        .values({ layerId: b!.id, date: '2026-11-18', status: 'C', precision: null, source: 'manual' })
        .execute()
        .then(() => 'committed');
      const timeout = new Promise((resolve) => setTimeout(() => resolve('blocked'), 5000));
      const outcome = await Promise.race([other, timeout]);
      // The open transaction's row is not in the list yet; the committed one is.
      const lots = await lotsOf(user);
      await sql`COMMIT`.execute(connection);
      return { outcome, lots };
    });
    expect(open.outcome).toBe('committed');
    expect(open.lots.find((lot) => lot.id === b!.id)?.detectAllotment?.date).toBe('2026-11-18');
    expect(open.lots.find((lot) => lot.id === a!.id)?.detectAllotment?.date).not.toBe('2026-11-18');
    // Committed now: the list has both.
    expect((await lotsOf(user)).find((lot) => lot.id === a!.id)?.detectAllotment?.date).toBe('2026-11-18');
  });
});
