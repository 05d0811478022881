import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectionSchema, type Inspection } from '@mirante/shared';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { factories, type Factories } from '../../../test/factories';

let ctx: TestContext;
let make: Factories;
const tokens = { admin: '', manager: '', mapOnly: '', notesOnly: '', noModules: '', other: '', inactive: '' };
let projectId = 0;
let allotmentId = 0;
const scenes: Record<string, number> = {};

const listAs = (token: string, id = projectId) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/inspections?project_id=${id}`, headers: bearer(token) });

const saveAs = (token: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/inspections', headers: bearer(token), payload });

const destroyAs = (token: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/inspections/destroy', headers: bearer(token), payload });

const count = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('inspections')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n,
  );

async function create(sceneId: number, phase: number): Promise<Inspection> {
  const response = await saveAs(tokens.manager, { project_id: projectId, scene_id: sceneId, phase });
  expect(response.statusCode, response.body).toBe(200);
  return inspectionSchema.strict().parse(response.json());
}

beforeAll(async () => {
  ctx = await createTestContext();
  make = factories(ctx);
  const customer = await make.buildCustomer();
  const admin = await make.buildUser('ADMIN');
  const manager = await make.buildUser('MANAGER', ['construction.map', 'construction.inspections'], {
    customerId: customer.id,
  });
  const mapOnly = await make.buildUser('USER', ['construction.map'], { customerId: customer.id });
  const notesOnly = await make.buildUser('USER', ['construction.notes'], { customerId: customer.id });
  const noModules = await make.buildUser('USER', ['allotment.map'], { customerId: customer.id });
  const inactive = await make.buildUser('USER', ['construction.inspections'], { customerId: customer.id });
  const other = await make.buildUser('MANAGER', ['construction.map', 'construction.inspections']);
  const members = [manager.id, mapOnly.id, notesOnly.id, noModules.id, inactive.id];
  const project = await make.buildProject({
    customerId: customer.id,
    projectType: 'CONSTRUCTION',
    memberIds: members,
  });
  projectId = project.id;
  allotmentId = (await make.buildProject({ customerId: customer.id, memberIds: members })).id;
  for (const date of ['2026-01-10', '2026-02-10', '2026-03-10', '2026-04-10'])
    scenes[date] = await make.buildScene(projectId, { date, published: true });
  scenes.hidden = await make.buildScene(projectId, { date: '2026-05-10', published: false });
  scenes.foreign = await make.buildScene(allotmentId, { date: '2026-01-10', published: true });
  tokens.admin = await make.signIn(admin);
  tokens.manager = await make.signIn(manager);
  tokens.mapOnly = await make.signIn(mapOnly);
  tokens.notesOnly = await make.signIn(notesOnly);
  tokens.noModules = await make.signIn(noModules);
  tokens.other = await make.signIn(other);
  tokens.inactive = await make.signIn(inactive);
  await ctx.db.updateTable('users').set({ status: false }).where('id', '=', inactive.id).execute();
});

afterAll(() => ctx?.close());

describe('POST inspections', () => {
  it('creates an inspection of a scene with its phase and lists it, newest scene first', async () => {
    const first = await create(scenes['2026-01-10'] ?? 0, 1);
    const second = await create(scenes['2026-03-10'] ?? 0, 2);
    expect(first).toMatchObject({
      project_id: projectId,
      phase: 1,
      date: '2026-01-10',
      dateText: '10/01/2026',
    });
    const list = await listAs(tokens.mapOnly);
    expect(list.statusCode).toBe(200);
    expect((list.json() as Inspection[]).map((item) => item.id)).toEqual([second.id, first.id]);
  });

  it('refuses a scene already used by another inspection (409) but keeps it for the inspection itself', async () => {
    const own = await create(scenes['2026-02-10'] ?? 0, 3);
    const before = await count();
    const taken = await saveAs(tokens.manager, {
      project_id: projectId,
      scene_id: scenes['2026-02-10'],
      phase: 4,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'SCENE_HAS_INSPECTION',
      message: 'Esta imagem já pertence a outra vistoria.',
    });
    const edited = await saveAs(tokens.manager, {
      project_id: projectId,
      scene_id: scenes['2026-02-10'],
      phase: 7,
      inspection_id: own.id,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: own.id, phase: 7 });
    expect(await count()).toBe(before);
  });

  it('moves an inspection to another free scene when edited', async () => {
    const moved = await create(scenes['2026-04-10'] ?? 0, 5);
    const free = await make.buildScene(projectId, { date: '2026-06-10', published: true });
    const response = await saveAs(tokens.manager, {
      project_id: projectId,
      scene_id: free,
      phase: 5,
      inspection_id: moved.id,
    });
    expect(response.json()).toMatchObject({ id: moved.id, scene_id: free, date: '2026-06-10' });
  });

  it.each([
    [{ phase: 1 }, 'scene_id', 'Este campo é obrigatório'],
    [{ scene_id: 1 }, 'phase', 'Este campo é obrigatório'],
    [{ phase: '' }, 'phase', 'Este campo é obrigatório'],
    [{ phase: 'abc' }, 'phase', 'Este campo é obrigatório'],
    [{ phase: 0 }, 'phase', 'A fase deve ser um número inteiro maior ou igual a 1.'],
    [{ phase: 1.5 }, 'phase', 'A fase deve ser um número inteiro maior ou igual a 1.'],
  ])('refuses %j: %s "%s", and writes nothing', async (fields, field, message) => {
    const before = await count();
    const body: Record<string, unknown> = {
      project_id: projectId,
      scene_id: scenes['2026-01-10'],
      ...fields,
    };
    if (field === 'scene_id') delete body.scene_id;
    const response = await saveAs(tokens.manager, body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message: `${message} (${field})` });
    expect(await count()).toBe(before);
  });

  it('answers 404 for a scene of another project and for a scene the user may not see', async () => {
    const before = await count();
    for (const sceneId of [scenes.foreign, scenes.hidden]) {
      const response = await saveAs(tokens.manager, { project_id: projectId, scene_id: sceneId, phase: 9 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'SCENE_NOT_FOUND' });
    }
    expect(await count()).toBe(before);
  });

  it('lets an ADMIN use an unpublished scene, which only ADMINs then list', async () => {
    const hidden = await saveAs(tokens.admin, { project_id: projectId, scene_id: scenes.hidden, phase: 9 });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const id = (hidden.json() as Inspection).id;
    expect((await listAs(tokens.admin)).json()).toContainEqual(expect.objectContaining({ id }));
    expect((await listAs(tokens.mapOnly)).json()).not.toContainEqual(expect.objectContaining({ id }));
    const removeHidden = await destroyAs(tokens.manager, { project_id: projectId, inspection_id: id });
    expect(removeHidden.statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('lets construction.map and construction.notes read but only construction.inspections write', async () => {
    expect((await listAs(tokens.notesOnly)).statusCode).toBe(200);
    const before = await count();
    const free = await make.buildScene(projectId, { date: '2026-08-10', published: true });
    for (const token of [tokens.mapOnly, tokens.notesOnly]) {
      const response = await saveAs(token, { project_id: projectId, scene_id: free, phase: 1 });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'MODULE_NOT_AVAILABLE' });
    }
    expect(await count()).toBe(before);
  });

  it('refuses a user without construction modules (403), another customer (404) and an inactive user', async () => {
    expect((await listAs(tokens.noModules)).statusCode).toBe(403);
    const foreign = await listAs(tokens.other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    const inactive = await listAs(tokens.inactive);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toMatchObject({ message: 'Acesso negado. O usuário está inativo.' });
  });

  it('answers 403 on a project that is not a construction project', async () => {
    const response = await listAs(tokens.manager, allotmentId);
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /inspections/destroy', () => {
  it('removes the inspection, frees its scene and answers 404 the second time', async () => {
    const target = await create(await make.buildScene(projectId, { date: '2026-07-10', published: true }), 8);
    const response = await destroyAs(tokens.manager, { project_id: projectId, inspection_id: target.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: target.id });
    expect(((await listAs(tokens.manager)).json() as Inspection[]).map((item) => item.id)).not.toContain(
      target.id,
    );
    const again = await destroyAs(tokens.manager, { project_id: projectId, inspection_id: target.id });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'INSPECTION_NOT_FOUND', message: 'Vistoria não encontrada.' });
    await create(target.scene_id, 8);
  });

  it('answers 404 for an inspection named with another project id', async () => {
    const target = ((await listAs(tokens.manager)).json() as Inspection[])[0] as Inspection;
    const response = await destroyAs(tokens.admin, { project_id: allotmentId, inspection_id: target.id });
    expect(response.statusCode).toBe(404);
    const mismatched = await make.buildProject({ projectType: 'CONSTRUCTION' });
    const wrong = await destroyAs(tokens.admin, { project_id: mismatched.id, inspection_id: target.id });
    expect(wrong.statusCode).toBe(404);
  });
});
