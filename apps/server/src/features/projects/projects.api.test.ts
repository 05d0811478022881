import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD, factories } from '../../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: token ? bearer(token) : {} });

async function projectId(space: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('projects')
    .select('id')
    .where('space', '=', space)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('GET /project', () => {
  it('lists every project for ADMIN', async () => {
    const response = await get('/project', await ctx.login('admin@mirante.app.br'));
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .map((p: { space: string }) => p.space)
        .sort(),
    ).toEqual(['app-ribeirao-pinguim', 'edificio-aurora', 'jardim-das-palmeiras', 'vale-verde-sarandi']);
  });

  it("lists only the user's own projects, with every spec field", async () => {
    const response = await get('/project', await ctx.login('usuario@horizonte.com.br'));
    const projects = response.json();
    expect(projects.map((p: { space: string }) => p.space).sort()).toEqual([
      'edificio-aurora',
      'jardim-das-palmeiras',
    ]);
    const allotment = projects.find((p: { space: string }) => p.space === 'jardim-das-palmeiras');
    expect(allotment).toMatchObject({
      projectType: 'ALLOTMENT',
      default: true,
      hasStage: true,
      city: 'Maringá',
      state: 'PR',
      stage: 'C',
      releaseDate: '2025-05-10',
      // This USER has no allotment.finance: finance values are not sent to him.
      valorInadimplencia: null,
      delimiter: { type: 'Polygon' },
      limitLayer: { type: 'Polygon' },
    });
    expect(allotment.area).toBeGreaterThan(30);
    expect(allotment.area).toBeLessThan(80);
    expect(allotment.perimeter).toBeGreaterThan(2);
    expect(allotment.bounds[0][0]).toBeLessThan(allotment.bounds[1][0]);
    expect(allotment.center[1]).toBeCloseTo(-23.448, 2);
  });

  it('filters by space (loteamento query)', async () => {
    const response = await get(
      '/project?loteamento=edificio-aurora',
      await ctx.login('gerente@horizonte.com.br'),
    );
    expect(response.json()).toHaveLength(1);
  });

  it("never shows another customer's projects", async () => {
    const response = await get('/project', await ctx.login('usuario@valeverde.com.br'));
    expect(response.json().map((p: { space: string }) => p.space)).toEqual(['vale-verde-sarandi']);
  });

  it('answers 404 when the user has no project', async () => {
    await sql`DELETE FROM user_projects WHERE user_id = (SELECT id FROM users WHERE email = 'usuario@valeverde.com.br')`.execute(
      ctx.db,
    );
    const response = await get('/project', await ctx.login('usuario@valeverde.com.br'));
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NO_PROJECTS');
  });

  it('needs a session', async () => {
    expect((await get('/project')).statusCode).toBe(401);
  });
});

describe('GET /project/:id', () => {
  it("gives 404 for another customer's project and for one not linked to the user", async () => {
    const other = await projectId('vale-verde-sarandi');
    const environment = await projectId('app-ribeirao-pinguim');
    const user = await ctx.login('usuario@horizonte.com.br');
    expect((await get(`/project/${other}`, user)).statusCode).toBe(404);
    expect((await get(`/project/${environment}`, user)).statusCode).toBe(404);
    expect((await get(`/project/${await projectId('jardim-das-palmeiras')}`, user)).statusCode).toBe(200);
  });

  it('lets ADMIN open any project and rejects a non-numeric id', async () => {
    const admin = await ctx.login('admin@mirante.app.br');
    expect((await get(`/project/${await projectId('vale-verde-sarandi')}`, admin)).statusCode).toBe(200);
    expect((await get('/project/abc', admin)).statusCode).toBe(422);
  });
});

describe('project-scoped module check (assertAccess)', () => {
  it('refuses a module the user lacks and allows it for ADMIN', async () => {
    const userToken = await ctx.login('usuario@horizonte.com.br');
    const user = await ctx.services.auth.resolveSession(userToken);
    const adminUser = await ctx.services.auth.resolveSession(await ctx.login('admin@mirante.app.br'));
    const allotment = await projectId('jardim-das-palmeiras');
    if (!user || !adminUser) throw new Error('sessões');
    await expect(ctx.services.projects.assertAccess(user, allotment, 'map')).resolves.toMatchObject({
      id: allotment,
    });
    await expect(ctx.services.projects.assertAccess(user, allotment, 'finance')).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(ctx.services.projects.assertAccess(adminUser, allotment, 'finance')).resolves.toBeTruthy();
    await expect(
      ctx.services.projects.assertAccess(user, await projectId('vale-verde-sarandi'), 'map'),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('project lot count', () => {
  it('counts the lots a project has loaded (its LOT layers), not the number typed in, in the list and alone', async () => {
    const make = factories(ctx);
    const manager = await make.buildUser('MANAGER', ['allotment.map']);
    const project = await make.buildProject({ customerId: manager.customerId, memberIds: [manager.id] });
    const token = await ctx.login(manager.email, FACTORY_PASSWORD);
    // Typed in: 612 lots, none loaded yet.
    await ctx.db.updateTable('projects').set({ lots: 612 }).where('id', '=', project.id).execute();
    const lotsOf = async () => ({
      listed: ((await get('/project', token)).json() as { id: number; lots: number }[]).find(
        (item) => item.id === project.id,
      )?.lots,
      alone: ((await get(`/project/${project.id}`, token)).json() as { lots: number }).lots,
    });
    expect(await lotsOf()).toEqual({ listed: 612, alone: 612 });
    const [west, south, side] = [-51.95, -23.42, 0.0002];
    for (const [index, type] of (['LOT', 'LOT', 'LOT', 'BLOCK'] as const).entries()) {
      const x = west + index * side;
      const ring = [
        [x, south],
        [x + side, south],
        [x + side, south + side],
        [x, south + side],
        [x, south],
      ];
      await ctx.db
        .insertInto('layers')
        .values({
          projectId: project.id,
          type,
          name: `Camada ${index}`,
          block: 'A',
          geoJson: JSON.stringify({ type: 'Polygon', coordinates: [ring] }),
          bbox: [x, south, x + side, south + side],
        })
        .execute();
    }
    expect(await lotsOf()).toEqual({ listed: 3, alone: 3 });
  });
});

describe('project inspection count', () => {
  it('counts the inspections a construction project has, in the list and alone, and only its own', async () => {
    const make = factories(ctx);
    const manager = await make.buildUser('MANAGER', ['construction.map', 'construction.inspections']);
    const project = await make.buildProject({
      customerId: manager.customerId,
      projectType: 'CONSTRUCTION',
      memberIds: [manager.id],
    });
    const neighbour = await make.buildProject({
      customerId: manager.customerId,
      projectType: 'CONSTRUCTION',
    });
    const token = await make.signIn(manager);
    const countOf = async () => ({
      listed: ((await get('/project', token)).json() as { id: number; totalInspections: number }[]).find(
        (item) => item.id === project.id,
      )?.totalInspections,
      alone: ((await get(`/project/${project.id}`, token)).json() as { totalInspections: number })
        .totalInspections,
    });
    expect(await countOf()).toEqual({ listed: 0, alone: 0 });
    for (const [target, date] of [
      [project.id, '2026-01-10'],
      [project.id, '2026-02-10'],
      [neighbour.id, '2026-03-10'],
    ] as const) {
      const sceneId = await make.buildScene(target, { date, published: true });
      await ctx.db.insertInto('inspections').values({ projectId: target, sceneId, phase: 1 }).execute();
    }
    expect(await countOf()).toEqual({ listed: 2, alone: 2 });
  });
});
