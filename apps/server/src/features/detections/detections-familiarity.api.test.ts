import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AI_REVIEW_BELOW, DETECTION_MESSAGES, type SceneWithAnalysis } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysesKit } from '../../../test/analyses-test-kit';
import { cropPlotGeoTiff } from '../../../test/crop-plot-geotiff';
import { factories } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/test-app';

/*
 * A scene unlike the imagery the AI was trained on (fields of crop plots, no building): the AI must not read it
 * 'Construído' at 0.98. Every reading goes to 'A revisar' and the analysis says why; once an ADMIN corrected
 * enough of its lots the project's model knows that look and the reason goes.
 */

const DATE = '2026-04-01';

let ctx: TestContext;
let kit: ReturnType<typeof analysesKit>;
let dir: string;
let admin: string;
let user: string;
let projectId: number;
let sceneId: number;
let detectId: number;
const lotIds: number[] = [];

async function processAi() {
  const response = await kit.call(admin, 'POST', '/detections/process-ai', { detect_id: [detectId] });
  expect(response.statusCode).toBe(200);
  await ctx.services.analyses.whenIdle();
  expect(await kit.detection(detectId)).toMatchObject({ processingState: 'done', processingError: null });
}

const aiRows = () =>
  ctx.db
    .selectFrom('lotStatusHistory')
    .select(['layerId', 'status', 'precision'])
    .where('detectionId', '=', detectId)
    .where('source', '=', 'ai')
    .execute();

const listed = async () =>
  (await kit.call(admin, 'GET', '/scenes/with-analysis'))
    .json<SceneWithAnalysis[]>()
    .find((row) => row.detect_id === detectId);

beforeAll(async () => {
  ctx = await createTestContext(
    {},
    { processor: (job, report) => ctx.services.detections.processor(job, report) },
  );
  kit = analysesKit(ctx);
  const make = factories(ctx);
  dir = await mkdtemp(path.join(os.tmpdir(), 'mirante-familiarity-'));
  admin = await ctx.login('admin@mirante.app.br');
  const project = await make.buildProject();
  projectId = project.id;
  const member = await make.buildUser('USER', ['allotment.detections'], {
    customerId: project.customerId,
    projectIds: [projectId],
  });
  user = await make.signIn(member);
  const scene = cropPlotGeoTiff();
  for (const lot of scene.lots) {
    const row = await ctx.db
      .insertInto('layers')
      .values({
        projectId,
        type: 'LOT',
        name: `Lote ${lot.key}`,
        sourceKey: lot.key,
        geoJson: JSON.stringify(lot.geometry),
        bbox: [
          Math.min(...lot.geometry.coordinates[0]!.map((p) => p[0]!)),
          Math.min(...lot.geometry.coordinates[0]!.map((p) => p[1]!)),
          Math.max(...lot.geometry.coordinates[0]!.map((p) => p[0]!)),
          Math.max(...lot.geometry.coordinates[0]!.map((p) => p[1]!)),
        ],
        block: null,
        stage: null,
        customerCode: null,
        tagValue: null,
        obs: null,
        categoryName: null,
        categoryColor: null,
        rect: null,
        price: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    lotIds.push(row.id);
  }
  const file = path.join(dir, 'crop-plots.tif');
  await writeFile(file, scene.bytes);
  sceneId = (await ctx.services.scenes.ingestLocalFile({ projectId, date: DATE, filePath: file, wait: true }))
    .id;
  const created = await kit.call(admin, 'POST', '/detection', { projectId, sceneId });
  expect(created.statusCode).toBe(200);
  detectId = created.json<{ id: number }>().id;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a scene unlike the imagery the AI knows', () => {
  it("sends every reading to 'A revisar' and says why", async () => {
    await processAi();
    expect(await kit.detection(detectId)).toMatchObject({
      reviewReason: DETECTION_MESSAGES.unfamiliarScene,
    });
    const rows = await aiRows();
    expect(rows).toHaveLength(lotIds.length);
    expect(rows.every((row) => row.precision !== null && row.precision < AI_REVIEW_BELOW)).toBe(true);
    // The ADMIN's 'Processamento I.A' list shows the reason beside the lots to review.
    expect(await listed()).toMatchObject({
      review_count: lotIds.length,
      review_reason: 'imagem diferente das que a I.A conhece: confira os lotes',
    });
  }, 120_000);

  it('is listed to ADMINs only', async () => {
    expect((await kit.call(user, 'GET', '/scenes/with-analysis')).statusCode).toBe(403);
  });

  it("lifts the reason once an ADMIN's corrections cover the scene's look", async () => {
    // 30 % of the lots corrected, both classes (the plots' huts, say, and the fields).
    const corrected = lotIds.filter((_, i) => i % 10 < 3);
    for (const [detectType, layers] of [
      ['C', corrected.filter((_, i) => i % 4 === 0)],
      ['V', corrected.filter((_, i) => i % 4 !== 0)],
    ] as const) {
      const response = await kit.call(admin, 'POST', `/allotments/${detectId}`, {
        detectType,
        layers,
        sceneId,
        projectId,
      });
      expect(response.statusCode).toBe(200);
    }
    await processAi();
    expect(await kit.detection(detectId)).toMatchObject({ reviewReason: null });
    expect((await listed())?.review_reason).toBeNull();
  }, 120_000);
});
