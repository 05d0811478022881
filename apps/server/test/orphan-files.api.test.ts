import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from '../src/orphan-files';
import { createLocalStorage } from '../src/storage/local-storage';
import { factories } from './factories';
import { createTestContext, type TestContext } from './test-app';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(async () => {
  await context?.close();
});

it('deletes stored files no row names once older than the grace age, keeping referenced and recent ones', async () => {
  const storage = createLocalStorage(context.config.storageDir);
  const build = factories(context);
  const project = await build.buildProject();
  const sceneId = await build.buildScene(project.id, { date: '2026-02-03' });
  const scene = await context.db
    .selectFrom('scenes')
    .select('originalKey')
    .where('id', '=', sceneId)
    .executeTakeFirstOrThrow();
  const left = `scenes/p${project.id}/2026-02-04-killed/tiles-v1.pmtiles`;
  const fresh = `observations/p${project.id}/l1/uploading/0.jpg`;
  // The scene's elevation model (DSM) is named by its own row.
  const dsm = `${scene.originalKey.slice(0, scene.originalKey.lastIndexOf('/'))}/dsm.tif`;
  await context.db
    .insertInto('sceneElevationModels')
    .values({ sceneId, storageKey: dsm, originalName: 'dsm.tif', width: 1, height: 1 })
    .execute();
  // An environment analysis's uploaded report PDF is named by its row; a preview an interrupted run stored is not.
  const detection = await context.db
    .insertInto('detections')
    .values({ projectId: project.id, sceneId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const report = `environment/analyses/${detection.id}/report-1.pdf`;
  const preview = `environment/analyses/${detection.id}/previews/killed-before.png`;
  await context.db
    .insertInto('environmentReportFiles')
    .values({
      detectionId: detection.id,
      storageKey: report,
      fileName: 'r.pdf',
      sizeBytes: 8,
      uploadedBy: null,
    })
    .execute();
  const stored = [scene.originalKey, left, fresh, dsm, report, preview];
  for (const key of stored) await storage.put(key, Buffer.from('conteúdo'));
  const old = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
  for (const key of [scene.originalKey, left, dsm, report, preview]) {
    await utimes(path.join(context.config.storageDir, key), old, old);
  }

  const swept = await sweepOrphanFiles(context.db, storage);

  expect(swept.sort()).toEqual([left, preview].sort());
  expect(await storage.exists(left)).toBe(false);
  expect(await storage.exists(preview)).toBe(false);
  expect(await storage.exists(report)).toBe(true);
  expect(await storage.exists(scene.originalKey)).toBe(true);
  expect(await storage.exists(dsm)).toBe(true);
  expect(await storage.exists(fresh)).toBe(true);
});
