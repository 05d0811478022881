import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOTMENT_ANALYSIS_MESSAGES, type AllotmentAnalysis } from '@mirante/shared';
import { factories } from '../../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

let ctx: TestContext;
let admin: string;
let manager: string;
let noModule: string;
let otherCustomer: string;
let inactive: string;
let projectId: number;
let environmentId: number;
let published: number;
let pending: number;

const list = (token: string, id = projectId) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/project/${id}/analyses`, headers: bearer(token) });

async function analysis(sceneId: number, approved: boolean, statuses: string[], lots: number[]) {
  const row = await ctx.db
    .insertInto('detections')
    .values({ projectId, sceneId, approved, processingState: 'done', processingProgress: 100 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('detectionResults')
    .values(
      statuses.map((status, i) => ({
        detectionId: row.id,
        layerId: lots[i] as number,
        status,
        confidence: 0.9,
        features: null,
      })),
    )
    .execute();
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const make = factories(ctx);
  const customer = await make.buildCustomer();
  const project = await make.buildProject({ customerId: customer.id });
  projectId = project.id;
  const environment = await make.buildProject({ customerId: customer.id, projectType: 'ENVIRONMENT' });
  environmentId = environment.id;
  const march = await make.buildScene(projectId, { date: '2025-03-01' });
  const july = await make.buildScene(projectId, { date: '2025-07-01' });
  const lots: number[] = [];
  for (let i = 0; i < 4; i++)
    lots.push(await make.buildLayer(projectId, { type: 'LOT', name: `Lote ${i + 1}` }));
  published = await analysis(march, true, ['V', 'V', 'C', 'B'], lots);
  pending = await analysis(july, false, ['C', 'C', 'C'], lots);
  const projectIds = [projectId, environmentId];
  const [m, n, o, i] = await Promise.all([
    make.buildUser('MANAGER', ['allotment.map', 'allotment.analysis', 'environment.analysis'], {
      customerId: customer.id,
      projectIds,
    }),
    make.buildUser('MANAGER', ['allotment.map'], { customerId: customer.id, projectIds }),
    make.buildUser('MANAGER', ['allotment.map', 'allotment.analysis']),
    make.buildUser('USER', ['allotment.map', 'allotment.analysis'], { customerId: customer.id, projectIds }),
  ]);
  [admin, manager, noModule, otherCustomer, inactive] = await Promise.all([
    ctx.login('admin@mirante.app.br'),
    make.signIn(m),
    make.signIn(n),
    make.signIn(o),
    make.signIn(i),
  ]);
  await ctx.db.updateTable('users').set({ status: false }).where('id', '=', i.id).execute();
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET project/{id}/analyses (allotment analysis page)', () => {
  it('lists every analysis to an ADMIN, newest first, with its lots per detection type', async () => {
    const response = await list(admin);
    expect(response.statusCode).toBe(200);
    const rows = response.json<AllotmentAnalysis[]>();
    expect(rows.map((row) => row.detectId)).toEqual([pending, published]);
    expect(rows[1]).toMatchObject({
      isoDate: '2025-03-01',
      dateFormatted: '01/03/2025',
      approvalStatus: true,
      analysisApprovalStatus: 'Aprovado',
      processingState: 'done',
      lotsAnalysed: 4,
      totals: [
        { key: 'V', count: 2 },
        { key: 'B', count: 1 },
        { key: 'C', count: 1 },
      ],
    });
    expect(rows[0]).toMatchObject({ analysisApprovalStatus: 'Pendente', totals: [{ key: 'C', count: 3 }] });
  });

  it('shows a user with the module only the published analyses', async () => {
    const response = await list(manager);
    expect(response.statusCode).toBe(200);
    expect(response.json<AllotmentAnalysis[]>().map((row) => row.detectId)).toEqual([published]);
  });

  it('refuses a user without allotment.analysis (403) and hides the project from another customer (404)', async () => {
    const withoutModule = await list(noModule);
    expect(withoutModule.statusCode).toBe(403);
    expect(withoutModule.json().message).toBe('Módulo não disponível para este projeto.');
    expect((await list(otherCustomer)).statusCode).toBe(404);
  });

  it('logs an inactive user out with the spec message', async () => {
    const response = await list(inactive);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Acesso negado. O usuário está inativo.');
  });

  it('answers an environment project with a pt-BR 422, not a list', async () => {
    const response = await list(manager, environmentId);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(ALLOTMENT_ANALYSIS_MESSAGES.notAllotment);
  });
});
