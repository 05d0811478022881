import { rm } from 'node:fs/promises';
import { DEMO_SEED } from '@mirante/demo/demo-imagery';
import { demoSite } from '@mirante/demo/demo-sites';
import type { Layer, LayerDetailRow, StatusHistoryItem } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDemoScenes } from '../../../test/demo-manifest';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { queueDemoAnalyses } from './demo-analyses.loader';
import { loadDemoImagery } from './demo-imagery.loader';
import { loadDemoLayers } from './demo-layers.loader';

/*
 * The demo's start-up path with the real AI: one demo allotment scene (the demo's last date, rendered at 0.8 m)
 * is ingested like the demo's, then queueDemoAnalyses creates its analysis and sends it to the AI queue.
 */

let ctx: TestContext;
let dir: string;
let sceneDate: string;
let projectId: number;

beforeAll(async () => {
  ctx = await createTestContext(
    {},
    { processor: (job, report) => ctx.services.detections.processor(job, report) },
  );
  await loadDemoLayers(ctx.db, ctx.services.layerImport);
  const site = await demoSite('allotment', DEMO_SEED);
  const rendered = await renderDemoScenes(ctx.db, site, [site.dates[17]!], 0.5);
  ({ dir, projectId } = rendered);
  sceneDate = rendered.scenes[0]!.date;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const options = () => ({ outDir: dir, log: () => undefined, pollMs: 100 });

describe('demo AI analyses at start-up', () => {
  it('queues the AI on the ingested demo allotment scene once; the lots’ latest statuses are the AI’s', async () => {
    expect(await loadDemoImagery(ctx.db, ctx.services, { ...options(), scale: 0.5 })).toBe(1);
    expect(await queueDemoAnalyses(ctx.db, ctx.services, options())).toBe(1);
    await ctx.services.analyses.whenIdle();

    const analysis = await ctx.db
      .selectFrom('detections')
      .innerJoin('scenes', 'scenes.id', 'detections.sceneId')
      .select([
        'detections.approved',
        'detections.analysisAi',
        'detections.processingState',
        'detections.processingError',
        'scenes.date',
      ])
      .where('detections.projectId', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(analysis).toEqual({
      approved: true,
      analysisAi: true,
      processingState: 'done',
      processingError: null,
      date: sceneDate,
    });

    // A USER (published results only) sees every lot's latest status dated on the scene, read by the AI.
    const user = await ctx.login('usuario@horizonte.com.br');
    const headers = { authorization: `Bearer ${user}` };
    const layers = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/project/${projectId}/layers`,
      headers,
    });
    const lots = layers.json<Layer[]>().filter((layer) => layer.type === 'LOT');
    expect(lots.length).toBeGreaterThan(500);
    expect(lots.every((lot) => lot.detectAllotment?.date === sceneDate)).toBe(true);
    expect(lots.every((lot) => (lot.detectAllotment?.precision ?? 0) > 0)).toBe(true);

    const detail = await ctx.app.inject({ method: 'GET', url: `/api/v1/layer/${lots[0]!.id}`, headers });
    const history = (detail.json<LayerDetailRow[]>().find((row) => row.field === 'STATUS_LIST')?.value ??
      []) as StatusHistoryItem[];
    expect(history[0]).toMatchObject({ date: sceneDate, source: 'ai', author: null });
    expect(history[0]!.precision).toBeGreaterThan(0);
    expect(history[0]!.precision).toBeLessThanOrEqual(1);
    // The dates the AI has not read keep the generator's truth, said to be demo data, with no confidence.
    expect(history[1]).toMatchObject({ source: 'demo-ground-truth', precision: null, author: null });

    // Once only: a second start queues nothing.
    expect(await queueDemoAnalyses(ctx.db, ctx.services, options())).toBe(0);
  }, 120_000);
});
