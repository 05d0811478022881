import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database';
import { FALLBACK_POLLING_SECONDS, SCHEDULED_POLLING_SECONDS, type JobWakeups } from '../../jobs/job-wakeups';
import type { JobQueue } from '../../jobs/queue';
import { MAIL_SEND_OPTIONS, MAIL_SEND_QUEUE } from '../../mail/mail.jobs';
import type { MailMessage } from '../../mail/mailer';
import type { AlertsService } from './alerts.service';

export const ALERT_SCAN_QUEUE = 'alert-scan';
export const ALERT_DISPATCH_QUEUE = 'alert-dispatch';
export const ALERT_DIGEST_QUEUE = 'alert-digest';

/** Digests go out in the morning, Brasília time: daily every day, weekly on Mondays. */
const DIGEST_TIME_ZONE = 'America/Sao_Paulo';

/**
 * A mailer for one database transaction: the message becomes a `mail-send` job written by pg-boss on the
 * transaction's own connection, so it exists (and is sent, once) exactly when the transaction commits.
 */
export function transactionalMail(queue: JobQueue, trx: Db): (message: MailMessage) => Promise<void> {
  const db = {
    async executeSql(text: string, values: unknown[] = []) {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    },
  };
  return async (message) => {
    await queue.send(MAIL_SEND_QUEUE, { ...message }, { ...MAIL_SEND_OPTIONS, db });
  };
}

/**
 * The alerts' queues: `alert-scan` (every minute: records the events of what changed), `alert-dispatch` (woken
 * in every process when events are recorded: writes the deliveries and queues the immediate e-mails) and
 * `alert-digest` (the daily and weekly digests).
 */
export function alertsJobs(queue: JobQueue, wakeups: JobWakeups) {
  return {
    async create(): Promise<void> {
      await queue.createQueue(ALERT_SCAN_QUEUE);
      await queue.createQueue(ALERT_DISPATCH_QUEUE);
      await queue.createQueue(ALERT_DIGEST_QUEUE);
    },
    /** What the service calls once events are recorded: a dispatch job, taken at once by any working process. */
    async eventsRecorded(): Promise<void> {
      await queue.send(ALERT_DISPATCH_QUEUE, {});
      await wakeups.sent(ALERT_DISPATCH_QUEUE);
    },
    async work(alerts: AlertsService): Promise<void> {
      // The scan also dispatches: events recorded by a process killed before it sent their dispatch job go out.
      const scanner = await queue.work(
        ALERT_SCAN_QUEUE,
        { pollingIntervalSeconds: SCHEDULED_POLLING_SECONDS },
        async () => {
          await alerts.scan();
          if ((await alerts.dispatch()) > 0) await wakeups.sent(MAIL_SEND_QUEUE);
        },
      );
      // A scan asked for (an operator, a test) starts at once.
      wakeups.register(ALERT_SCAN_QUEUE, [scanner]);
      const dispatcher = await queue.work(
        ALERT_DISPATCH_QUEUE,
        { pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
        async () => {
          const sent = await alerts.dispatch();
          if (sent > 0) await wakeups.sent(MAIL_SEND_QUEUE);
        },
      );
      wakeups.register(ALERT_DISPATCH_QUEUE, [dispatcher]);
      await queue.work<{ mode: 'daily' | 'weekly' }>(
        ALERT_DIGEST_QUEUE,
        { pollingIntervalSeconds: SCHEDULED_POLLING_SECONDS },
        async ([job]) => {
          if (!job) return;
          const sent = await alerts.sendDigests(job.data.mode);
          if (sent > 0) await wakeups.sent(MAIL_SEND_QUEUE);
        },
      );
      await queue.schedule(ALERT_SCAN_QUEUE, '* * * * *');
      await queue.schedule(
        ALERT_DIGEST_QUEUE,
        '0 7 * * *',
        { mode: 'daily' },
        { tz: DIGEST_TIME_ZONE, key: 'daily' },
      );
      await queue.schedule(
        ALERT_DIGEST_QUEUE,
        '0 7 * * 1',
        { mode: 'weekly' },
        { tz: DIGEST_TIME_ZONE, key: 'weekly' },
      );
      // A dispatch at start: events a killed process recorded and did not deliver go out now.
      await queue.send(ALERT_DISPATCH_QUEUE, {}, { singletonKey: 'start', singletonSeconds: 60 });
      await queue.send(ALERT_SCAN_QUEUE, {}, { singletonKey: 'start', singletonSeconds: 60 });
    },
  };
}
