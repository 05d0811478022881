import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEMO_SEED, renderSceneJob } from '@mirante/demo/demo-imagery';
import { demoSite } from '@mirante/demo/demo-sites';
import type { GroundTruthRecord } from '@mirante/demo/lot-timeline';
import type { Layer, LayerDetailRow, StatusHistoryItem } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { analysesKit } from '../../../test/analyses-test-kit';
import { loadDemoLayers } from '../demo/demo-layers.loader';

/*
 * The real pipeline: demo scenes rendered by the generator at 0.8 m (half the demo's resolution), ingested
 * like an upload, analysed through `detections/process-ai` and the installed processor, and compared with the
 * generator's ground truth of the same lots and dates.
 */

const SCALE = 0.5;
/** Two months apart, with lots in every stage; the later one is the demo's last date. */
const FIRST = 12;
const SECOND = 17;

let ctx: TestContext;
let kit: ReturnType<typeof analysesKit>;
let dir: string;
let admin: string;
let user: string;
let otherCustomer: string;
let projectId: number;
const lotKeyOf = new Map<number, string>();
const truth = new Map<string, string>();
/** Progress reported by the processor, in order. */
const progress: number[] = [];
const analysisOf = new Map<number, { id: number; sceneId: number; date: string }>();

async function ingestDemoScene(dateIndex: number) {
  const entry = await renderSceneJob({
    site: 'allotment',
    dateIndex,
    outDir: dir,
    seed: DEMO_SEED,
    scale: SCALE,
  });
  const scene = await ctx.services.scenes.ingestLocalFile({
    projectId,
    date: entry.date,
    filePath: path.join(dir, entry.file),
    wait: true,
  });
  const created = await kit.call(admin, 'POST', '/detection', { projectId, sceneId: scene.id });
  expect(created.statusCode).toBe(200);
  analysisOf.set(dateIndex, { id: created.json<{ id: number }>().id, sceneId: scene.id, date: entry.date });
}

async function processAi(detectId: number) {
  const response = await kit.call(admin, 'POST', '/detections/process-ai', { detect_id: [detectId] });
  expect(response.statusCode).toBe(200);
  await ctx.services.analyses.whenIdle();
}

const aiRows = (detectId: number) =>
  ctx.db
    .selectFrom('lotStatusHistory')
    .select(['layerId', 'status', 'precision', 'date', 'sceneId'])
    .where('detectionId', '=', detectId)
    .where('source', '=', 'ai')
    .execute();

function accuracy(rows: { layerId: number; status: string; date: string }[]): number {
  const correct = rows.filter((row) => truth.get(`${lotKeyOf.get(row.layerId)}|${row.date}`) === row.status);
  return correct.length / rows.length;
}

async function statusList(token: string, layerId: number): Promise<StatusHistoryItem[]> {
  const response = await kit.call(token, 'GET', `/layer/${layerId}`);
  expect(response.statusCode).toBe(200);
  const row = response.json<LayerDetailRow[]>().find((item) => item.field === 'STATUS_LIST');
  return (row?.value ?? []) as StatusHistoryItem[];
}

beforeAll(async () => {
  // The detections feature's processor, its progress reports recorded.
  ctx = await createTestContext(
    {},
    {
      processor: (job, report) =>
        ctx.services.detections.processor(job, {
          async progress(percent) {
            progress.push(percent);
            await report.progress(percent);
          },
        }),
    },
  );
  kit = analysesKit(ctx);
  dir = await mkdtemp(path.join(os.tmpdir(), 'mirante-detections-'));
  await loadDemoLayers(ctx.db, ctx.services.layerImport);
  [admin, user, otherCustomer] = await Promise.all([
    ctx.login('admin@mirante.app.br'),
    ctx.login('usuario@horizonte.com.br'),
    ctx.login('usuario@valeverde.com.br'),
  ]);
  const site = await demoSite('allotment', DEMO_SEED);
  projectId = await kit.projectId(site.space);
  const lots = await ctx.db
    .selectFrom('layers')
    .select(['id', 'sourceKey'])
    .where('projectId', '=', projectId)
    .where('type', '=', 'LOT')
    .execute();
  for (const lot of lots) if (lot.sourceKey) lotKeyOf.set(lot.id, lot.sourceKey);
  for (const record of site.groundTruth() as GroundTruthRecord[])
    truth.set(`${record.lotKey}|${record.date}`, record.status);
  await ingestDemoScene(FIRST);
  await ingestDemoScene(SECOND);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('AI processing of an allotment scene (detections-process)', () => {
  it('reads every lot of the scene and writes statuses matching the ground truth', async () => {
    const first = analysisOf.get(FIRST);
    const second = analysisOf.get(SECOND);
    if (!first || !second) throw new Error('scenes not ingested');
    await processAi(first.id);
    expect(progress.length).toBeGreaterThan(5);
    expect([...progress].sort((x, y) => x - y)).toEqual(progress);
    expect(progress.at(-1)).toBeGreaterThanOrEqual(90);
    await processAi(second.id);

    for (const analysis of [first, second]) {
      expect(await kit.detection(analysis.id)).toMatchObject({
        analysisAi: true,
        processingState: 'done',
        processingProgress: 100,
        processingError: null,
        // The demo's imagery is the kind the AI was trained on: its readings' own confidences decide.
        reviewReason: null,
      });
      const rows = await aiRows(analysis.id);
      // The whole allotment is in the scene: every lot is read.
      expect(rows).toHaveLength(lotKeyOf.size);
      expect(rows.every((row) => row.date === analysis.date && row.sceneId === analysis.sceneId)).toBe(true);
      expect(rows.every((row) => row.precision !== null && row.precision > 0 && row.precision <= 1)).toBe(
        true,
      );
      const measured = accuracy(rows);
      console.log(
        `AI accuracy at 0.8 m, ${analysis.date}: ${(measured * 100).toFixed(1)} % of ${rows.length}`,
      );
      expect(measured).toBeGreaterThanOrEqual(0.85);
      // The AI's rows supersede the demo ground truth of that date.
      const demoRows = await ctx.db
        .selectFrom('lotStatusHistory')
        .select('id')
        .where('date', '=', analysis.date)
        .where('source', '=', 'demo-ground-truth')
        .where('layerId', 'in', [...lotKeyOf.keys()])
        .execute();
      expect(demoRows).toHaveLength(0);
    }

    // The second scene was read against the first one's features.
    const features = await ctx.db
      .selectFrom('detectionResults')
      .select('features')
      .where('detectionId', '=', second.id)
      .execute();
    expect(features).toHaveLength(lotKeyOf.size);
    expect(
      features.every((row) => (row.features as { hasPrevious?: number } | null)?.hasPrevious === 1),
    ).toBe(true);
  });

  it('is idempotent: processing again replaces the analysis rows', async () => {
    const second = analysisOf.get(SECOND);
    if (!second) throw new Error('scene not ingested');
    const before = await aiRows(second.id);
    await processAi(second.id);
    const after = await aiRows(second.id);
    expect(after).toHaveLength(before.length);
    const byLot = (rows: typeof before) => Object.fromEntries(rows.map((row) => [row.layerId, row.status]));
    expect(byLot(after)).toEqual(byLot(before));
    const results = await ctx.db
      .selectFrom('detectionResults')
      .select('layerId')
      .where('detectionId', '=', second.id)
      .execute();
    expect(results).toHaveLength(lotKeyOf.size);
  });

  it('shows pending results to ADMIN only; approving publishes them', async () => {
    const second = analysisOf.get(SECOND);
    if (!second) throw new Error('scene not ingested');
    const [layerId] = lotKeyOf.keys();
    if (layerId === undefined) throw new Error('no lots');

    expect((await statusList(admin, layerId)).some((item) => item.date === second.date)).toBe(true);
    expect((await statusList(user, layerId)).some((item) => item.date === second.date)).toBe(false);
    const lastDate = async (token: string) =>
      (await kit.call(token, 'GET', `/project/${projectId}/last-date`)).json<{ detect_date: string | null }>()
        .detect_date;
    expect(await lastDate(admin)).toBe(second.date);
    expect(await lastDate(user)).not.toBe(second.date);
    const layers = await kit.call(user, 'GET', `/project/${projectId}/layers`);
    const lots = layers.json<Layer[]>();
    expect(lots.some((lot) => lot.detectAllotment?.date === second.date)).toBe(false);

    const approved = await kit.call(admin, 'POST', `/detection/${second.sceneId}`, {
      approval_status: true,
      use_scene_id: true,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id: second.id, approvalStatus: true });
    expect((await statusList(user, layerId)).some((item) => item.date === second.date)).toBe(true);
    expect(await lastDate(user)).toBe(second.date);
    // The user's map list (kept between calls) shows the approved results at once.
    const publishedLayers = async () =>
      (await kit.call(user, 'GET', `/project/${projectId}/layers`)).json<Layer[]>();
    expect((await publishedLayers()).some((lot) => lot.detectAllotment?.date === second.date)).toBe(true);

    const disabled = await kit.call(admin, 'POST', `/detection/${second.id}`, { approval_status: false });
    expect(disabled.json()).toMatchObject({ approvalStatus: false });
    expect(await lastDate(user)).not.toBe(second.date);
    expect((await publishedLayers()).some((lot) => lot.detectAllotment?.date === second.date)).toBe(false);
  });

  it('lets an ADMIN correct lots by hand; the correction survives re-processing', async () => {
    const second = analysisOf.get(SECOND);
    if (!second) throw new Error('scene not ingested');
    // Sent with the higher id first: the answer keeps the order sent, not the ids' order.
    const [a, b] = [...lotKeyOf.keys()].sort((x, y) => y - x);
    const response = await kit.call(admin, 'POST', `/allotments/${second.id}`, {
      detectType: 'O',
      layers: [a, b],
      sceneId: second.sceneId,
      projectId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: a, detectType: 'O' },
      { id: b, detectType: 'O' },
    ]);
    await processAi(second.id);
    const edited = await ctx.db
      .selectFrom('lotStatusHistory')
      .select(['status', 'source'])
      .where('layerId', '=', a ?? 0)
      .where('date', '=', second.date)
      .executeTakeFirst();
    expect(edited).toEqual({ status: 'O', source: 'manual' });
    expect(await aiRows(second.id)).toHaveLength(lotKeyOf.size - 2);
  });

  it('says who wrote each history entry: the AI with its confidence, a manual edit with its ADMIN and none', async () => {
    const second = analysisOf.get(SECOND);
    if (!second) throw new Error('scene not ingested');
    // The previous test set the two highest ids by hand; the third one kept the AI's reading.
    const [edited, , untouched] = [...lotKeyOf.keys()].sort((x, y) => y - x);
    const onDate = async (token: string, layerId: number | undefined) =>
      (await statusList(token, layerId ?? 0)).find((item) => item.date === second.date);
    // Seen by the ADMIN and, once published, by a USER of the customer alike.
    const approved = await kit.call(admin, 'POST', `/detection/${second.id}`, { approval_status: true });
    expect(approved.statusCode).toBe(200);
    for (const token of [admin, user]) {
      expect(await onDate(token, edited)).toEqual({
        status: 'O',
        date: second.date,
        text: 'Outros',
        precision: null,
        source: 'manual',
        author: 'Ana Administradora',
      });
      const ai = await onDate(token, untouched);
      expect(ai).toMatchObject({ source: 'ai', author: null });
      expect(ai?.precision).toBeGreaterThan(0);
      expect(ai?.precision).toBeLessThanOrEqual(1);
    }
  });
});

describe('permissions', () => {
  it('process-ai and approval are ADMIN-only', async () => {
    const second = analysisOf.get(SECOND);
    if (!second) throw new Error('scene not ingested');
    for (const token of [user, otherCustomer]) {
      expect(
        (await kit.call(token, 'POST', '/detections/process-ai', { detect_id: [second.id] })).statusCode,
      ).toBe(403);
      expect(
        (await kit.call(token, 'POST', '/detections/approve', { detect_id: [second.id] })).statusCode,
      ).toBe(403);
      expect(
        (await kit.call(token, 'POST', `/detection/${second.id}`, { approval_status: true })).statusCode,
      ).toBe(403);
    }
    expect(
      (await kit.call(null, 'POST', `/detection/${second.id}`, { approval_status: true })).statusCode,
    ).toBe(401);
    expect((await kit.call(admin, 'POST', '/detection/999999', { approval_status: true })).statusCode).toBe(
      404,
    );
  });

  it('allotments/:detectId: another customer gets 404, a USER 403, bad input 422', async () => {
    const second = analysisOf.get(SECOND);
    if (!second) throw new Error('scene not ingested');
    const [layerId] = lotKeyOf.keys();
    const body = { detectType: 'C', layers: [layerId], sceneId: second.sceneId, projectId };
    expect((await kit.call(otherCustomer, 'POST', `/allotments/${second.id}`, body)).statusCode).toBe(404);
    expect((await kit.call(user, 'POST', `/allotments/${second.id}`, body)).statusCode).toBe(403);
    expect((await kit.call(admin, 'POST', '/allotments/999999', body)).statusCode).toBe(404);
    expect(
      (await kit.call(admin, 'POST', `/allotments/${second.id}`, { ...body, detectType: 'Z' })).statusCode,
    ).toBe(422);
    expect(
      (await kit.call(admin, 'POST', `/allotments/${second.id}`, { ...body, layers: [] })).statusCode,
    ).toBe(422);
    const notALot = await ctx.db
      .selectFrom('layers')
      .select('id')
      .where('projectId', '=', projectId)
      .where('type', '<>', 'LOT')
      .executeTakeFirstOrThrow();
    expect(
      (await kit.call(admin, 'POST', `/allotments/${second.id}`, { ...body, layers: [notALot.id] }))
        .statusCode,
    ).toBe(422);
  });
});
