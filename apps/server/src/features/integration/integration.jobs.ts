import { FALLBACK_POLLING_SECONDS, SCHEDULED_POLLING_SECONDS, type JobWakeups } from '../../jobs/job-wakeups';
import type { JobQueue } from '../../jobs/queue';
import type { SyncRunRow } from './integration.repo';
import type { SyncQueue } from './sync/sync-queue';
import type { SyncRunner } from './sync/sync-runner';

export const INTEGRATION_SYNC_QUEUE = 'integration-sync';
const INTEGRATION_TICK_QUEUE = 'integration-sync-tick';

interface SyncJob {
  runId: number;
}

/**
 * The synchronisation on pg-boss: one job per run, singleton per customer (the queue's `singleton` policy keeps
 * one run of a customer active at a time), one retry after a crash (the run restarts from the beginning: its
 * writes are per-allotment transactions). An hourly tick queues the daily run of each completed configuration.
 * A run sent is taken at once by an idle worker of any process (`wakeups`), not at its next poll.
 */
export function integrationSyncJobs(queue: JobQueue, wakeups: JobWakeups) {
  return {
    async create(): Promise<void> {
      await queue.createQueue(INTEGRATION_SYNC_QUEUE, { policy: 'singleton' });
      await queue.createQueue(INTEGRATION_TICK_QUEUE);
    },
    async enqueue(run: SyncRunRow): Promise<void> {
      await queue.send(INTEGRATION_SYNC_QUEUE, { runId: run.id } satisfies SyncJob, {
        singletonKey: `customer-${run.customerId}`,
        retryLimit: 1,
        expireInSeconds: 2 * 60 * 60,
      });
      await wakeups.sent(INTEGRATION_SYNC_QUEUE);
    },
    async work(runner: SyncRunner, syncQueue: SyncQueue): Promise<void> {
      const worker = await queue.work<SyncJob>(
        INTEGRATION_SYNC_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
        async ([job]) => {
          if (job) await runner.run(job.data.runId);
        },
      );
      wakeups.register(INTEGRATION_SYNC_QUEUE, [worker]);
      await queue.work(
        INTEGRATION_TICK_QUEUE,
        { pollingIntervalSeconds: SCHEDULED_POLLING_SECONDS },
        async () => {
          await syncQueue.tick();
        },
      );
      await queue.schedule(INTEGRATION_TICK_QUEUE, '7 * * * *', {}, { tz: 'America/Sao_Paulo' });
    },
  };
}
