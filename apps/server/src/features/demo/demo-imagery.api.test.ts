import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoManifest } from '@mirante/demo/demo-imagery';
import { SYNTHETIC_ORIGINS, syntheticGeoTiff } from '../../../test/geotiff-fixtures';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { loadDemoImagery } from './demo-imagery.loader';

let context: TestContext;
let outDir: string;

/** A demo output folder with one small GeoTIFF for the construction project (no rendering). */
async function writeDemoFolder(dir: string): Promise<void> {
  await writeFile(
    path.join(dir, 'aurora.tif'),
    syntheticGeoTiff({ origin: SYNTHETIC_ORIGINS.demoAurora }).bytes,
  );
  const manifest = {
    seed: 1,
    epsg: 31982,
    totalMs: 0,
    sites: [
      {
        key: 'construction',
        space: 'edificio-aurora',
        layers: 'layers.geojson',
        groundTruth: 'truth.json',
        scenes: [{ date: '2026-01-10', file: 'aurora.tif', cloud: 0, precision: 0.5, model3d: null }],
      },
    ],
  } as unknown as DemoManifest;
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
}

beforeAll(async () => {
  context = await createTestContext();
  outDir = await mkdtemp(path.join(tmpdir(), 'mirante-demo-imagery-'));
  await writeDemoFolder(outDir);
});

afterAll(async () => {
  await context.close();
  await rm(outDir, { recursive: true, force: true });
});

describe('demo imagery loader', () => {
  const options = () => ({ outDir, scale: 1, log: () => undefined });
  const auroraScenes = () =>
    context.db
      .selectFrom('scenes')
      .innerJoin('projects', 'projects.id', 'scenes.projectId')
      .select(['scenes.id', 'scenes.status'])
      .where('projects.space', '=', 'edificio-aurora')
      .execute();

  it('queues a demo project’s scenes once, and not again after an ADMIN deleted them', async () => {
    expect(await loadDemoImagery(context.db, context.services, options())).toBe(1);
    expect(await auroraScenes()).toHaveLength(1);
    // The construction site gets its inspection, the scene's DSM and categorised notes (the pit: 32 × 42 × 3 m).
    const notes = await context.db
      .selectFrom('notes')
      .innerJoin('inspections', 'inspections.id', 'notes.inspectionId')
      .innerJoin('noteCategories', 'noteCategories.id', 'notes.categoryId')
      .innerJoin('sceneElevationModels', 'sceneElevationModels.sceneId', 'inspections.sceneId')
      .select([
        'notes.name',
        'notes.volume',
        'notes.noteType',
        'noteCategories.name as category',
        'inspections.phase',
      ])
      .where('inspections.sceneId', '=', (await auroraScenes())[0]?.id ?? 0)
      .execute();
    expect(notes.map((note) => `${note.phase} ${note.category}: ${note.name}`)).toEqual(
      expect.arrayContaining(['1 Terraplenagem: Escavação da torre', '1 Segurança: Tapume frontal']),
    );
    const pit = notes.find((note) => note.name === 'Escavação da torre');
    expect(Math.abs((pit?.volume ?? 0) - 32 * 42 * 3) / (32 * 42 * 3)).toBeLessThan(0.01);
    // A second start with the scenes there queues nothing.
    expect(await loadDemoImagery(context.db, context.services, options())).toBe(0);
    // The queued ingest runs through the real pipeline; let it end before the scene goes.
    await expect
      .poll(async () => (await auroraScenes())[0]?.status, { timeout: 30_000, interval: 200 })
      .toBe('ready');

    await context.db
      .deleteFrom('scenes')
      .where(
        'id',
        'in',
        (await auroraScenes()).map((scene) => scene.id),
      )
      .execute();
    expect(await loadDemoImagery(context.db, context.services, options())).toBe(0);
    expect(await auroraScenes()).toHaveLength(0);
  });

  it('after a start cut short while queueing, queues only the demo scenes that start had not queued', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mirante-demo-cut-'));
    const dates = ['2026-02-01', '2026-03-01', '2026-04-01'];
    for (const date of dates)
      await writeFile(
        path.join(dir, `${date}.tif`),
        syntheticGeoTiff({ origin: SYNTHETIC_ORIGINS.demoAllotment }).bytes,
      );
    const manifest = {
      seed: 1,
      epsg: 31982,
      totalMs: 0,
      sites: [
        {
          key: 'allotment',
          space: 'jardim-das-palmeiras',
          layers: 'layers.geojson',
          groundTruth: 'truth.json',
          scenes: dates.map((date) => ({
            date,
            file: `${date}.tif`,
            cloud: 0,
            precision: 0.5,
            model3d: null,
          })),
        },
      ],
    } as unknown as DemoManifest;
    await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    const project = await context.db
      .selectFrom('projects')
      .select('id')
      .where('space', '=', 'jardim-das-palmeiras')
      .executeTakeFirstOrThrow();
    // What the cut start left: its first demo scene queued, the project marked as started, not as loaded.
    await context.db.insertInto('demoImageryStarts').values({ projectId: project.id }).execute();
    await context.services.scenes.ingestLocalFile({
      projectId: project.id,
      date: '2026-02-01',
      filePath: path.join(dir, '2026-02-01.tif'),
      publish: true,
    });

    expect(
      await loadDemoImagery(context.db, context.services, { outDir: dir, scale: 1, log: () => undefined }),
    ).toBe(2);
    const scenes = await context.db
      .selectFrom('scenes')
      .select('date')
      .where('projectId', '=', project.id)
      .orderBy('date')
      .execute();
    expect(scenes.map((scene) => scene.date)).toEqual(dates);
    const loaded = await context.db
      .selectFrom('demoImageryLoads')
      .select('projectId')
      .where('projectId', '=', project.id)
      .execute();
    expect(loaded).toHaveLength(1);
    await rm(dir, { recursive: true, force: true });
  });
});
