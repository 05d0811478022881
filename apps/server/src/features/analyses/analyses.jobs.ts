import { FALLBACK_POLLING_SECONDS, type JobWakeups } from '../../jobs/job-wakeups';
import type { JobQueue } from '../../jobs/queue';
import { repeatResume, requeueOrphanedJobs, type RepeatedResume } from '../../jobs/requeue-orphaned-jobs';
import type { AnalysesService } from './analyses.service';

export const DETECTIONS_PROCESS_QUEUE = 'detections-process';

/** How often every process looks for AI runs that died with their process. */
const RESUME_CHECK_SECONDS = 15;

interface DetectionsProcessJob {
  detectId: number;
}

const jobOptions = {
  retryLimit: 0,
  // A backstop only: a dead run is found by its analysis's heartbeat (below) within a minute.
  expireInSeconds: 6 * 60 * 60,
};

/**
 * The AI queue on pg-boss: one job per analysis, one at a time per process, no retry: a failure (including
 * 'processamento indisponível' when there is no processor) stays visible. Once a process works the queue it
 * also resumes, at start and every few seconds, the runs a crash interrupted (their heartbeat stopped). A job
 * sent is taken at once by an idle worker of any process (`wakeups`), not at its next poll.
 */
export function detectionsProcessJobs(
  queue: JobQueue,
  wakeups: JobWakeups,
  log: (message: string) => void = () => undefined,
) {
  let resuming: RepeatedResume | undefined;
  const send = async (detectId: number): Promise<void> => {
    await queue.send(DETECTIONS_PROCESS_QUEUE, { detectId } satisfies DetectionsProcessJob, {
      ...jobOptions,
      singletonKey: String(detectId),
    });
    await wakeups.sent(DETECTIONS_PROCESS_QUEUE);
  };
  return {
    create: () => queue.createQueue(DETECTIONS_PROCESS_QUEUE),
    enqueue: send,
    async work(analyses: AnalysesService): Promise<void> {
      const worker = await queue.work<DetectionsProcessJob>(
        DETECTIONS_PROCESS_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
        async ([job]) => {
          if (job) await analyses.runProcessing(job.data.detectId);
        },
      );
      wakeups.register(DETECTIONS_PROCESS_QUEUE, [worker]);
      const resume = async () => {
        const stalled = await analyses.stalledProcessings();
        const sent = await requeueOrphanedJobs(queue, {
          queue: DETECTIONS_PROCESS_QUEUE,
          key: 'detectId',
          stalled,
          send,
        });
        return sent.length;
      };
      resuming = repeatResume(resume, RESUME_CHECK_SECONDS, (count) =>
        log(`${count} processamento(s) de I.A interrompido(s) retomado(s).`),
      );
    },
    /** Ends the resume checks (before the queue stops). */
    stop: async (): Promise<void> => resuming?.stop(),
  };
}
