import { rm } from 'node:fs/promises';
import { DEMO_SEED } from '@mirante/demo/demo-imagery';
import { demoSite } from '@mirante/demo/demo-sites';
import { environmentDemoPair } from '@mirante/demo/environment-detections';
import type { EnvironmentAnalysis, EnvironmentFeature } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDemoScenes } from '../../../test/demo-manifest';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { queueDemoAnalyses } from './demo-analyses.loader';
import { loadDemoImagery } from './demo-imagery.loader';

/*
 * The environment demo's start-up path with the real detector: the demo pair's two scenes (rendered at 2 m, a
 * quarter of the demo's resolution) are ingested like the demo's, then queueDemoAnalyses queues the comparison.
 */

let ctx: TestContext;
let dir: string;
let projectId: number;
let pair: [string, string];

beforeAll(async () => {
  ctx = await createTestContext();
  const site = await demoSite('environment', DEMO_SEED);
  pair = environmentDemoPair(site.dates) as [string, string];
  ({ dir, projectId } = await renderDemoScenes(ctx.db, site, pair, 0.25));
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const options = () => ({ outDir: dir, log: () => undefined, pollMs: 100 });

describe('the environment demo’s analysis at start-up', () => {
  it('runs the detector on the pair once: an unpublished analysis whose proposals wait, none read 100 %', async () => {
    expect(await loadDemoImagery(ctx.db, ctx.services, { ...options(), scale: 0.25 })).toBe(2);
    expect(await queueDemoAnalyses(ctx.db, ctx.services, options())).toBe(1);
    await ctx.services.analyses.whenIdle();

    const admin = await ctx.login('admin@mirante.app.br');
    const get = (url: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(admin) });
    const analyses = (await get(`/project/${projectId}/detections`)).json<EnvironmentAnalysis[]>();
    expect(analyses).toHaveLength(1);
    const [analysis] = analyses;
    expect(analysis).toMatchObject({
      beforeScene: { isoDate: pair[0] },
      afterScene: { isoDate: pair[1] },
      processingState: 'done',
      errorMessage: null,
      approvalStatus: false,
    });

    const features = (await get(`/project/${projectId}/features/${analysis!.detectId}`)).json<
      EnvironmentFeature[]
    >();
    expect(features.length).toBeGreaterThanOrEqual(3);
    expect(features.every((f) => f.source === 'ai' && f.review_status === 'pending')).toBe(true);
    expect(new Set(features.map((f) => f.type))).toEqual(new Set(['REFO', 'DEFO']));
    const confidences = features.map((f) => f.confidence ?? -1);
    expect(confidences.every((c) => c > 0 && c < 1)).toBe(true);
    expect(new Set(confidences).size).toBeGreaterThan(1);

    // Once only: a second start queues nothing.
    expect(await queueDemoAnalyses(ctx.db, ctx.services, options())).toBe(0);
  }, 240_000);
});
