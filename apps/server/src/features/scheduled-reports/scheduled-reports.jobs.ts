import { FALLBACK_POLLING_SECONDS, SCHEDULED_POLLING_SECONDS, type JobWakeups } from '../../jobs/job-wakeups';
import type { JobQueue } from '../../jobs/queue';
import type { ReportRunner } from './report-runner';
import type { ScheduledReportsService } from './scheduled-reports.service';

export const REPORT_SEND_QUEUE = 'report-send';
const REPORT_TICK_QUEUE = 'report-schedules-tick';

interface ReportJob {
  runId: number;
}

/**
 * Scheduled reports on pg-boss: a tick every 10 minutes (pg-boss sends each scheduled job from one process)
 * turns the due schedules into runs, and each run is a `report-send` job (no retry: a run that failed says so
 * on the schedule; the next due date sends again).
 */
export function scheduledReportJobs(queue: JobQueue, wakeups: JobWakeups) {
  return {
    async create(): Promise<void> {
      await queue.createQueue(REPORT_SEND_QUEUE);
      await queue.createQueue(REPORT_TICK_QUEUE);
    },
    async enqueue(runId: number): Promise<void> {
      await queue.send(REPORT_SEND_QUEUE, { runId } satisfies ReportJob, {
        retryLimit: 0,
        expireInSeconds: 30 * 60,
      });
      await wakeups.sent(REPORT_SEND_QUEUE);
    },
    async work(runner: ReportRunner, reports: ScheduledReportsService): Promise<void> {
      const worker = await queue.work<ReportJob>(
        REPORT_SEND_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
        async ([job]) => {
          if (job) await runner.send(job.data.runId);
        },
      );
      wakeups.register(REPORT_SEND_QUEUE, [worker]);
      await queue.work(REPORT_TICK_QUEUE, { pollingIntervalSeconds: SCHEDULED_POLLING_SECONDS }, async () => {
        await reports.tick();
      });
      await queue.schedule(REPORT_TICK_QUEUE, '*/10 * * * *', {}, { tz: 'America/Sao_Paulo' });
      await queue.send(REPORT_TICK_QUEUE, {}, { singletonKey: 'start', singletonSeconds: 300 });
    },
  };
}
