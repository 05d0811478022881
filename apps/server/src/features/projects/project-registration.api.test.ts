import { PROJECT_MESSAGES, type AreaGeometry } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type Factories } from '../../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { createProjectRegistrationService } from './project-registration.service';
import { createProjectsRepo } from './projects.repo';

let ctx: TestContext;
let make: Factories;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  make = factories(ctx);
  admin = await make.signIn(await make.buildUser('ADMIN'));
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** A 300 m square near Maringá (PR), lon/lat. */
const square = (west = -51.95, south = -23.42): AreaGeometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [west + 0.003, south],
      [west + 0.003, south + 0.003],
      [west, south + 0.003],
      [west, south],
    ],
  ],
});

const projectCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /projects (ADMIN registers a project)', () => {
  it('answers 201 with the project, its space derived from the name and geometry measured', async () => {
    const customer = await make.buildCustomer();
    const response = await api('POST', '/projects', admin, {
      name: 'Residencial Bela Vista - Etapa 1',
      projectType: 'ALLOTMENT',
      customerId: customer.id,
      delimiter: square(),
      hasStage: true,
      hasPriceVisualization: true,
      customerCode: 'RBV-01',
      releaseDate: '2026-03-01',
      stage: 'P',
      team: 'Equipe Norte',
      blocks: 12,
      lots: 240,
      address: 'Av. Brasil, 1000',
      city: 'Maringá',
      state: 'PR',
      detail: 'Loteamento aberto',
      valorInadimplencia: 1500.5,
    });
    expect(response.statusCode).toBe(201);
    const project = response.json();
    expect(project).toMatchObject({
      name: 'Residencial Bela Vista - Etapa 1',
      space: 'residencial-bela-vista-etapa-1',
      projectType: 'ALLOTMENT',
      customerId: customer.id,
      customerName: customer.name,
      hasStage: true,
      hasPriceVisualization: true,
      hasReport: false,
      customerCode: 'RBV-01',
      releaseDate: '2026-03-01',
      stage: 'P',
      blocks: 12,
      lots: 240,
      city: 'Maringá',
      state: 'PR',
      valorInadimplencia: 1500.5,
      archived: false,
      archivedAt: null,
      delimiter: square(),
      limitLayer: { type: 'Polygon' },
    });
    // 0.003° × 0.003° at 23° S: about 306 m × 333 m ≈ 10 ha, perimeter ≈ 1.3 km.
    expect(project.area).toBeGreaterThan(9);
    expect(project.area).toBeLessThan(11.5);
    expect(project.perimeter).toBeGreaterThan(1.2);
    expect(project.perimeter).toBeLessThan(1.4);
    expect(project.bounds).toEqual([
      [-51.95, -23.42],
      [expect.closeTo(-51.947, 6), expect.closeTo(-23.417, 6)],
    ]);
  });

  it('suffixes the space when another project already has it, and keeps spaces unique', async () => {
    const first = await make.buildCustomer();
    const second = await make.buildCustomer();
    const body = (customerId: number) => ({
      name: 'Parque das Águas',
      projectType: 'ALLOTMENT',
      customerId,
      delimiter: square(),
    });
    const a = await api('POST', '/projects', admin, body(first.id));
    const b = await api('POST', '/projects', admin, body(second.id));
    const c = await api('POST', '/projects', admin, { ...body(second.id), name: 'Parque das Aguas!' });
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 201]);
    expect([a.json().space, b.json().space, c.json().space]).toEqual([
      'parque-das-aguas',
      'parque-das-aguas-2',
      'parque-das-aguas-3',
    ]);
  });

  it('refuses a second project of the same name for the same customer (422, nothing written)', async () => {
    const customer = await make.buildCustomer();
    const body = { name: 'Jardim Europa', projectType: 'ALLOTMENT', customerId: customer.id };
    expect((await api('POST', '/projects', admin, body)).statusCode).toBe(201);
    const before = await projectCount();
    const again = await api('POST', '/projects', admin, { ...body, name: '  jardim europa ' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      code: 'PROJECT_NAME_TAKEN',
      message: 'Já existe um projeto com este nome para este cliente.',
    });
    expect(await projectCount()).toBe(before);
  });

  it('registers one project when two ADMINs send the same name at once; the others get the pt-BR refusal', async () => {
    const customer = await make.buildCustomer();
    const before = await projectCount();
    const names = ['Recanto do Sol', 'recanto do sol', ' RECANTO DO SOL ', 'Recanto do SOL'];
    const answers = await Promise.all(
      names.map((name) =>
        api('POST', '/projects', admin, { name, projectType: 'ALLOTMENT', customerId: customer.id }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422, 422, 422]);
    for (const answer of answers.filter((one) => one.statusCode === 422))
      expect(answer.json()).toMatchObject({
        code: 'PROJECT_NAME_TAKEN',
        message: PROJECT_MESSAGES.nameTaken,
      });
    expect(await projectCount()).toBe(before + 1);
  });

  it('the database refuses a name the check let through (a race) and the service still answers in pt-BR', async () => {
    const customer = await make.buildCustomer();
    const taken = await api('POST', '/projects', admin, {
      name: 'Vila Nova',
      projectType: 'ALLOTMENT',
      customerId: customer.id,
    });
    const other = await api('POST', '/projects', admin, {
      name: 'Vila Velha',
      projectType: 'ALLOTMENT',
      customerId: customer.id,
    });
    // The other writer's project landed between this check and this write: the check sees nothing.
    const raced = createProjectRegistrationService({
      ...createProjectsRepo(ctx.db),
      nameTaken: async () => false,
    });
    const adminUser = (await ctx.services.auth.resolveSession(admin))!;
    const refusal = { statusCode: 422, code: 'PROJECT_NAME_TAKEN', message: PROJECT_MESSAGES.nameTaken };
    const before = await projectCount();
    await expect(
      raced.create(adminUser, { name: 'VILA NOVA', projectType: 'ALLOTMENT', customerId: customer.id }),
    ).rejects.toMatchObject(refusal);
    await expect(
      raced.edit(adminUser, other.json<{ id: number }>().id, { name: 'vila nova ' }),
    ).rejects.toMatchObject(refusal);
    expect(await projectCount()).toBe(before);
    expect((await api('GET', `/projects`, admin)).json<{ id: number; name: string }[]>()).toContainEqual(
      expect.objectContaining({ id: other.json<{ id: number }>().id, name: 'Vila Velha' }),
    );
    expect(taken.statusCode).toBe(201);
  });

  it('registers a project without a boundary: it opens on Brazil until its lots give it one', async () => {
    const customer = await make.buildCustomer();
    const response = await api('POST', '/projects', admin, {
      name: 'Obra sem contorno',
      projectType: 'CONSTRUCTION',
      customerId: customer.id,
    });
    expect(response.statusCode).toBe(201);
    const project = response.json();
    expect(project).toMatchObject({ delimiter: null, limitLayer: null, area: 0, perimeter: 0 });
    const [[west, south], [east, north]] = project.bounds;
    expect(west).toBeLessThan(-70);
    expect(east).toBeGreaterThan(-36);
    expect(south).toBeLessThan(-30);
    expect(north).toBeGreaterThan(4);

    const derived = square(-52.0, -23.5);
    expect(await ctx.services.projects.takesDerivedBoundary(project.id)).toBe(true);
    expect(await ctx.services.projects.adoptDerivedBoundary(project.id, derived)).toBe(true);
    // A boundary derived before may be derived again by a later import.
    expect(await ctx.services.projects.takesDerivedBoundary(project.id)).toBe(true);
    const after = await api('GET', `/project/${project.id}`, admin);
    expect(after.json().delimiter).toEqual(derived);
    // A boundary an ADMIN gave is never replaced by a derived one.
    const given = await api('POST', '/projects', admin, {
      name: 'Com contorno',
      projectType: 'ALLOTMENT',
      customerId: customer.id,
      delimiter: square(),
    });
    expect(await ctx.services.projects.takesDerivedBoundary(given.json().id)).toBe(false);
    expect(await ctx.services.projects.adoptDerivedBoundary(given.json().id, derived)).toBe(false);
    expect((await api('GET', `/project/${given.json().id}`, admin)).json().delimiter).toEqual(square());
  });

  it('drops the altitude of 3D positions', async () => {
    const customer = await make.buildCustomer();
    const ring = square().coordinates[0]!.map(([lng, lat]) => [lng, lat, 512.3]);
    const response = await api('POST', '/projects', admin, {
      name: 'Com altitude',
      projectType: 'ENVIRONMENT',
      customerId: customer.id,
      delimiter: { type: 'Polygon', coordinates: [ring] },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().delimiter).toEqual(square());
  });

  it.each([
    ['no name', { name: '   ' }, 'Informe o nome do projeto.'],
    ['no type', { projectType: undefined }, 'Selecione o tipo do projeto.'],
    ['an unknown type', { projectType: 'FARM' }, 'Selecione o tipo do projeto.'],
    ['no customer', { customerId: undefined }, 'Selecione o cliente do projeto.'],
    ['an impossible release date', { releaseDate: '2026-02-30' }, 'Data inválida'],
    ['a negative lot count', { lots: -3 }, 'Informe um número inteiro maior ou igual a zero.'],
    ['a stage outside P/C/D', { stage: 'X' }, 'Situação inválida'],
    ['a Point as boundary', { delimiter: { type: 'Point', coordinates: [-51.9, -23.4] } }, 'Delimitação'],
    [
      'a boundary in UTM metres',
      {
        delimiter: {
          type: 'Polygon',
          coordinates: [
            [
              [400000, 7400000],
              [400100, 7400000],
              [400000, 7400100],
              [400000, 7400000],
            ],
          ],
        },
      },
      'Delimitação inválida',
    ],
  ])('refuses %s with a pt-BR 422 and writes nothing', async (_case, change, message) => {
    const customer = await make.buildCustomer();
    const before = await projectCount();
    const response = await api('POST', '/projects', admin, {
      name: 'Projeto válido',
      projectType: 'ALLOTMENT',
      customerId: customer.id,
      ...change,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain(message);
    expect(await projectCount()).toBe(before);
  });

  it('refuses a self-crossing or open boundary and an unknown customer (422, nothing written)', async () => {
    const customer = await make.buildCustomer();
    const before = await projectCount();
    const bowtie = {
      type: 'Polygon',
      coordinates: [
        [
          [-51.95, -23.42],
          [-51.94, -23.41],
          [-51.94, -23.42],
          [-51.95, -23.41],
          [-51.95, -23.42],
        ],
      ],
    };
    const open = { type: 'Polygon', coordinates: [square().coordinates[0]!.slice(0, 4)] };
    const base = { name: 'Contorno ruim', projectType: 'ALLOTMENT', customerId: customer.id };
    const crossing = await api('POST', '/projects', admin, { ...base, delimiter: bowtie });
    const unclosed = await api('POST', '/projects', admin, { ...base, delimiter: open });
    const noCustomer = await api('POST', '/projects', admin, { ...base, customerId: 2_000_000_000 });
    expect(crossing.json()).toMatchObject({
      code: 'INVALID_GEOMETRY',
      message: 'Polígono inválido: o contorno cruza a si mesmo.',
    });
    expect(unclosed.json()).toMatchObject({ code: 'INVALID_GEOMETRY' });
    expect(noCustomer.json()).toMatchObject({
      code: 'CUSTOMER_NOT_FOUND',
      message: 'Cliente não encontrado.',
    });
    expect([crossing.statusCode, unclosed.statusCode, noCustomer.statusCode]).toEqual([422, 422, 422]);
    expect(await projectCount()).toBe(before);
  });

  it('refuses malformed JSON with a 4xx message, never a 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().message).toEqual(expect.any(String));
  });
});

describe('who may register, edit and archive projects', () => {
  it('refuses a MANAGER and a USER (403) and an inactive ADMIN (403, inactive), changing nothing', async () => {
    const customer = await make.buildCustomer();
    const manager = await make.signIn(
      await make.buildUser('MANAGER', ['allotment.map', 'allotment.security'], { customerId: customer.id }),
    );
    const user = await make.signIn(
      await make.buildUser('USER', ['allotment.map'], { customerId: customer.id }),
    );
    const inactiveAdmin = await make.buildUser('ADMIN');
    const inactiveToken = await make.signIn(inactiveAdmin);
    await ctx.db.updateTable('users').set({ status: false }).where('id', '=', inactiveAdmin.id).execute();
    const project = await make.buildProject({ customerId: customer.id });
    const before = await projectCount();
    const body = { name: 'Tentativa', projectType: 'ALLOTMENT', customerId: customer.id };

    for (const token of [manager, user, inactiveToken]) {
      const answers = await Promise.all([
        api('GET', '/projects', token),
        api('POST', '/projects', token, body),
        api('POST', `/project/${project.id}`, token, { name: 'Renomeado' }),
        api('POST', `/project/${project.id}/archive`, token),
        api('POST', `/project/${project.id}/unarchive`, token),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403, 403, 403]);
    }
    const inactive = await api('POST', '/projects', inactiveToken, body);
    expect(inactive.json().message).toBe('Acesso negado. O usuário está inativo.');
    expect(await projectCount()).toBe(before);
    expect((await api('GET', `/project/${project.id}`, admin)).json()).toMatchObject({
      name: project.name,
      archived: false,
    });
  });

  it('refuses a request without a session (401)', async () => {
    const customer = await make.buildCustomer();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      payload: { name: 'Sem sessão', projectType: 'ALLOTMENT', customerId: customer.id },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /project/:id (edit)', () => {
  it('changes the fields sent, clears those sent as null, and never changes the space', async () => {
    const customer = await make.buildCustomer();
    const created = (
      await api('POST', '/projects', admin, {
        name: 'Vila Rica',
        projectType: 'ALLOTMENT',
        customerId: customer.id,
        city: 'Sarandi',
        team: 'Equipe A',
      })
    ).json();
    const response = await api('POST', `/project/${created.id}`, admin, {
      name: 'Vila Rica - Etapa 2',
      hasStage: true,
      team: null,
      lots: 80,
      delimiter: square(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: created.id,
      name: 'Vila Rica - Etapa 2',
      space: 'vila-rica',
      hasStage: true,
      team: null,
      city: 'Sarandi',
      lots: 80,
      delimiter: square(),
    });
    expect(response.json().area).toBeGreaterThan(9);
  });

  it('refuses a name another project of the customer has, a missing project (404) and bad input (422)', async () => {
    const customer = await make.buildCustomer();
    const create = (name: string) =>
      api('POST', '/projects', admin, { name, projectType: 'ALLOTMENT', customerId: customer.id });
    await create('Primeiro');
    const second = (await create('Segundo')).json();
    const clash = await api('POST', `/project/${second.id}`, admin, { name: 'PRIMEIRO' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().code).toBe('PROJECT_NAME_TAKEN');
    // Its own name (in other case) is no clash.
    expect((await api('POST', `/project/${second.id}`, admin, { name: 'segundo' })).statusCode).toBe(200);
    expect((await api('POST', '/project/2000000000', admin, { name: 'X' })).statusCode).toBe(404);
    const bad = await api('POST', `/project/${second.id}`, admin, { defaultZoom: 40 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toContain('O zoom inicial deve ser um número de 1 a 22.');
  });
});

describe('archiving', () => {
  it("hides an archived project from its customer's users (lists and every call: 404), keeps it for ADMINs, and unarchiving brings it back", async () => {
    const customer = await make.buildCustomer();
    const project = (
      await api('POST', '/projects', admin, {
        name: 'Loteamento Arquivável',
        projectType: 'ALLOTMENT',
        customerId: customer.id,
        delimiter: square(),
      })
    ).json();
    const other = await make.buildProject({ customerId: customer.id });
    const userRow = await make.buildUser('USER', ['allotment.map', 'allotment.security'], {
      customerId: customer.id,
      projectIds: [project.id, other.id],
    });
    const user = await make.signIn(userRow);
    const spaces = async (token: string) =>
      (await api('GET', '/project', token)).json().map((p: { space: string }) => p.space);
    expect(await spaces(user)).toContain('loteamento-arquivavel');

    const archived = await api('POST', `/project/${project.id}/archive`, admin);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ archived: true, archivedAt: expect.any(String) });

    expect(await spaces(user)).not.toContain('loteamento-arquivavel');
    expect((await api('GET', `/project/${project.id}`, user)).statusCode).toBe(404);
    expect((await api('GET', `/project/${project.id}/layers`, user)).statusCode).toBe(404);
    // Not offered to be given to users any more, and not shown among a user's projects.
    const offered = (await api('GET', `/projects/${customer.id}`, admin)).json();
    expect(offered.map((p: { id: number }) => p.id)).not.toContain(project.id);

    // The ADMIN still sees it, flagged, in both lists.
    const adminList = (await api('GET', '/project', admin)).json();
    expect(adminList.find((p: { id: number }) => p.id === project.id)).toMatchObject({ archived: true });
    const registered = (await api('GET', '/projects', admin)).json();
    expect(registered.find((p: { id: number }) => p.id === project.id)).toMatchObject({
      archived: true,
      customerName: customer.name,
    });

    // Editing the user meanwhile keeps his link to the archived project.
    const edit = await api('POST', `/user/${userRow.id}`, admin, {
      name: 'Pessoa editada',
      email: userRow.email,
      customer: customer.id,
      projects: [other.id],
      group: userRow.groupId,
      status: true,
    });
    expect(edit.statusCode).toBe(200);

    const restored = await api('POST', `/project/${project.id}/unarchive`, admin);
    expect(restored.json()).toMatchObject({ archived: false, archivedAt: null });
    expect(await spaces(user)).toContain('loteamento-arquivavel');
    expect((await api('GET', `/project/${project.id}`, user)).statusCode).toBe(200);
  });

  it('a user whose only project is archived gets the no-project answer (404)', async () => {
    const customer = await make.buildCustomer();
    const project = await make.buildProject({ customerId: customer.id });
    const user = await make.signIn(
      await make.buildUser('USER', ['allotment.map'], { customerId: customer.id, projectIds: [project.id] }),
    );
    await api('POST', `/project/${project.id}/archive`, admin);
    const response = await api('GET', '/project', user);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NO_PROJECTS');
  });

  it('archiving twice is harmless and an unknown project is 404', async () => {
    const project = await make.buildProject();
    const first = await api('POST', `/project/${project.id}/archive`, admin);
    const second = await api('POST', `/project/${project.id}/archive`, admin);
    expect(second.json().archivedAt).toBe(first.json().archivedAt);
    expect((await api('POST', '/project/2000000000/archive', admin)).statusCode).toBe(404);
  });
});

describe('giving the new project to users and groups', () => {
  it("offers a new project to the customer's users: once given, the user opens it", async () => {
    const customer = await make.buildCustomer();
    const created = (
      await api('POST', '/projects', admin, {
        name: 'Novo para usuários',
        projectType: 'ALLOTMENT',
        customerId: customer.id,
        delimiter: square(),
      })
    ).json();
    const offered = (await api('GET', `/projects/${customer.id}`, admin)).json();
    expect(offered.map((p: { id: number }) => p.id)).toContain(created.id);

    const userRow = await make.buildUser('USER', ['allotment.map'], { customerId: customer.id });
    const edit = await api('POST', `/user/${userRow.id}`, admin, {
      name: 'Pessoa',
      email: userRow.email,
      customer: customer.id,
      projects: [created.id],
      group: userRow.groupId,
      status: true,
    });
    expect(edit.statusCode).toBe(200);
    const user = await make.signIn(userRow);
    expect((await api('GET', `/project/${created.id}`, user)).json()).toMatchObject({
      name: 'Novo para usuários',
    });
  });
});
