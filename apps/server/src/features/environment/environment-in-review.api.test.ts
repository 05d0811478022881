import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisInReview, EnvironmentAnalysis } from '@mirante/shared';
import { createLocalStorage } from '../../storage/local-storage';
import { environmentAnalysis, environmentAudience } from '../../../test/environment-test-kit';
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
/** Its detector done, its proposal waiting for the ADMIN. */
let reviewed: number;
let proposalId: number;

const PREVIEW_KEY = 'environment/in-review-test.png';
const get = (token: string, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
const inReview = (token: string) => get(token, `/project/${projectId}/detections/in-review`);

beforeAll(async () => {
  ctx = await createTestContext();
  const make = factories(ctx);
  const customer = await make.buildCustomer();
  projectId = (await make.buildProject({ customerId: customer.id, projectType: 'ENVIRONMENT' })).id;
  sceneIds = [];
  for (const date of ['2025-03-01', '2025-07-01', '2025-11-01', '2026-03-01']) {
    sceneIds.push(await make.buildScene(projectId, { date }));
  }
  ({ admin, manager, noModule, otherCustomer, inactive } = await environmentAudience(ctx, {
    customerId: customer.id,
    projectIds: [projectId],
    modules: ['environment.map', 'environment.analysis'],
    missing: 'environment.analysis',
  }));
  reviewed = await environmentAnalysis(ctx, {
    projectId,
    before: sceneIds[0] as number,
    after: sceneIds[1] as number,
  });
  proposalId = (
    await ctx.db
      .insertInto('environmentFeatures')
      .values({
        detectionId: reviewed,
        source: 'ai',
        category: 'DEFO',
        geoJson: JSON.stringify({
          type: 'Polygon',
          coordinates: [
            [
              [-51.949, -23.419],
              [-51.948, -23.419],
              [-51.948, -23.418],
              [-51.949, -23.419],
            ],
          ],
        }),
        areaM2: 2900,
        description: 'Perda de vegetação detectada',
        confidence: 0.8,
        beforePreviewKey: PREVIEW_KEY,
        afterPreviewKey: PREVIEW_KEY,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await createLocalStorage(ctx.config.storageDir).put(PREVIEW_KEY, Buffer.from('preview'));
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET project/{id}/detections/in-review (an unpublished analysis as a customer sees it)', () => {
  it('gives a MANAGER of the project only the dates and the state of an analysis under review', async () => {
    const response = await inReview(manager);
    expect(response.statusCode).toBe(200);
    expect(response.json<AnalysisInReview[]>()).toEqual([
      { beforeDate: '01/03/2025', afterDate: '01/07/2025', state: 'review' },
    ]);
  });

  it('keeps the unpublished analysis’s proposals from the MANAGER: not listed, its features and previews 404', async () => {
    const analyses = (await get(manager, `/project/${projectId}/detections`)).json<EnvironmentAnalysis[]>();
    expect(analyses).toEqual([]);
    expect((await get(manager, `/project/${projectId}/features/${reviewed}`)).statusCode).toBe(404);
    const preview = `/project/${projectId}/features/${reviewed}/${proposalId}/preview/after`;
    expect((await get(manager, preview)).statusCode).toBe(404);
    expect((await get(admin, preview)).statusCode).toBe(200);
    const all = (await get(admin, `/project/${projectId}/features/${reviewed}`)).json<{ id: number }[]>();
    expect(all.map((f) => f.id)).toEqual([proposalId]);
  });

  it('says processing while the detector has not finished, oldest analysis first', async () => {
    const queued = await environmentAnalysis(ctx, {
      projectId,
      before: sceneIds[2] as number,
      after: sceneIds[3] as number,
      state: 'queued',
    });
    expect((await inReview(manager)).json<AnalysisInReview[]>()).toEqual([
      { beforeDate: '01/03/2025', afterDate: '01/07/2025', state: 'review' },
      { beforeDate: '01/11/2025', afterDate: '01/03/2026', state: 'processing' },
    ]);
    await ctx.db.deleteFrom('detections').where('id', '=', queued).execute();
  });

  it('refuses another customer’s user (404), a user without the module (403) and an inactive user (403)', async () => {
    expect((await inReview(otherCustomer)).statusCode).toBe(404);
    expect((await inReview(noModule)).statusCode).toBe(403);
    expect((await inReview(inactive)).statusCode).toBe(403);
  });

  it('no longer lists an analysis once published, which the MANAGER then sees in the analyses', async () => {
    const published = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/detection/${reviewed}`,
      headers: bearer(admin),
      payload: { approval_status: true },
    });
    expect(published.statusCode).toBe(200);
    expect((await inReview(manager)).json<AnalysisInReview[]>()).toEqual([]);
    const analyses = (await get(manager, `/project/${projectId}/detections`)).json<EnvironmentAnalysis[]>();
    expect(analyses.map((a) => a.detectId)).toEqual([reviewed]);
  });
});
