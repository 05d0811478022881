import type { CreatedShareLink, ShareLink, SharedView } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type BuiltUser, type Factories } from '../../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

let context: TestContext;
let make: Factories;
let projectId: number;
let otherProjectId: number;
let manager: BuiltUser;
let managerToken: string;
let lotA: number;
let lotB: number;
let otherLot: number;

beforeAll(async () => {
  context = await createTestContext();
  make = factories(context);
  const project = await make.buildProject();
  projectId = project.id;
  manager = await make.buildUser('MANAGER', ['allotment.map'], {
    customerId: project.customerId,
    projectIds: [projectId],
  });
  managerToken = await make.signIn(manager);
  await make.buildScene(projectId, { date: '2026-01-10', published: true });
  await make.buildScene(projectId, { date: '2026-06-10', published: true });
  await make.buildScene(projectId, { date: '2026-09-10', published: false });
  lotA = await make.buildLayer(projectId, { name: 'Lote 01', block: 'Q1', customerCode: 'COMPRADOR-77' });
  lotB = await make.buildLayer(projectId, { name: 'Lote 02', block: 'Q1' });
  await context.db
    .updateTable('layers')
    .set({ obs: 'anotação interna', price: 250_000 })
    .where('id', '=', lotA)
    .execute();
  await context.db
    .insertInto('lotStatusHistory')
    .values([
      { layerId: lotA, date: '2026-01-10', status: 'V', source: 'manual' },
      { layerId: lotA, date: '2026-06-10', status: 'E', source: 'manual' },
      { layerId: lotB, date: '2026-06-10', status: 'C', source: 'manual' },
      { layerId: lotB, date: '2026-09-10', status: 'I', source: 'manual' },
    ])
    .execute();
  await context.db
    .insertInto('layerObservations')
    .values({
      layerId: lotA,
      date: '2026-05-01',
      description: 'Muro levantado na divisa',
      createdBy: manager.id,
    })
    .execute();
  const other = await make.buildProject();
  otherProjectId = other.id;
  await make.buildScene(otherProjectId, { date: '2026-01-10', published: true });
  otherLot = await make.buildLayer(otherProjectId, { name: 'Lote alheio' });
});

afterAll(() => context.close());

const create = (payload: Record<string, unknown>, token = managerToken, id = projectId) =>
  context.app.inject({
    method: 'POST',
    url: `/api/v1/project/${id}/share-links`,
    headers: bearer(token),
    payload,
  });

async function created(payload: Record<string, unknown>): Promise<CreatedShareLink & { token: string }> {
  const response = await create(payload);
  expect(response.statusCode, response.body).toBe(201);
  const link = response.json<CreatedShareLink>();
  return { ...link, token: link.url.split('/compartilhado/')[1]! };
}

const open = (token: string, password?: string, ip = '198.51.100.7') =>
  context.app.inject({
    method: 'POST',
    url: `/api/v1/shared/${token}/open`,
    payload: password === undefined ? {} : { password },
    remoteAddress: ip,
  });

const list = async (token = managerToken): Promise<ShareLink[]> => {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/v1/project/${projectId}/share-links`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ShareLink[]>();
};

const shareCount = async () =>
  Number(
    (
      await context.db
        .selectFrom('shareLinks')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

const tileUrl = (view: SharedView, index = 0) =>
  view.scenes[index]!.tileUrl.replace('{z}/{x}/{y}', '17/47000/74000');

describe('share links: creation', () => {
  it('creates a map link with 30 days by default, shows its address once and stores only its hash', async () => {
    const link = await created({ kind: 'map', date: '2026-06-10' });
    expect(link.url).toMatch(/^http:\/\/mirante\.test\/compartilhado\/[\w-]{32}$/);
    const days = (Date.parse(link.expires_at) - Date.parse(link.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);
    expect(link).toMatchObject({ kind: 'map', date: '2026-06-10', has_password: false, views: 0 });
    const stored = await context.db.selectFrom('shareLinks').selectAll().where('id', '=', link.id).execute();
    expect(JSON.stringify(stored)).not.toContain(link.token);
    const listed = await list();
    expect(listed.map((item) => item.id)).toContain(link.id);
    expect(JSON.stringify(listed)).not.toContain(link.token);
  });

  it('refuses, in pt-BR and creating nothing, what a link cannot show', async () => {
    const before = await shareCount();
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ kind: 'map' }, 422, 'Escolha a data da imagem a compartilhar.'],
      [{ kind: 'map', date: '2026-09-10' }, 422, 'A data escolhida não tem imagem publicada neste projeto.'],
      [{ kind: 'map', date: '2026-02-30' }, 422, 'Escolha a data da imagem a compartilhar.'],
      [{ kind: 'compare', date: '2026-06-10' }, 422, 'Escolha as duas datas a comparar.'],
      [
        { kind: 'compare', date: '2026-06-10', before_date: '2026-06-10' },
        422,
        'Escolha duas datas diferentes para comparar.',
      ],
      [{ kind: 'lot' }, 422, 'Escolha o lote cujo histórico será compartilhado.'],
      [{ kind: 'lot', layer_id: otherLot }, 404, 'Lote não encontrado neste projeto.'],
      [
        { kind: 'map', date: '2026-06-10', expires_in_days: 0 },
        422,
        'Escolha uma validade entre 1 e 365 dias.',
      ],
      [
        { kind: 'map', date: '2026-06-10', password: '123' },
        422,
        'A senha deve ter pelo menos 6 caracteres.',
      ],
      [
        { kind: 'outra' },
        422,
        'Escolha o que compartilhar: mapa numa data, comparação de datas ou histórico de um lote.',
      ],
    ];
    for (const [payload, status, message] of refusals) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      // A contract refusal names its field after the message: '… (date)'.
      const said = response.json<{ message: string }>().message;
      expect(said === message || said.startsWith(`${message} (`), `${JSON.stringify(payload)}: ${said}`).toBe(
        true,
      );
    }
    expect(await shareCount()).toBe(before);
  });

  it('keeps USERs, inactive users, users without the map module and other customers out', async () => {
    const project = await context.db
      .selectFrom('projects')
      .select('customerId')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    const user = await make.buildUser('USER', ['allotment.map'], {
      customerId: project.customerId,
      projectIds: [projectId],
    });
    const noModule = await make.buildUser('MANAGER', ['allotment.finance'], {
      customerId: project.customerId,
      projectIds: [projectId],
    });
    const otherCustomer = await make.buildUser('MANAGER', ['allotment.map']);
    const userToken = await make.signIn(user);
    const noModuleToken = await make.signIn(noModule);
    const otherToken = await make.signIn(otherCustomer);
    const link = await created({ kind: 'map', date: '2026-01-10' });
    const before = await shareCount();

    const payload = { kind: 'map', date: '2026-06-10' };
    expect((await create(payload, userToken)).statusCode).toBe(403);
    expect((await create(payload, noModuleToken)).statusCode).toBe(403);
    expect((await create(payload, otherToken)).statusCode).toBe(404);
    const revokeAs = (token: string) =>
      context.app.inject({
        method: 'POST',
        url: `/api/v1/share-links/${link.id}/revoke`,
        headers: bearer(token),
      });
    expect((await revokeAs(userToken)).statusCode).toBe(403);
    const foreign = await revokeAs(otherToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ message: string }>().message).toBe('Link de compartilhamento não encontrado.');
    const listAs = (token: string) =>
      context.app.inject({
        method: 'GET',
        url: `/api/v1/project/${projectId}/share-links`,
        headers: bearer(token),
      });
    expect((await listAs(userToken)).statusCode).toBe(403);
    expect((await listAs(otherToken)).statusCode).toBe(404);

    await context.db.updateTable('users').set({ status: false }).where('id', '=', noModule.id).execute();
    const inactive = await make.buildUser('MANAGER', ['allotment.map'], {
      customerId: project.customerId,
      projectIds: [projectId],
    });
    const inactiveToken = await make.signIn(inactive);
    await context.db.updateTable('users').set({ status: false }).where('id', '=', inactive.id).execute();
    expect((await create(payload, inactiveToken)).statusCode).toBe(403);
    expect(await shareCount()).toBe(before);
    expect((await open(link.token)).statusCode).toBe(200);
  });
});

describe('share links: the public view', () => {
  it('opens without a session: published scene of its date, lot statuses, no buyer, price or observation', async () => {
    const link = await created({ kind: 'map', date: '2026-06-10' });
    const response = await open(link.token);
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json<SharedView>();
    expect(view.kind).toBe('map');
    expect(view.scenes.map((scene) => scene.isoDate)).toEqual(['2026-06-10']);
    const lots = view.layers.filter((layer) => layer.type === 'LOT');
    expect(lots.map((lot) => [lot.name, lot.detectAllotment?.detect_type])).toEqual([
      ['Lote 01', 'E'],
      ['Lote 02', 'C'],
    ]);
    expect(view.layers.some((layer) => layer.id === otherLot)).toBe(false);
    expect(response.body).not.toContain('COMPRADOR-77');
    expect(response.body).not.toContain('anotação interna');
    expect(response.body).not.toContain('250000');
    expect(response.body).not.toContain('Muro levantado');
    expect(view.observations).toBeNull();
    // The unpublished 2026-09-10 status ('I') is not the lot's status at the shared date.
    expect(response.body).not.toContain('2026-09-10');
    expect((await list()).find((item) => item.id === link.id)?.views).toBe(1);
  });

  it('shows two compared dates with each lot’s status at each, and observations only when chosen', async () => {
    const link = await created({
      kind: 'compare',
      date: '2026-01-10',
      before_date: '2026-06-10',
      compare_mode: 'cortina',
      show_observations: true,
    });
    expect(link).toMatchObject({ date: '2026-06-10', before_date: '2026-01-10', compare_mode: 'cortina' });
    const view = (await open(link.token)).json<SharedView>();
    expect(view.compare_mode).toBe('cortina');
    expect(view.scenes.map((scene) => scene.isoDate)).toEqual(['2026-01-10', '2026-06-10']);
    expect(view.statuses.find((item) => item.layer_id === lotA)?.by_date).toEqual([
      { date: '2026-01-10', status: 'V' },
      { date: '2026-06-10', status: 'E' },
    ]);
    expect(view.statuses.find((item) => item.layer_id === lotB)?.by_date[0]?.status).toBeNull();
    expect(view.observations).toEqual([
      { layer_id: lotA, date: '2026-05-01', description: 'Muro levantado na divisa' },
    ]);
  });

  it('shows one lot’s history over every published date, and no other lot', async () => {
    const link = await created({ kind: 'lot', layer_id: lotB });
    const view = (await open(link.token)).json<SharedView>();
    expect(view.lot).toEqual({ id: lotB, name: 'Lote 02', block: 'Q1' });
    expect(view.layers.filter((layer) => layer.type === 'LOT').map((layer) => layer.id)).toEqual([lotB]);
    expect(view.scenes.map((scene) => scene.isoDate)).toEqual(['2026-01-10', '2026-06-10']);
    expect(view.statuses).toEqual([
      {
        layer_id: lotB,
        by_date: [
          { date: '2026-01-10', status: null },
          { date: '2026-06-10', status: 'C' },
        ],
      },
    ]);
  });

  it('asks for the password of a protected link, stored as an argon2id hash', async () => {
    const link = await created({ kind: 'map', date: '2026-01-10', password: 'segredo-123' });
    expect(link.has_password).toBe(true);
    const row = await context.db
      .selectFrom('shareLinks')
      .select('passwordHash')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const missing = await open(link.token);
    expect(missing.statusCode).toBe(401);
    expect(missing.json<{ code: string }>().code).toBe('SHARE_PASSWORD_REQUIRED');
    const wrong = await open(link.token, 'errada-999');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<{ message: string }>().message).toBe('Senha incorreta.');
    expect((await list()).find((item) => item.id === link.id)?.views).toBe(0);
    expect((await open(link.token, 'segredo-123')).statusCode).toBe(200);
  });

  it('ends at once when revoked or expired, tiles included', async () => {
    const link = await created({ kind: 'map', date: '2026-06-10' });
    const view = (await open(link.token)).json<SharedView>();
    expect((await context.app.inject({ method: 'GET', url: tileUrl(view) })).statusCode).toBe(200);
    const revoked = await context.app.inject({
      method: 'POST',
      url: `/api/v1/share-links/${link.id}/revoke`,
      headers: bearer(managerToken),
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<ShareLink>().revoked_at).not.toBeNull();
    const gone = await open(link.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json<{ message: string }>().message).toBe(
      'Este link de compartilhamento não existe, expirou ou foi revogado.',
    );
    expect((await context.app.inject({ method: 'GET', url: tileUrl(view) })).statusCode).toBe(404);

    const expiring = await created({ kind: 'map', date: '2026-06-10' });
    await context.db
      .updateTable('shareLinks')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.id)
      .execute();
    expect((await open(expiring.token)).statusCode).toBe(404);
    expect((await open('nao-e-um-link')).statusCode).toBe(404);
  });

  it('serves tiles only with the opening’s signature, of the link’s own dates and project', async () => {
    const link = await created({ kind: 'map', date: '2026-06-10' });
    const other = await created({ kind: 'map', date: '2026-01-10' });
    const view = (await open(link.token)).json<SharedView>();
    const url = tileUrl(view);
    const ok = await context.app.inject({ method: 'GET', url });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    const webp = await context.app.inject({ method: 'GET', url: url.replace('.png?', '.webp?') });
    expect(webp.headers['content-type']).toBe('image/webp');

    const unsigned = await context.app.inject({ method: 'GET', url: url.split('?')[0]! });
    expect(unsigned.statusCode).toBe(403);
    const forged = await context.app.inject({
      method: 'GET',
      url: url.replace(/sig=[\w-]+/, `sig=${'A'.repeat(32)}`),
    });
    expect(forged.statusCode).toBe(403);
    // Another link's signature does not open this link's tiles.
    const otherView = (await open(other.token)).json<SharedView>();
    const borrowed = `${url.split('?')[0]!}?${tileUrl(otherView).split('?')[1]!}`;
    expect((await context.app.inject({ method: 'GET', url: borrowed })).statusCode).toBe(403);
    // A date the link does not show, published or not, is no tile of it.
    for (const date of ['2026-01-10', '2026-09-10'])
      expect(
        (await context.app.inject({ method: 'GET', url: url.replace('2026-06-10', date) })).statusCode,
      ).toBe(404);
  });
});

describe('share links: rate limits', () => {
  let limited: TestContext;
  let build: Factories;
  let linkProject: number;
  let ownerToken: string;
  afterAll(() => limited.close());

  beforeAll(async () => {
    limited = await createTestContext({ loginRateLimitPerMinute: 3 });
    build = factories(limited);
    const project = await build.buildProject();
    linkProject = project.id;
    await build.buildScene(project.id, { date: '2026-01-10', published: true });
    const owner = await build.buildUser('MANAGER', ['allotment.map'], {
      customerId: project.customerId,
      projectIds: [project.id],
    });
    ownerToken = await build.signIn(owner);
  });

  async function linkToken(password?: string): Promise<string> {
    const response = await limited.app.inject({
      method: 'POST',
      url: `/api/v1/project/${linkProject}/share-links`,
      headers: bearer(ownerToken),
      payload: { kind: 'map', date: '2026-01-10', ...(password ? { password } : {}) },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreatedShareLink>().url.split('/compartilhado/')[1]!;
  }

  const openFrom = (token: string, address: string, password?: string) =>
    limited.app.inject({
      method: 'POST',
      url: `/api/v1/shared/${token}/open`,
      payload: password ? { password } : {},
      remoteAddress: address,
    });

  it('opens a link 120 times a minute from one address, far above the sign-in limit, and refuses the 121st', async () => {
    const token = await linkToken();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 121; attempt++)
      statuses.push((await openFrom(token, '203.0.113.9')).statusCode);
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    const refused = await openFrom(token, '203.0.113.9');
    expect(refused.json<{ message: string }>().message).toBe(
      'Muitas tentativas. Aguarde um minuto e tente novamente.',
    );
    // Another address has its own bucket.
    expect((await openFrom(token, '203.0.113.10')).statusCode).toBe(200);
  });

  it('refuses a link+address after 10 wrong passwords, even the right one, and keeps other addresses open', async () => {
    const token = await linkToken('segredo-123');
    const address = '198.51.100.40';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++)
      statuses.push((await openFrom(token, address, 'errada-000')).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    const locked = await openFrom(token, address, 'segredo-123');
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ message: string }>().message).toBe(
      'Muitas senhas incorretas para este link. Aguarde 15 minutos e tente novamente.',
    );
    expect((await openFrom(token, '198.51.100.41', 'segredo-123')).statusCode).toBe(200);
    // Another link from the same address is not locked by this one's misses.
    const other = await linkToken('outra-senha');
    expect((await openFrom(other, address, 'outra-senha')).statusCode).toBe(200);
  });

  it('does not count right passwords as misses', async () => {
    const token = await linkToken('segredo-456');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++)
      statuses.push((await openFrom(token, '198.51.100.50', 'segredo-456')).statusCode);
    expect(statuses).toEqual(Array(12).fill(200));
  });
});
