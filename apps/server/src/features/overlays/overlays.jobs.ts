import { SCHEDULED_POLLING_SECONDS } from '../../jobs/job-wakeups';
import type { JobQueue } from '../../jobs/queue';
import type { OverlaysService } from './overlays.service';

const ABANDONED_UPLOADS_QUEUE = 'overlay-abandoned-uploads';

/** The sweep of abandoned plan uploads as a pg-boss job: once at start, then every hour (one process a round). */
export async function registerAbandonedUploadSweep(
  queue: JobQueue,
  overlays: Pick<OverlaysService, 'removeAbandonedUploads'>,
  log: (message: string) => void,
): Promise<void> {
  await queue.createQueue(ABANDONED_UPLOADS_QUEUE);
  await queue.work(
    ABANDONED_UPLOADS_QUEUE,
    { pollingIntervalSeconds: SCHEDULED_POLLING_SECONDS },
    async () => {
      const removed = await overlays.removeAbandonedUploads();
      if (removed.length > 0) log(`${removed.length} planta(s) enviada(s) e abandonada(s) removida(s).`);
    },
  );
  await queue.schedule(ABANDONED_UPLOADS_QUEUE, '41 * * * *');
  await queue.send(ABANDONED_UPLOADS_QUEUE, {}, { singletonKey: 'start', singletonSeconds: 300 });
}
