import { detectionsProcessJobs } from './features/analyses/analyses.jobs';
import { integrationSyncJobs } from './features/integration/integration.jobs';
import { registerAbandonedUploadSweep } from './features/overlays/overlays.jobs';
import { sceneIngestJobs } from './features/scenes/scenes.jobs';
import { timelapseJobs } from './features/timelapse/timelapse.jobs';
import { scheduledReportJobs } from './features/scheduled-reports';
import { closeSharedCpuPool } from './cpu/cpu-pool';
import type { RunningInfrastructure } from './infrastructure';
import { mailJobs } from './mail/mail.jobs';
import { alertsJobs, transactionalMail } from './features/alerts';
import type { Mailer } from './mail/mailer';
import { createServices, type Services } from './services';
import { EXPORT_QUEUE, exportJobs } from './export-jobs';
import { FINANCE_IMPORT_QUEUE, importJobs, LAYER_IMPORT_QUEUE } from './import-jobs';
import { jobWakeups } from './jobs/job-wakeups';
import { registerOrphanFileSweep } from './orphan-files';
import { startQueue, type JobQueue } from './jobs/queue';
import { moveJobsOfPgBoss10 } from './jobs/queue-upgrade';
import { remoteTasks } from './jobs/remote-task';

export interface RunningJobs {
  /** The process's service graph, its queued work handed to `queue`. */
  services: Services;
  queue: JobQueue;
  /** The mailer the services use: it queues each message for the processes that work the queues. */
  mailer: Mailer;
  /**
   * Stops everything the job side started: the resume checks, the wake-ups' LISTEN connection, pg-boss (its
   * workers, timers and pool; `graceful` waits for the running jobs, up to pg-boss's 30 s), the tasks' lock
   * connections and the process's CPU pool. Nothing of it is left running once this resolves.
   */
  stop(options?: { graceful?: boolean }): Promise<void>;
}

export interface JobsOptions {
  /**
   * Work the queues here (default). False (`ROLE=api`): the process only sends jobs; the workers run the
   * ingests, AI runs, ERP synchronisations, e-mails, imports, exports, storage sweeps and their schedules.
   */
  work?: boolean;
}

/**
 * The job side of a process (the server and `worker.ts` alike): starts pg-boss, builds the service graph once
 * with its queued work and e-mails sent to pg-boss and, when it works, works the scene-ingest, detections-process,
 * ERP-synchronisation, mail-send, finance-import, layer-import, export-file, storage-sweep and abandoned-plan-upload
 * queues (each resuming the work a crash interrupted). Its imports and exports run in the process when it works the
 * queues, and are sent to them (request/response) when it does not (`ROLE=api`).
 */
export async function startJobs(
  infra: RunningInfrastructure,
  log: (message: string) => void,
  { work = true }: JobsOptions = {},
): Promise<RunningJobs> {
  const queue = await startQueue(infra.connectionString, work);
  // One LISTEN connection per working process wakes its workers of every queue when any process sends a job.
  const wakeups = jobWakeups(queue, infra.connectionString, log);
  const ingest = sceneIngestJobs(queue, wakeups, log);
  const processing = detectionsProcessJobs(queue, wakeups, log);
  await ingest.create();
  await processing.create();
  const integrationSync = integrationSyncJobs(queue, wakeups);
  await integrationSync.create();
  const mail = mailJobs(queue, wakeups, infra.mailer);
  await mail.create();
  const alerts = alertsJobs(queue, wakeups);
  await alerts.create();
  const timelapse = timelapseJobs(queue, wakeups);
  await timelapse.create();
  const reports = scheduledReportJobs(queue, wakeups);
  await reports.create();
  const tasks = remoteTasks(queue, {
    pickupSeconds: infra.config.jobPickupSeconds,
    concurrency: infra.config.remoteTaskConcurrency,
    connectionString: infra.connectionString,
    wakeups,
  });
  const imports = importJobs(tasks, infra.storage);
  await imports.create();
  const exports = exportJobs(tasks, infra.storage);
  await exports.create();
  const moved = await moveJobsOfPgBoss10(queue, infra.connectionString, [
    FINANCE_IMPORT_QUEUE,
    LAYER_IMPORT_QUEUE,
    EXPORT_QUEUE,
  ]);
  if (moved > 0) log(`${moved} tarefa(s) pendente(s) da versão anterior da fila reenviada(s).`);
  const local = createServices(
    { ...infra, mailer: mail.mailer },
    {
      dispatch: {
        sceneIngest: ingest.enqueue,
        detectionsProcess: processing.enqueue,
        integrationSync: integrationSync.enqueue,
        alerts: {
          eventsRecorded: () => alerts.eventsRecorded(),
          mailIn: (trx) => transactionalMail(queue, trx),
        },
        timelapseExport: timelapse.enqueue,
        reportRun: reports.enqueue,
      },
    },
  );
  // A process that works the queues (ROLE=all, ROLE=worker) imports and exports itself: the round trip through
  // storage and pg-boss is for ROLE=api, whose workers run elsewhere.
  const services = work ? imports.ranHere(local) : exports.sentToWorkers(imports.sentToWorkers(local));
  if (work) {
    await imports.work(local);
    await exports.work(local);
    await ingest.work(services.scenes);
    await processing.work(services.analyses);
    await integrationSync.work(services.syncRunner, services.syncQueue);
    await mail.work();
    await alerts.work(services.alerts);
    await timelapse.work(services.timelapse);
    await reports.work(services.reportRunner, services.scheduledReports);
    await registerOrphanFileSweep(queue, infra.db, infra.storage, log);
    await registerAbandonedUploadSweep(queue, services.overlays, log);
  }
  return {
    services,
    queue,
    mailer: mail.mailer,
    async stop({ graceful = true } = {}) {
      await Promise.all([ingest.stop(), processing.stop(), wakeups.stop()]);
      await queue.stop({ graceful });
      await tasks.stop();
      await closeSharedCpuPool();
    },
  };
}
