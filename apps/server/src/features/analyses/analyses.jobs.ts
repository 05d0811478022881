import type { JobQueue } from '../../jobs/queue';
import type { AnalysesService } from './analyses.service';

export const DETECTIONS_PROCESS_QUEUE = 'detections-process';

interface DetectionsProcessJob {
  detectId: number;
}

/**
 * The AI queue on pg-boss: one job per analysis (singleton key), one at a time per process, no retry: a
 * failure (including 'processamento indisponível' when there is no processor) stays visible.
 */
export function detectionsProcessJobs(queue: JobQueue) {
  return {
    create: () => queue.createQueue(DETECTIONS_PROCESS_QUEUE),
    async enqueue(detectId: number): Promise<void> {
      await queue.send(DETECTIONS_PROCESS_QUEUE, { detectId } satisfies DetectionsProcessJob, {
        singletonKey: String(detectId),
        retryLimit: 0,
        expireInSeconds: 6 * 60 * 60,
      });
    },
    work: (analyses: AnalysesService) =>
      queue.work<DetectionsProcessJob>(DETECTIONS_PROCESS_QUEUE, { batchSize: 1 }, async ([job]) => {
        if (job) await analyses.runProcessing(job.data.detectId);
      }),
  };
}
