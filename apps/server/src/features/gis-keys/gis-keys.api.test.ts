import type { CreatedGisKey, GisKey } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type BuiltUser, type Factories } from '../../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

let context: TestContext;
let make: Factories;
let projectId: number;
let member: BuiltUser;
let memberToken: string;
let otherCustomerToken: string;

beforeAll(async () => {
  context = await createTestContext();
  make = factories(context);
  const project = await make.buildProject();
  projectId = project.id;
  member = await make.buildUser('MANAGER', ['allotment.map'], {
    customerId: project.customerId,
    projectIds: [projectId],
  });
  memberToken = await make.signIn(member);
  otherCustomerToken = await make.signIn(await make.buildUser('MANAGER', ['allotment.map']));
});

afterAll(() => context.close());

async function createKey(token: string, name = 'QGIS do escritório', days?: number): Promise<CreatedGisKey> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/v1/gis-keys',
    headers: bearer(token),
    payload: { name, ...(days === undefined ? {} : { expires_in_days: days }) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedGisKey>();
}

const landing = (key: string, id = projectId) =>
  context.app.inject({ method: 'GET', url: `/gis/project/${id}/ogc?key=${encodeURIComponent(key)}` });

const basic = (key: string) => ({
  authorization: `Basic ${Buffer.from(`qualquer:${key}`).toString('base64')}`,
});

describe('GIS keys: create, list, revoke', () => {
  it('shows the key once, stores only its hash and lists it without the key', async () => {
    const created = await createKey(memberToken, 'QGIS', 30);
    expect(created.key).toMatch(/^mgk_[\w-]{32}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    const days = (Date.parse(created.expires_at) - Date.parse(created.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);
    const stored = await context.db.selectFrom('gisKeys').selectAll().where('id', '=', created.id).execute();
    expect(JSON.stringify(stored)).not.toContain(created.key);
    const listed = await context.app.inject({
      method: 'GET',
      url: '/api/v1/gis-keys',
      headers: bearer(memberToken),
    });
    const keys = listed.json<GisKey[]>();
    expect(keys.map((key) => key.id)).toContain(created.id);
    expect(listed.body).not.toContain(created.key);
    expect(keys.find((key) => key.id === created.id)?.last_used_at).toBeNull();
  });

  it('records the last use and lists it', async () => {
    const created = await createKey(memberToken);
    expect((await landing(created.key)).statusCode).toBe(200);
    const listed = await context.app.inject({
      method: 'GET',
      url: '/api/v1/gis-keys',
      headers: bearer(memberToken),
    });
    expect(listed.json<GisKey[]>().find((key) => key.id === created.id)?.last_used_at).not.toBeNull();
  });

  it('refuses a blank name and an expiry outside 1–365 days in pt-BR, creating nothing', async () => {
    const before = await context.db.selectFrom('gisKeys').select('id').execute();
    for (const payload of [
      { name: '   ' },
      { name: 'x', expires_in_days: 0 },
      { name: 'x', expires_in_days: 366 },
    ]) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/gis-keys',
        headers: bearer(memberToken),
        payload,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ message: string }>().message).toMatch(/Informe um nome|validade entre 1 e 365/);
    }
    expect(await context.db.selectFrom('gisKeys').select('id').execute()).toEqual(before);
  });

  it('revokes a key at once; another user’s key is 404 and stays live', async () => {
    const created = await createKey(memberToken);
    expect((await landing(created.key)).statusCode).toBe(200);
    const foreign = await context.app.inject({
      method: 'POST',
      url: `/api/v1/gis-keys/${created.id}/revoke`,
      headers: bearer(otherCustomerToken),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await landing(created.key)).statusCode).toBe(200);
    const revoked = await context.app.inject({
      method: 'POST',
      url: `/api/v1/gis-keys/${created.id}/revoke`,
      headers: bearer(memberToken),
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<GisKey>().revoked_at).not.toBeNull();
    const refused = await landing(created.key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ code: string; message: string }>()).toMatchObject({
      code: 'GIS_KEY_INVALID',
      message: 'Chave de acesso GIS inválida, expirada ou revogada.',
    });
    expect(refused.headers['www-authenticate']).toMatch(/^Basic realm="Mirante GIS"/);
  });

  it('needs a session to manage keys, and no key opens the key list', async () => {
    const created = await createKey(memberToken);
    const asKey = await context.app.inject({ method: 'GET', url: `/api/v1/gis-keys?key=${created.key}` });
    expect(asKey.statusCode).toBe(401);
    const asBearer = await context.app.inject({
      method: 'GET',
      url: '/api/v1/gis-keys',
      headers: bearer(created.key),
    });
    expect(asBearer.statusCode).toBe(401);
  });
});

describe('where a GIS key is accepted', () => {
  it('reads the GIS routes by ?key= and by basic auth (the key as password)', async () => {
    const { key } = await createKey(memberToken);
    expect((await landing(key)).statusCode).toBe(200);
    const byBasic = await context.app.inject({
      method: 'GET',
      url: `/gis/project/${projectId}/ogc/collections`,
      headers: basic(key),
    });
    expect(byBasic.statusCode, byBasic.body).toBe(200);
    // A key sent by basic auth stays out of the links; one sent in the query is carried by them.
    expect(byBasic.body).not.toContain(key);
    expect((await landing(key)).body).toContain(`key=${key}`);
  });

  it('refuses a GIS route without a key, with a session token, or with a malformed key', async () => {
    const url = `/gis/project/${projectId}/ogc`;
    const none = await context.app.inject({ method: 'GET', url });
    expect(none.statusCode).toBe(401);
    expect(none.json<{ code: string }>().code).toBe('GIS_KEY_REQUIRED');
    expect((await context.app.inject({ method: 'GET', url, headers: bearer(memberToken) })).statusCode).toBe(
      401,
    );
    expect(
      (await context.app.inject({ method: 'GET', url: `${url}?api_token=${memberToken}` })).statusCode,
    ).toBe(401);
    expect((await landing('mgk_nao-existe-nao-existe-nao-existe-xx')).statusCode).toBe(401);
  });

  it('refuses a key on every route that is not a GIS route (API and tiles), by query, bearer or basic auth', async () => {
    const { key } = await createKey(memberToken);
    const space = (
      await context.db
        .selectFrom('projects')
        .select('space')
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow()
    ).space;
    await make.buildScene(projectId, { date: '2026-03-01', published: true });
    for (const url of [
      '/api/v1/user',
      `/api/v1/project/${projectId}/scenes`,
      `/api/v1/project/${projectId}`,
      `/tiles/${space}/2026-03-01/17/47000/74000.png`,
    ]) {
      const withQuery = url.includes('?') ? `${url}&key=${key}` : `${url}?key=${key}`;
      for (const [target, headers] of [
        [withQuery, {}],
        [`${url}${url.includes('?') ? '&' : '?'}api_token=${key}`, {}],
        [url, bearer(key)],
        [url, basic(key)],
      ] as const) {
        const response = await context.app.inject({ method: 'GET', url: target, headers });
        expect(response.statusCode, `${target} ${JSON.stringify(headers)}`).toBe(401);
      }
    }
  });

  it('answers another customer’s project as a missing one (404)', async () => {
    const { key } = await createKey(otherCustomerToken);
    const foreign = await landing(key);
    const missing = await landing(key, 2_000_000_001);
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json<{ code: string }>().code).toBe(missing.json<{ code: string }>().code);
  });

  it('refuses the key of an inactivated owner from his next request, and takes it back when he is reactivated', async () => {
    const owner = await make.buildUser('USER', ['allotment.map'], {
      customerId: member.customerId,
      projectIds: [projectId],
    });
    const { key } = await createKey(await make.signIn(owner));
    expect((await landing(key)).statusCode).toBe(200);
    await context.db.updateTable('users').set({ status: false }).where('id', '=', owner.id).execute();
    const refused = await landing(key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe('USER_INACTIVE');
    await context.db.updateTable('users').set({ status: true }).where('id', '=', owner.id).execute();
    expect((await landing(key)).statusCode).toBe(200);
  });

  it('refuses the key of an owner who lost the map module (403), from his next request', async () => {
    const owner = await make.buildUser('USER', ['allotment.map'], {
      customerId: member.customerId,
      projectIds: [projectId],
    });
    const { key } = await createKey(await make.signIn(owner));
    expect((await landing(key)).statusCode).toBe(200);
    await context.db.deleteFrom('groupModules').where('groupId', '=', owner.groupId!).execute();
    const refused = await landing(key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe('MODULE_NOT_AVAILABLE');
  });

  it('refuses an expired key', async () => {
    const { key, id } = await createKey(memberToken);
    await context.db
      .updateTable('gisKeys')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect((await landing(key)).statusCode).toBe(401);
  });
});
