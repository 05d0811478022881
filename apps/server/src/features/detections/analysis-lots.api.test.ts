import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisLotsSchema, DETECTION_MESSAGES } from '@mirante/shared';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { factories } from '../../../test/factories';

let ctx: TestContext;
const tokens = { admin: '', user: '', noModules: '', other: '', inactive: '' };
let projectId = 0;
let otherProjectId = 0;
let published = 0;
let unpublished = 0;
let environment = 0;
const lots: number[] = [];

const lotsOf = (token: string, detectId: number, id = projectId) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/project/${id}/allotments/${detectId}`,
    headers: bearer(token),
  });

async function analysis(sceneId: number, approved: boolean, beforeSceneId: number | null = null) {
  const row = await ctx.db
    .insertInto('detections')
    .values({ projectId, sceneId, approved, beforeSceneId, analysisAi: true, processingState: 'done' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const make = factories(ctx);
  const customer = await make.buildCustomer();
  projectId = (await make.buildProject({ customerId: customer.id })).id;
  for (const name of ['Lote 1', 'Lote 2', 'Lote 3'])
    lots.push(await make.buildLayer(projectId, { name, block: 'A' }));
  const march = await make.buildScene(projectId, { date: '2024-03-10', published: true });
  const june = await make.buildScene(projectId, { date: '2024-06-10', published: true });
  published = await analysis(march, true);
  unpublished = await analysis(june, false);
  const september = await make.buildScene(projectId, { date: '2024-09-10', published: true });
  environment = await analysis(september, true, march);
  const [first, second, third] = lots as [number, number, number];
  await ctx.db
    .insertInto('lotStatusHistory')
    .values([
      {
        layerId: first,
        date: '2024-03-10',
        status: 'V',
        precision: 0.91,
        sceneId: march,
        source: 'ai',
        detectionId: published,
      },
      { layerId: second, date: '2024-03-10', status: 'C', precision: null, sceneId: march, source: 'manual' },
      {
        layerId: first,
        date: '2024-06-10',
        status: 'E',
        precision: 0.8,
        sceneId: june,
        source: 'ai',
        detectionId: unpublished,
      },
      {
        layerId: third,
        date: '2024-06-10',
        status: 'C',
        precision: 0.7,
        sceneId: june,
        source: 'ai',
        detectionId: unpublished,
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

describe('GET project/:id/allotments/:detectId', () => {
  it("gives each lot's reading at the analysis's date: the AI's with its confidence, a correction without", async () => {
    const response = await lotsOf(tokens.user, published);
    expect(response.statusCode, response.body).toBe(200);
    const body = analysisLotsSchema.strict().parse(response.json());
    expect(body).toMatchObject({ detectId: published, date: '2024-03-10' });
    expect(body.lots).toEqual([
      { id: lots[0], detect_type: 'V', precision: 0.91, source: 'ai' },
      { id: lots[1], detect_type: 'C', precision: null, source: 'manual' },
    ]);
  });

  it('shows an unpublished analysis to an ADMIN only; to others it does not exist', async () => {
    const admin = await lotsOf(tokens.admin, unpublished);
    expect(admin.statusCode, admin.body).toBe(200);
    expect(analysisLotsSchema.parse(admin.json()).lots.map((lot) => lot.detect_type)).toEqual(['E', 'C']);
    const user = await lotsOf(tokens.user, unpublished);
    expect(user.statusCode).toBe(404);
    expect(user.json()).toMatchObject({ message: DETECTION_MESSAGES.analysisNotFound });
  });

  it("refuses an environment analysis, another project's analysis and a missing id with 404", async () => {
    expect((await lotsOf(tokens.admin, environment)).statusCode).toBe(404);
    expect((await lotsOf(tokens.admin, published, otherProjectId)).statusCode).toBe(404);
    expect((await lotsOf(tokens.admin, 2_000_000_000)).statusCode).toBe(404);
  });

  it('keeps out another customer (404), a user without the map module (403) and an inactive user (403)', async () => {
    expect((await lotsOf(tokens.other, published)).statusCode).toBe(404);
    expect((await lotsOf(tokens.noModules, published)).statusCode).toBe(403);
    const inactive = await lotsOf(tokens.inactive, published);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toMatchObject({ message: 'Acesso negado. O usuário está inativo.' });
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/project/${projectId}/allotments/${published}` }))
        .statusCode,
    ).toBe(401);
  });

  it('leaves the export route where it was and refuses a non-numeric id with a pt-BR 422', async () => {
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/project/${projectId}/allotments/abc`,
      headers: bearer(tokens.admin),
    });
    expect(bad.statusCode).toBe(422);
    const exported = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/project/${projectId}/allotments/export?fileType=csv`,
      headers: bearer(tokens.admin),
    });
    expect(exported.statusCode, exported.body).toBe(200);
  });
});
