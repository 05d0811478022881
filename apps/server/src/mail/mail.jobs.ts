import { FALLBACK_POLLING_SECONDS, type JobWakeups } from '../jobs/job-wakeups';
import type { JobQueue } from '../jobs/queue';
import type { MailMessage, Mailer } from './mailer';

export const MAIL_SEND_QUEUE = 'mail-send';

/**
 * A failed delivery (SMTP down, refused) is retried with a growing delay: 30 s, 1 min, 2 min… over about two
 * hours in all, then the job fails and stays in pg-boss's table for the operator.
 */
export const MAIL_SEND_OPTIONS = {
  retryLimit: 8,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
};

/**
 * E-mails on pg-boss: `mailer.send` only queues the message (an API process never talks to SMTP); the processes
 * that work the queues hand each message to `transport`, the SMTP server or the outbox folder. In a process that
 * works the queue, and in a worker elsewhere, the message is taken at once (`wakeups`).
 */
export function mailJobs(queue: JobQueue, wakeups: JobWakeups, transport: Mailer) {
  const mailer: Mailer = {
    destination: `fila '${MAIL_SEND_QUEUE}' → ${transport.destination}`,
    async send(message: MailMessage): Promise<void> {
      await queue.send(MAIL_SEND_QUEUE, { ...message }, MAIL_SEND_OPTIONS);
      await wakeups.sent(MAIL_SEND_QUEUE);
    },
  };
  return {
    mailer,
    create: () => queue.createQueue(MAIL_SEND_QUEUE),
    async work(): Promise<void> {
      const worker = await queue.work<MailMessage>(
        MAIL_SEND_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
        async ([job]) => {
          if (job) await transport.send(job.data);
        },
      );
      wakeups.register(MAIL_SEND_QUEUE, [worker]);
    },
  };
}
