import { FALLBACK_POLLING_SECONDS, type JobWakeups } from '../../jobs/job-wakeups';
import type { JobQueue } from '../../jobs/queue';
import { repeatResume, requeueOrphanedJobs, type RepeatedResume } from '../../jobs/requeue-orphaned-jobs';
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
 * Ingest runs on pg-boss: one job per scene, at most one ingest at a time per process (a tile pyramid keeps
 * both cores busy), one retry. Once a process works the queue it also resumes, at start and every few seconds,
 * the ingests interrupted by a crash: scenes whose ingest stopped beating, and scenes left queued with no job.
 * A job sent is taken at once by an idle worker of any process (`wakeups`), not at its next poll.
 */
export function sceneIngestJobs(
  queue: JobQueue,
  wakeups: JobWakeups,
  log: (message: string) => void = () => undefined,
) {
  let resuming: RepeatedResume | undefined;
  const send = async (sceneId: number): Promise<void> => {
    await queue.send(SCENE_INGEST_QUEUE, { sceneId } satisfies SceneIngestJob, jobOptions);
    await wakeups.sent(SCENE_INGEST_QUEUE);
  };
  return {
    create: () => queue.createQueue(SCENE_INGEST_QUEUE),
    enqueue: send,
    async work(scenes: ScenesService): Promise<void> {
      const worker = await queue.work<SceneIngestJob>(
        SCENE_INGEST_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
        async ([job]) => {
          if (job) await scenes.runIngest(job.data.sceneId);
        },
      );
      wakeups.register(SCENE_INGEST_QUEUE, [worker]);
      const resume = async () => {
        const [stalled, unsent] = await Promise.all([scenes.stalledIngests(), scenes.longQueuedIngests()]);
        const sent = await requeueOrphanedJobs(queue, {
          queue: SCENE_INGEST_QUEUE,
          key: 'sceneId',
          stalled,
          unsent,
          send,
        });
        return sent.length;
      };
      resuming = repeatResume(resume, RESUME_CHECK_SECONDS, (count) =>
        log(`${count} processamento(s) de imagem interrompido(s) retomado(s).`),
      );
    },
    /** Ends the resume checks (before the queue stops). */
    stop: async (): Promise<void> => resuming?.stop(),
  };
}
