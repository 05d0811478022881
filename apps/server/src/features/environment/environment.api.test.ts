import { writeFileSync } from 'node:fs';
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENVIRONMENT_MESSAGES, type EnvironmentAnalysis, type EnvironmentFeature } from '@mirante/shared';
import { factories } from '../../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

let ctx: TestContext;
let admin: string;
let manager: string;
let noModule: string;
let otherCustomer: string;
let inactive: string;
let projectId: number;
let sceneIds: number[];

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

const square = (size = 0.0005) => ({
  type: 'Polygon',
  coordinates: [
    [
      [-51.949, -23.419],
      [-51.949 + size, -23.419],
      [-51.949 + size, -23.419 + size],
      [-51.949, -23.419 + size],
      [-51.949, -23.419],
    ],
  ],
});

async function newAnalysis(before: number, after: number): Promise<number> {
  const response = await call(admin, 'POST', `/project/${projectId}/environment-detect`, {
    before_scene_id: before,
    after_scene_id: after,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ id: number }>().id;
}

async function proposal(detectId: number, category: 'REFO' | 'DEFO' = 'DEFO'): Promise<number> {
  const row = await ctx.db
    .insertInto('environmentFeatures')
    .values({
      detectionId: detectId,
      source: 'ai',
      category,
      geoJson: JSON.stringify(square()),
      areaM2: 2900,
      description: 'Perda de vegetação detectada',
      confidence: 0.8,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const make = factories(ctx);
  const customer = await make.buildCustomer();
  const project = await make.buildProject({ customerId: customer.id, projectType: 'ENVIRONMENT' });
  projectId = project.id;
  await ctx.db.updateTable('projects').set({ hasReport: true }).where('id', '=', projectId).execute();
  sceneIds = [];
  for (const date of ['2025-03-01', '2025-07-01', '2025-11-01', '2026-03-01', '2026-07-01']) {
    sceneIds.push(await make.buildScene(projectId, { date }));
  }
  const projectIds = [projectId];
  const [m, n, o, i] = await Promise.all([
    make.buildUser('MANAGER', ['environment.map', 'environment.analysis', 'environment.report'], {
      customerId: customer.id,
      projectIds,
    }),
    make.buildUser('MANAGER', ['environment.map'], { customerId: customer.id, projectIds }),
    make.buildUser('MANAGER', ['environment.map', 'environment.analysis']),
    make.buildUser('USER', ['environment.map', 'environment.analysis'], {
      customerId: customer.id,
      projectIds,
    }),
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

describe('POST project/{id}/environment-detect (Nova Análise)', () => {
  it('requires both scenes, each with its message', async () => {
    const url = `/project/${projectId}/environment-detect`;
    const noBefore = await call(admin, 'POST', url, { after_scene_id: sceneIds[1] });
    expect(noBefore.statusCode).toBe(422);
    expect(noBefore.json().message).toBe(ENVIRONMENT_MESSAGES.beforeSceneRequired);
    const noAfter = await call(admin, 'POST', url, { before_scene_id: sceneIds[0] });
    expect(noAfter.json().message).toBe(ENVIRONMENT_MESSAGES.afterSceneRequired);
  });

  it('refuses an after scene that is not later than the before scene, creating nothing', async () => {
    const response = await call(admin, 'POST', `/project/${projectId}/environment-detect`, {
      before_scene_id: sceneIds[2],
      after_scene_id: sceneIds[1],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('A data anterior precisa ser menor do que a posterior');
    const rows = await ctx.db
      .selectFrom('detections')
      .select('id')
      .where('projectId', '=', projectId)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('queues an analysis of the pair for the detector and lists it with both scenes', async () => {
    const id = await newAnalysis(sceneIds[0] as number, sceneIds[1] as number);
    const row = await ctx.db
      .selectFrom('detections')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      beforeSceneId: sceneIds[0],
      sceneId: sceneIds[1],
      analysisAi: true,
      minAreaM2: 1000,
    });
    const list = (await call(admin, 'GET', `/project/${projectId}/detections`)).json<EnvironmentAnalysis[]>();
    expect(list.find((a) => a.detectId === id)).toMatchObject({
      beforeDate: '01/03/2025',
      afterDate: '01/07/2025',
      analysisApprovalStatus: 'Pendente',
    });
  });

  it('is ADMIN-only: a MANAGER with the module 403, without the module 403, another customer 404, inactive 403', async () => {
    const body = { before_scene_id: sceneIds[2], after_scene_id: sceneIds[3] };
    const url = `/project/${projectId}/environment-detect`;
    expect((await call(manager, 'POST', url, body)).statusCode).toBe(403);
    expect((await call(noModule, 'POST', url, body)).statusCode).toBe(403);
    expect((await call(otherCustomer, 'POST', url, body)).statusCode).toBe(404);
    expect((await call(inactive, 'POST', url, body)).statusCode).toBe(403);
  });
});

describe('GET project/detect/feature/categories', () => {
  it('gives the three categories to an ADMIN and refuses anyone else', async () => {
    const response = await call(admin, 'GET', '/project/detect/feature/categories');
    expect(response.json()).toEqual([
      expect.objectContaining({ id: 0, type: 'REFO', name: 'Reflorestamento' }),
      expect.objectContaining({ id: 1, type: 'DEFO', name: 'Desmatamento' }),
      expect.objectContaining({ id: 2, type: 'GAMBIRA', name: 'Outra análise' }),
    ]);
    expect((await call(manager, 'GET', '/project/detect/feature/categories')).statusCode).toBe(403);
  });
});

describe('POST project/{id}/detect/{detectId}/feature (Nova Detecção) and the review of proposals', () => {
  let detectId: number;
  beforeAll(async () => {
    detectId = await newAnalysis(sceneIds[3] as number, sceneIds[4] as number);
  });

  it('requires category, area and description, each with its message', async () => {
    const url = `/project/${projectId}/detect/${detectId}/feature`;
    const full = { category_id: 1, area: 120, description: 'Corte raso', geojson: JSON.stringify(square()) };
    for (const [field, message] of [
      ['category_id', ENVIRONMENT_MESSAGES.categoryRequired],
      ['area', ENVIRONMENT_MESSAGES.areaRequired],
      ['description', ENVIRONMENT_MESSAGES.descriptionRequired],
    ] as const) {
      const response = await call(admin, 'POST', url, { ...full, [field]: '' });
      expect(response.statusCode, field).toBe(422);
      expect(JSON.stringify(response.json()), field).toContain(message);
    }
  });

  it('saves a manual detection approved, as a DEFO map layer with the analysis dates', async () => {
    const response = await call(admin, 'POST', `/project/${projectId}/detect/${detectId}/feature`, {
      category_id: 1,
      area: 1234,
      description: 'Supressão de mata ciliar',
      geojson: JSON.stringify(square()),
    });
    expect(response.statusCode).toBe(200);
    const feature = response.json<EnvironmentFeature>();
    expect(feature).toMatchObject({ source: 'manual', type: 'DEFO', review_status: 'approved', area: 1234 });
    const layer = await ctx.db
      .selectFrom('layers')
      .selectAll()
      .where('id', '=', feature.layer_id as number)
      .executeTakeFirstOrThrow();
    expect(layer).toMatchObject({
      type: 'DEFO',
      rect: 'Supressão de mata ciliar',
      categoryName: 'Desmatamento',
    });
  });

  it('refuses a drawn detection that crosses itself or has a hole outside it (422), storing nothing', async () => {
    const layersBefore = await ctx.db
      .selectFrom('layers')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const ring = square().coordinates[0]!;
    const bowTie = { type: 'Polygon', coordinates: [[ring[0], ring[2], ring[1], ring[3], ring[0]]] };
    const farHole = square(0.0001).coordinates[0]!.map(([x, y]) => [x! + 0.01, y!]);
    const holeOutside = { type: 'Polygon', coordinates: [ring, farHole] };
    for (const [geometry, reason] of [
      [bowTie, 'autointerseção (o contorno se cruza)'],
      [holeOutside, 'furo fora do polígono'],
    ] as const) {
      const response = await call(admin, 'POST', `/project/${projectId}/detect/${detectId}/feature`, {
        category_id: 1,
        area: 1234,
        description: 'Desenho inválido',
        geojson: JSON.stringify(geometry),
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<{ message: string }>().message).toBe(
        `${ENVIRONMENT_MESSAGES.geometryInvalid} ${reason}.`,
      );
    }
    const layersAfter = await ctx.db
      .selectFrom('layers')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(layersAfter.n).toBe(layersBefore.n);
  });

  it('a MANAGER cannot add a detection: an unpublished analysis is hidden from him (404)', async () => {
    const response = await call(manager, 'POST', `/project/${projectId}/detect/${detectId}/feature`, {
      category_id: 0,
      area: 10,
      description: 'x',
      geojson: JSON.stringify(square()),
    });
    expect(response.statusCode).toBe(404);
  });

  it('rejects a proposal only with a reason, and keeps the reason', async () => {
    const id = await proposal(detectId);
    const url = `/project/${projectId}/detect/${detectId}/feature/${id}/review`;
    const noReason = await call(admin, 'POST', url, { action: 'reject' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().message).toBe(ENVIRONMENT_MESSAGES.rejectReasonRequired);
    const rejected = await call(admin, 'POST', url, { action: 'reject', reason: 'Sombra de nuvem' });
    expect(rejected.json()).toMatchObject({
      review_status: 'rejected',
      reject_reason: 'Sombra de nuvem',
      layer_id: null,
    });
    const again = await call(admin, 'POST', url, { action: 'approve' });
    expect(again.json().message).toBe(ENVIRONMENT_MESSAGES.featureReviewed);
  });

  it('edits a pending proposal, then approving it publishes it as a layer', async () => {
    const id = await proposal(detectId);
    const edited = await call(admin, 'POST', `/project/${projectId}/detect/${detectId}/feature`, {
      feature_id: id,
      category_id: 0,
      area: 2500,
      description: 'Plantio de mudas',
    });
    expect(edited.json()).toMatchObject({
      type: 'REFO',
      area: 2500,
      description: 'Plantio de mudas',
      review_status: 'pending',
    });
    const approved = await call(
      admin,
      'POST',
      `/project/${projectId}/detect/${detectId}/feature/${id}/review`,
      {
        action: 'approve',
      },
    );
    expect(approved.json()).toMatchObject({ review_status: 'approved', reviewed_by: expect.any(String) });
    expect(approved.json<EnvironmentFeature>().layer_id).toEqual(expect.any(Number));
  });

  it('shows a MANAGER only the approved detections of a published analysis; the rest to the ADMIN', async () => {
    const url = `/project/${projectId}/features/${detectId}`;
    expect((await call(manager, 'GET', url)).statusCode).toBe(404);
    await call(admin, 'POST', `/detection/${detectId}`, { approval_status: true });
    const seen = (await call(manager, 'GET', url)).json<EnvironmentFeature[]>();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((f) => f.review_status === 'approved')).toBe(true);
    const all = (await call(admin, 'GET', url)).json<EnvironmentFeature[]>();
    expect(all.some((f) => f.review_status === 'rejected')).toBe(true);
    expect((await call(noModule, 'GET', url)).statusCode).toBe(403);
    expect((await call(otherCustomer, 'GET', url)).statusCode).toBe(404);
  });
});

describe('GET project/{id}/detect/{detectId}/report (Relatório de Análise)', () => {
  it('is a PDF of the published analysis with its approved detections; refused without the module or for another customer', async () => {
    const detectId = (await call(admin, 'GET', `/project/${projectId}/detections`))
      .json<EnvironmentAnalysis[]>()
      .find((a) => a.approvalStatus)?.detectId as number;
    const url = `/project/${projectId}/detect/${detectId}/report`;
    const response = await call(manager, 'GET', url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getTitle()).toContain('Relat');
    if (process.env.REPORT_PDF_OUT) writeFileSync(process.env.REPORT_PDF_OUT, response.rawPayload);
    expect((await call(noModule, 'GET', url)).statusCode).toBe(403);
    expect((await call(otherCustomer, 'GET', url)).statusCode).toBe(404);
    expect((await call(inactive, 'GET', url)).statusCode).toBe(403);
  });
});
