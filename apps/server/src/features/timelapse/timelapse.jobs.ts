import { FALLBACK_POLLING_SECONDS, type JobWakeups } from '../../jobs/job-wakeups';
import type { JobQueue } from '../../jobs/queue';
import type { AuthUser } from '../auth';
import type { TimelapseService } from './timelapse.service';

export const TIMELAPSE_EXPORT_QUEUE = 'timelapse-export';

interface TimelapseExportJob {
  exportId: number;
  user: AuthUser;
}

// No retry: a failed export says so on its row and the user asks again. A 24-frame export takes seconds;
// the expiry is a backstop.
const jobOptions = { retryLimit: 0, expireInSeconds: 30 * 60 };

/**
 * Timelapse exports on pg-boss: the API records the export and sends its id; a worker composes the frames and
 * encodes the file on its CPU pool, writing its progress on the export's row, which the browser polls.
 */
export function timelapseJobs(queue: JobQueue, wakeups: JobWakeups) {
  return {
    create: () => queue.createQueue(TIMELAPSE_EXPORT_QUEUE),
    async enqueue(exportId: number, user: AuthUser): Promise<void> {
      await queue.send(TIMELAPSE_EXPORT_QUEUE, { exportId, user } satisfies TimelapseExportJob, jobOptions);
      await wakeups.sent(TIMELAPSE_EXPORT_QUEUE);
    },
    async work(timelapse: TimelapseService): Promise<void> {
      const worker = await queue.work<TimelapseExportJob>(
        TIMELAPSE_EXPORT_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
        async ([job]) => {
          if (job) await timelapse.runExport(job.data.exportId, job.data.user);
        },
      );
      wakeups.register(TIMELAPSE_EXPORT_QUEUE, [worker]);
    },
  };
}
