import type { Erp, SyncTrigger } from '@mirante/shared';
import type { IntegrationRepo, SyncRunRow } from '../integration.repo';
import { SYNC_INTERVAL_MS } from '../integration.service';
import type { SyncRunner } from './sync-runner';

/** A run queued or running this long was abandoned (a job expires after 2 h and is retried once). */
const STALE_RUN_MS = 6 * 60 * 60 * 1000;
const INTERRUPTED = 'Sincronização interrompida (o processo parou); a próxima execução recomeça do início.';

/** Where a queued run goes: pg-boss (integration.jobs.ts) or, without a queue, this process. */
export type SyncDispatch = (run: SyncRunRow) => Promise<void>;

/**
 * Queues runs: at most one waiting or running run per customer and ERP (a unique index), handed to `dispatch`.
 * Without a dispatch (tests, scripts) runs go one at a time per customer in this process; `idle()` waits for them.
 */
export function createSyncQueue(repo: IntegrationRepo, runner: SyncRunner, dispatch?: SyncDispatch) {
  const chains = new Map<number, Promise<unknown>>();
  const inProcess: SyncDispatch = async (run) => {
    const previous = chains.get(run.customerId) ?? Promise.resolve();
    const next = previous.then(() => runner.run(run.id)).catch(() => undefined);
    chains.set(run.customerId, next);
  };
  const send = dispatch ?? inProcess;

  return {
    async queue(customerId: number, erp: Erp, trigger: SyncTrigger): Promise<SyncRunRow> {
      const { run, created } = await repo.queueRun(customerId, erp, trigger);
      if (created) await send(run);
      return run;
    },

    /**
     * The scheduler's pass: runs left queued or running for hours (their process died and pg-boss gave up) end
     * as failed, then a run for every completed configuration whose last run is a day old.
     */
    async tick(now: Date = new Date()): Promise<number> {
      await repo.failStaleRuns(new Date(now.getTime() - STALE_RUN_MS), INTERRUPTED);
      let queued = 0;
      for (const config of await repo.completedConfigs()) {
        const [last] = await repo.runs(config.customerId, config.erp, 1);
        if (last && now.getTime() - last.queuedAt.getTime() < SYNC_INTERVAL_MS) continue;
        const { run, created } = await repo.queueRun(config.customerId, config.erp, 'schedule');
        if (created) {
          await send(run);
          queued += 1;
        }
      }
      return queued;
    },

    /** Resolves when every in-process run queued so far has finished. */
    async idle(): Promise<void> {
      while (true) {
        const pending = [...chains.values()];
        await Promise.all(pending);
        if ([...chains.values()].every((chain, i) => chain === pending[i])) return;
      }
    },
  };
}

export type SyncQueue = ReturnType<typeof createSyncQueue>;
