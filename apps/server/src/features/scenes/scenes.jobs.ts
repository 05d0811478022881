import type { JobQueue } from '../../jobs/queue';
import type { ScenesService } from './scenes.service';

export const SCENE_INGEST_QUEUE = 'scene-ingest';

interface SceneIngestJob {
  sceneId: number;
}

/**
 * Ingest runs on pg-boss: one job per scene (singleton key, so a double submit is one job), at most one
 * ingest at a time per process (a tile pyramid keeps both cores busy), one retry.
 */
export async function registerSceneJobs(queue: JobQueue, scenes: ScenesService): Promise<void> {
  await queue.createQueue(SCENE_INGEST_QUEUE);
  scenes.useDispatcher({
    async enqueue(sceneId) {
      await queue.send(SCENE_INGEST_QUEUE, { sceneId } satisfies SceneIngestJob, {
        singletonKey: String(sceneId),
        retryLimit: 1,
        expireInSeconds: 6 * 60 * 60,
      });
    },
  });
  await queue.work<SceneIngestJob>(SCENE_INGEST_QUEUE, { batchSize: 1 }, async ([job]) => {
    if (job) await scenes.runIngest(job.data.sceneId);
  });
}
