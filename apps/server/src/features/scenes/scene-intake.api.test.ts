import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_IMAGE_LIMITS } from '../../imagery/limits';
import { createLocalStorage } from '../../storage/local-storage';
import type { Storage } from '../../storage/storage';
import { factories } from '../../../test/factories';
import { syntheticGeoTiff } from '../../../test/geotiff-fixtures';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { createSceneIntake } from './scene-intake';
import { createScenesRepo } from './scenes.repo';

let context: TestContext;
let folder: string;
let tiffPath: string;

beforeAll(async () => {
  context = await createTestContext();
  folder = await mkdtemp(path.join(os.tmpdir(), 'mirante-intake-'));
  tiffPath = path.join(folder, 'cena.tif');
  await writeFile(tiffPath, syntheticGeoTiff().bytes);
});

afterAll(async () => {
  await context.close();
  await rm(folder, { recursive: true, force: true });
});

/** Local storage whose `putFile` waits for `release` (a slow S3 upload, during which a process may be killed). */
function heldStorage(root: string) {
  const storage = createLocalStorage(root);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let storing!: () => void;
  const started = new Promise<void>((resolve) => (storing = resolve));
  const held: Storage = {
    ...storage,
    async putFile(key, localPath) {
      storing();
      await released;
      await storage.putFile(key, localPath);
    },
  };
  return { storage: held, started, release };
}

const scenesOf = (projectId: number) =>
  context.db.selectFrom('scenes').select(['id', 'originalKey']).where('projectId', '=', projectId).execute();

const input = (projectId: number, date: string) => ({
  projectId,
  date,
  cloud: null,
  precision: null,
  publish: true,
  filePath: tiffPath,
  fileName: 'cena.tif',
  bounds: null,
});

it('records no scene row while its file is still being stored, only once the file is whole', async () => {
  const project = await factories(context).buildProject();
  const { storage, started, release } = heldStorage(path.join(folder, 'held'));
  const register = createSceneIntake(createScenesRepo(context.db), storage, DEFAULT_IMAGE_LIMITS);

  const registering = register(input(project.id, '2026-03-02'));
  await started;
  // A process killed now must leave no scene whose original is missing (its ingest would fail).
  expect(await scenesOf(project.id)).toEqual([]);

  release();
  const row = await registering;
  expect(await scenesOf(project.id)).toEqual([{ id: row.id, originalKey: row.originalKey }]);
  expect(await storage.exists(row.originalKey)).toBe(true);
});

it('a second scene of the same date is refused with DUPLICATE_SCENE_DATE and leaves no file stored', async () => {
  const project = await factories(context).buildProject();
  const root = path.join(folder, 'duplicate');
  const storage = createLocalStorage(root);
  const register = createSceneIntake(createScenesRepo(context.db), storage, DEFAULT_IMAGE_LIMITS);
  const first = await register(input(project.id, '2026-04-01'));

  await expect(register(input(project.id, '2026-04-01'))).rejects.toMatchObject({
    code: 'DUPLICATE_SCENE_DATE',
  });
  const stored: string[] = [];
  for await (const file of storage.list(`scenes/p${project.id}`)) stored.push(file.key);
  expect(stored).toEqual([first.originalKey]);
});
