import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Polygon } from 'geojson';
import { AI_REVIEW_BELOW, type SceneWithAnalysis } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysesKit } from '../../../test/analyses-test-kit';
import { factories } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { createDetectionsRepo } from './detections.repo';
import { parseTextureDictionary, TEXTURE_WORD_FEATURES } from './ai/texture-words';

/*
 * The per-project adaptation on real imagery: a SpaceNet Rio de Janeiro tile (testdata/labelled, CC BY-SA 4.0)
 * cut into 12 × 25 m "lots" whose building share comes from SpaceNet's footprints. The AI reads them, an ADMIN
 * corrects 30 % of them with the detection-type edit, the analysis is processed again, and the other 70 % must
 * be read better than before; the corrected lots keep the ADMIN's status.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../testdata/labelled');
const IMAGE = 'spacenet_rio_img52_rgb_0.5m_epsg4326.tif';
const CELLS = 'spacenet_rio_img52_cells.json';
const DATE = '2026-03-01';

interface Cell {
  id: string;
  share: number;
  geometry: Polygon;
}

let ctx: TestContext;
let kit: ReturnType<typeof analysesKit>;
let dir: string;
let admin: string;
let projectId: number;
let detectId: number;
let sceneId: number;
/** Lot id → built (share ≥ 25 %) or empty (no building); cells in between are not scored. */
const truth = new Map<number, boolean>();
/** The scored lots' status rows as the first run (the shipped model, no correction yet) wrote them. */
let firstReading: StatusRow[] = [];

async function processAi() {
  const response = await kit.call(admin, 'POST', '/detections/process-ai', { detect_id: [detectId] });
  expect(response.statusCode).toBe(200);
  await ctx.services.analyses.whenIdle();
  // A real satellite tile like the imagery the AI was trained on: no scene-wide review reason.
  expect(await kit.detection(detectId)).toMatchObject({
    processingState: 'done',
    processingError: null,
    reviewReason: null,
  });
}

const statusRows = () =>
  ctx.db
    .selectFrom('lotStatusHistory')
    .select(['layerId', 'status', 'precision', 'source'])
    .where('date', '=', DATE)
    .where('layerId', 'in', [...truth.keys()])
    .execute();
type StatusRow = Awaited<ReturnType<typeof statusRows>>[number];

/** Balanced accuracy (mean recall of built = C/E and empty = V/B) over the given lots. */
function balancedAccuracy(rows: { layerId: number; status: string }[], lots: ReadonlySet<number>): number {
  const recall = (built: boolean) => {
    const group = rows.filter((row) => lots.has(row.layerId) && truth.get(row.layerId) === built);
    const right = group.filter((row) => ['C', 'E'].includes(row.status) === built).length;
    return right / group.length;
  };
  return (recall(true) + recall(false)) / 2;
}

beforeAll(async () => {
  ctx = await createTestContext(
    {},
    { processor: (job, report) => ctx.services.detections.processor(job, report) },
  );
  kit = analysesKit(ctx);
  const make = factories(ctx);
  dir = await mkdtemp(path.join(os.tmpdir(), 'mirante-adaptation-'));
  admin = await ctx.login('admin@mirante.app.br');
  const cells = JSON.parse(await readFile(path.join(FIXTURES, CELLS), 'utf8')) as Cell[];
  const west = Math.min(...cells.map((c) => c.geometry.coordinates[0]![0]![0]!));
  const south = Math.min(...cells.map((c) => c.geometry.coordinates[0]![2]![1]!));
  projectId = (await make.buildProject({ corner: [west, south] })).id;
  for (const cell of cells) {
    const row = await ctx.db
      .insertInto('layers')
      .values({
        projectId,
        type: 'LOT',
        name: `Lote ${cell.id}`,
        sourceKey: cell.id,
        geoJson: JSON.stringify(cell.geometry),
        bbox: [
          cell.geometry.coordinates[0]![0]![0]!,
          cell.geometry.coordinates[0]![2]![1]!,
          cell.geometry.coordinates[0]![2]![0]!,
          cell.geometry.coordinates[0]![0]![1]!,
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
    if (cell.share >= 0.25) truth.set(row.id, true);
    else if (cell.share === 0) truth.set(row.id, false);
  }
  await copyFile(path.join(FIXTURES, IMAGE), path.join(dir, IMAGE));
  const scene = await ctx.services.scenes.ingestLocalFile({
    projectId,
    date: DATE,
    filePath: path.join(dir, IMAGE),
    wait: true,
  });
  sceneId = scene.id;
  const created = await kit.call(admin, 'POST', '/detection', { projectId, sceneId });
  expect(created.statusCode).toBe(200);
  detectId = created.json<{ id: number }>().id;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('per-project adaptation on a real image (SpaceNet Rio)', () => {
  it('learns from 30 % of the lots corrected by an ADMIN and reads the other 70 % better', async () => {
    await processAi();
    const before = await statusRows();
    expect(before).toHaveLength(truth.size);
    expect(before.every((row) => row.source === 'ai')).toBe(true);
    firstReading = before;

    // Every third labelled lot of ten, in id order: 30 %, both classes.
    const ids = [...truth.keys()].sort((a, b) => a - b);
    const corrected = ids.filter((_, i) => i % 10 < 3);
    const rest = new Set(ids.filter((id) => !corrected.includes(id)));
    for (const [detectType, built] of [
      ['C', true],
      ['V', false],
    ] as const) {
      const layers = corrected.filter((id) => truth.get(id) === built);
      expect(layers.length).toBeGreaterThan(0);
      const response = await kit.call(admin, 'POST', `/allotments/${detectId}`, {
        detectType,
        layers,
        sceneId,
        projectId,
      });
      expect(response.statusCode).toBe(200);
    }

    // Self-training reads the scene's other lots: every lot read, except the ones corrected, with no label.
    const read = await ctx.db
      .selectFrom('detectionResults')
      .select(['layerId', 'features'])
      .where('detectionId', '=', detectId)
      .where('features', 'is not', null)
      .execute();
    const uncorrected = await createDetectionsRepo(ctx.db).uncorrectedFeatures(projectId, 100_000);
    const correctedSet = new Set(corrected);
    expect(uncorrected).toHaveLength(read.filter((r) => !correctedSet.has(r.layerId)).length);
    expect(uncorrected.length).toBeLessThan(read.length);

    await processAi();
    const after = await statusRows();
    const byLot = new Map(after.map((row) => [row.layerId, row]));
    for (const id of corrected)
      expect(byLot.get(id)).toMatchObject({
        status: truth.get(id) ? 'C' : 'V',
        source: 'manual',
        precision: null,
      });
    const accuracyBefore = balancedAccuracy(before, rest);
    const accuracyAfter = balancedAccuracy(after, rest);
    console.log(
      `SpaceNet Rio img52, ${rest.size} lots not corrected: balanced accuracy ${accuracyBefore.toFixed(3)} → ${accuracyAfter.toFixed(3)}`,
    );
    expect(accuracyAfter).toBeGreaterThan(accuracyBefore);
    expect(accuracyAfter).toBeGreaterThanOrEqual(0.85);
    // Two runs of the AI on a real scene, the first also learning the project's texture words.
  }, 120_000);

  it("writes a confidence that says which readings to check first ('A revisar')", async () => {
    const right = (row: StatusRow) => ['C', 'E'].includes(row.status) === truth.get(row.layerId);
    const accuracy = (group: StatusRow[]) => group.filter(right).length / group.length;
    // Both readings of this tile leave lots under AI_REVIEW_BELOW (when written: 7 of the 100 lots from the
    // shipped model, 2 of the 70 uncorrected after the adaptation), so the claim is checked on each; a model
    // that left none on one of them fails here instead of skipping the comparison.
    const adapted = (await statusRows()).filter((row) => row.source === 'ai');
    for (const [reading, rows] of [
      ['shipped model', firstReading],
      ['adapted model', adapted],
    ] as const) {
      const review = rows.filter((row) => (row.precision ?? 1) < AI_REVIEW_BELOW);
      const sure = rows.filter((row) => (row.precision ?? 1) >= AI_REVIEW_BELOW);
      expect(review.length, reading).toBeGreaterThan(0);
      expect(sure.length, reading).toBeGreaterThan(0);
      expect(accuracy(sure), reading).toBeGreaterThan(accuracy(review));
      expect(accuracy(sure), reading).toBeGreaterThanOrEqual(0.85);
    }

    // The admin panel's 'Processamento I.A' counts them per analysis and filters on them.
    const listed = async (filter: string) =>
      (await kit.call(admin, 'GET', `/scenes/with-analysis${filter}`))
        .json<SceneWithAnalysis[]>()
        .find((row) => row.detect_id === detectId);
    const allToReview = await ctx.db
      .selectFrom('lotStatusHistory')
      .select('layerId')
      .where('detectionId', '=', detectId)
      .where('source', '=', 'ai')
      .where('precision', '<', AI_REVIEW_BELOW)
      .execute();
    expect(allToReview.length).toBeGreaterThan(0);
    expect((await listed(''))?.review_count).toBe(allToReview.length);
    expect(await listed('?review=1')).toBeDefined();
    expect(await listed('?review=2')).toBeUndefined();
  });

  it("keeps the texture words learnt on the project's first analysed scene and describes every lot read with them", async () => {
    const dictionaries = () =>
      ctx.db
        .selectFrom('projectTextureDictionaries')
        .selectAll()
        .where('projectId', '=', projectId)
        .execute();
    const stored = await dictionaries();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.sceneId).toBe(sceneId);
    expect(parseTextureDictionary(stored[0]?.dictionary)).not.toBeNull();
    const read = await ctx.db
      .selectFrom('detectionResults')
      .select('features')
      .where('detectionId', '=', detectId)
      .where('features', 'is not', null)
      .execute();
    expect(read.length).toBeGreaterThan(0);
    for (const { features } of read)
      for (const name of TEXTURE_WORD_FEATURES)
        expect(Number.isFinite((features as Record<string, unknown>)[name])).toBe(true);

    await processAi();
    expect(await dictionaries()).toEqual(stored);
  }, 60_000);

  it('does not classify a panchromatic scene: the analysis fails saying why, in Portuguese', async () => {
    const make = factories(ctx);
    const grey = (await make.buildProject({ corner: [-108.382, 36.818] })).id;
    await ctx.db
      .insertInto('layers')
      .values({
        projectId: grey,
        type: 'LOT',
        name: 'Lote 1',
        sourceKey: 'grey-1',
        geoJson: JSON.stringify({
          type: 'Polygon',
          coordinates: [
            [
              [-108.38, 36.818],
              [-108.3799, 36.818],
              [-108.3799, 36.8182],
              [-108.38, 36.8182],
              [-108.38, 36.818],
            ],
          ],
        }),
        bbox: [-108.38, 36.818, -108.3799, 36.8182],
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
      .execute();
    const file = path.join(dir, 'grey.tif');
    await copyFile(path.resolve(FIXTURES, '../imagery/rgba_uint16_deflate_utm12n.tif'), file);
    const scene = await ctx.services.scenes.ingestLocalFile({
      projectId: grey,
      date: DATE,
      filePath: file,
      wait: true,
    });
    const created = await kit.call(admin, 'POST', '/detection', { projectId: grey, sceneId: scene.id });
    const id = created.json<{ id: number }>().id;
    await kit.call(admin, 'POST', '/detections/process-ai', { detect_id: [id] });
    await ctx.services.analyses.whenIdle();
    expect(await kit.detection(id)).toMatchObject({
      processingState: 'failed',
      processingError:
        'Imagem não classificada: a imagem é pancromática (tons de cinza); a I.A precisa de uma imagem colorida (RGB) para ler os lotes.',
    });
    const written = await ctx.db
      .selectFrom('detectionResults')
      .select('layerId')
      .where('detectionId', '=', id)
      .execute();
    expect(written).toEqual([]);
  });
});
