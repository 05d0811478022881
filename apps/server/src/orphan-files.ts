import type { Db } from './db/database';
import type { Storage } from './storage/storage';
import { SCHEDULED_POLLING_SECONDS } from './jobs/job-wakeups';
import type { JobQueue } from './jobs/queue';

/**
 * Storage folders whose every file a database row names: scenes and their DSMs, observation photos, overlay
 * plans, and the environment analyses' proposal previews and uploaded report PDFs.
 */
// `jobs`: an import's upload or an export's file an API stopped before deleting (imports expire in 15 min).
const SWEPT_PREFIXES = ['scenes', 'observations', 'overlays', 'environment', 'jobs'];

/**
 * Files younger than this are never swept: an observation's photos are stored just before its row, an ingest's
 * archive just before the scene is marked ready.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

const STORAGE_SWEEP_QUEUE = 'storage-sweep';

async function referencedKeys(db: Db): Promise<Set<string>> {
  const scenes = await db
    .selectFrom('scenes')
    .select(['originalKey', 'archiveKey', 'previewKey', 'modelKey', 'mosaicKeys'])
    .execute();
  const photos = await db.selectFrom('layerObservationPhotos').select('storageKey').execute();
  const keys = new Set<string>(photos.map((photo) => photo.storageKey));
  const plans = await db.selectFrom('overlayFiles').select(['imageKey', 'smallKey']).execute();
  for (const plan of plans) keys.add(plan.imageKey).add(plan.smallKey);
  const elevation = await db.selectFrom('sceneElevationModels').select('storageKey').execute();
  for (const model of elevation) keys.add(model.storageKey);
  const previews = await db
    .selectFrom('environmentFeatures')
    .select(['beforePreviewKey', 'afterPreviewKey'])
    .execute();
  for (const preview of previews) {
    if (preview.beforePreviewKey) keys.add(preview.beforePreviewKey);
    if (preview.afterPreviewKey) keys.add(preview.afterPreviewKey);
  }
  const reports = await db.selectFrom('environmentReportFiles').select('storageKey').execute();
  for (const report of reports) keys.add(report.storageKey);
  for (const scene of scenes) {
    for (const key of [
      scene.originalKey,
      scene.archiveKey,
      scene.previewKey,
      scene.modelKey,
      ...scene.mosaicKeys,
    ]) {
      if (key) keys.add(key);
    }
  }
  return keys;
}

/**
 * Deletes stored files no database row names and older than the grace age: what an upload or ingest killed
 * between storing a file and recording it left behind. Returns the keys deleted.
 */
export async function sweepOrphanFiles(
  db: Db,
  storage: Storage,
  now: Date = new Date(),
  graceMs: number = ORPHAN_GRACE_MS,
): Promise<string[]> {
  // Listed before the rows are read: a file stored and recorded in between is then surely referenced.
  const candidates: string[] = [];
  for (const prefix of SWEPT_PREFIXES) {
    for await (const file of storage.list(prefix)) {
      if (now.getTime() - file.modified.getTime() > graceMs) candidates.push(file.key);
    }
  }
  const referenced = await referencedKeys(db);
  const orphans = candidates.filter((key) => !referenced.has(key));
  for (const key of orphans) await storage.delete(key);
  return orphans;
}

/** The sweep as a pg-boss job: once at start, then every hour (one process runs each round). */
export async function registerOrphanFileSweep(
  queue: JobQueue,
  db: Db,
  storage: Storage,
  log: (message: string) => void,
): Promise<void> {
  await queue.createQueue(STORAGE_SWEEP_QUEUE);
  await queue.work(STORAGE_SWEEP_QUEUE, { pollingIntervalSeconds: SCHEDULED_POLLING_SECONDS }, async () => {
    const swept = await sweepOrphanFiles(db, storage);
    if (swept.length > 0)
      log(`${swept.length} arquivo(s) sem registro no banco removido(s) do armazenamento.`);
  });
  await queue.schedule(STORAGE_SWEEP_QUEUE, '17 * * * *');
  await queue.send(STORAGE_SWEEP_QUEUE, {}, { singletonKey: 'start', singletonSeconds: 300 });
}
