import { detectionsProcessJobs } from '../features/analyses/analyses.jobs';
import { integrationSyncJobs } from '../features/integration/integration.jobs';
import { sceneIngestJobs } from '../features/scenes/scenes.jobs';
import type { RunningInfrastructure } from '../infrastructure';
import { createServices, type Services } from '../services';
import { startQueue, type JobQueue } from './queue';

export interface RunningJobs {
  /** The process's service graph, its queued work handed to `queue`. */
  services: Services;
  queue: JobQueue;
}

/**
 * The job side of a process (the server and `worker.ts` alike): starts pg-boss, builds the service graph once
 * with its queued work sent to pg-boss, and works the scene-ingest and detections-process queues (each resuming the
 * work a crash interrupted).
 */
export async function startJobs(
  infra: RunningInfrastructure,
  log: (message: string) => void,
): Promise<RunningJobs> {
  const queue = await startQueue(infra.connectionString);
  const ingest = sceneIngestJobs(queue, log);
  const processing = detectionsProcessJobs(queue, log);
  await ingest.create();
  await processing.create();
  const integrationSync = integrationSyncJobs(queue);
  await integrationSync.create();
  const services = createServices(infra, {
    dispatch: {
      sceneIngest: ingest.enqueue,
      detectionsProcess: processing.enqueue,
      integrationSync: integrationSync.enqueue,
    },
  });
  await ingest.work(services.scenes);
  await processing.work(services.analyses);
  await integrationSync.work(services.syncRunner, services.syncQueue);
  return { services, queue };
}
