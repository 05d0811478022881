import type { JobQueue } from '../../jobs/queue';
import type { ScenesService } from './scenes.service';

export const SCENE_INGEST_QUEUE = 'scene-ingest';

/** How often every process looks for ingests that died with their process. */
const RESUME_CHECK_SECONDS = 15;

interface SceneIngestJob {
  sceneId: number;
}

const jobOptions = {
  retryLimit: 1,
  // A backstop only: a dead ingest is found by its scene's heartbeat (below) within a minute. Two hours is more
  // than the largest accepted scene (1,000 megapixels) takes to tile.
  expireInSeconds: 2 * 60 * 60,
};

/**
 * Jobs of scenes whose ingest stopped beating: their `active` job is cancelled (its process is gone) and a new
 * one queued, unless one is already waiting. The ingest's claim makes a duplicate harmless.
 */
async function resumeStalledIngests(queue: JobQueue, scenes: ScenesService): Promise<number> {
  const stalled = await scenes.stalledIngests();
  if (stalled.length === 0) return 0;
  // pg-boss has no query by payload; its job table is documented (`pgboss.job`) and this reads it only.
  const { rows } = await queue.getDb().executeSql(
    `SELECT id, state, (data->>'sceneId')::int AS "sceneId" FROM pgboss.job
        WHERE name = $1 AND state IN ('created', 'retry', 'active') AND (data->>'sceneId')::int = ANY($2::int[])`,
    [SCENE_INGEST_QUEUE, stalled],
  );
  const jobs = rows as { id: string; state: string; sceneId: number }[];
  const orphaned = jobs.filter((job) => job.state === 'active').map((job) => job.id);
  if (orphaned.length > 0) await queue.cancel(SCENE_INGEST_QUEUE, orphaned);
  const waiting = new Set(jobs.filter((job) => job.state !== 'active').map((job) => job.sceneId));
  const resumed = stalled.filter((sceneId) => !waiting.has(sceneId));
  for (const sceneId of resumed) {
    await queue.send(SCENE_INGEST_QUEUE, { sceneId } satisfies SceneIngestJob, jobOptions);
  }
  return resumed.length;
}

/**
 * Ingest runs on pg-boss: one job per scene, at most one ingest at a time per process (a tile pyramid keeps
 * both cores busy), one retry. Once a process works the queue it also resumes, at start and every few seconds,
 * the ingests interrupted by a crash.
 */
export function sceneIngestJobs(queue: JobQueue, log: (message: string) => void = () => undefined) {
  return {
    create: () => queue.createQueue(SCENE_INGEST_QUEUE),
    async enqueue(sceneId: number): Promise<void> {
      await queue.send(SCENE_INGEST_QUEUE, { sceneId } satisfies SceneIngestJob, jobOptions);
    },
    async work(scenes: ScenesService): Promise<void> {
      await queue.work<SceneIngestJob>(SCENE_INGEST_QUEUE, { batchSize: 1 }, async ([job]) => {
        if (job) await scenes.runIngest(job.data.sceneId);
      });
      const resume = () =>
        resumeStalledIngests(queue, scenes)
          .then(
            (count) => count > 0 && log(`${count} processamento(s) de imagem interrompido(s) retomado(s).`),
          )
          .catch(() => undefined); // the database may be away; the next round tries again
      void resume();
      const timer = setInterval(() => void resume(), RESUME_CHECK_SECONDS * 1000);
      timer.unref();
    },
  };
}
