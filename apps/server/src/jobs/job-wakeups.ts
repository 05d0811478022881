import pg from 'pg';
import type { JobQueue } from './queue';

/** The PostgreSQL channel a process notifies, with the queue's name, when it sends a job. */
export const WAKEUP_CHANNEL = 'mirante_job_wakeups';

/**
 * How often a worker of a queue that `sent` wakes looks for jobs on its own. It is only the fallback — a
 * notification lost while the LISTEN connection reconnected, a retry whose delay ended, a job requeued after a
 * crash — so seconds: polled every 0.5–2 s, an idle process queried PostgreSQL ~28 times a second.
 */
export const FALLBACK_POLLING_SECONDS = 5;
/** How often a worker of a scheduled housekeeping queue (cron jobs nobody waits on) looks for its job. */
export const SCHEDULED_POLLING_SECONDS = 30;

/** How long a lost listening connection waits before it reconnects (the workers' polling covers the gap). */
const RECONNECT_MS = 1_000;

export interface JobWakeups {
  /**
   * Records this process's workers (pg-boss worker ids) of `queueName`, woken by every `sent` of that queue here
   * or in another process. The first call opens the LISTEN connection: a process that only sends never listens.
   */
  register(queueName: string, workerIds: string[]): void;
  /** Call after `queue.send`: wakes this process's workers of the queue at once and notifies the other processes. */
  sent(queueName: string): Promise<void>;
  /** Closes the LISTEN connection and cancels a pending reconnection; `sent` only wakes local workers after it. */
  stop(): Promise<void>;
}

/**
 * Immediate pickup of a sent job, in this process and in every other one that works the queue (ROLE=api beside
 * workers): `sent` wakes the local workers with pg-boss's `notifyWorker` and issues `NOTIFY` on `WAKEUP_CHANNEL`;
 * a working process LISTENs on a dedicated connection and wakes its workers of the notified queue (a busy worker
 * fetches again as soon as it finishes). A lost connection is reopened after a second, and every worker woken
 * then in case a notification fell in the gap; the workers' own polling stays as the fallback.
 */
export function jobWakeups(
  queue: JobQueue,
  connectionString: string,
  log: (message: string) => void,
): JobWakeups {
  const workers = new Map<string, string[]>();
  let client: pg.Client | undefined;
  let listening = false;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const wake = (name: string | undefined) => {
    for (const [queueName, ids] of workers)
      if (name === undefined || name === queueName) for (const id of ids) queue.notifyWorker(id);
  };

  const reconnect = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
  };

  const connect = async () => {
    if (stopped) return;
    const current = new pg.Client({ connectionString });
    client = current;
    current.on('notification', (message) => wake(message.payload));
    current.on('error', (error) => {
      if (!stopped) log(`escuta de tarefas perdida: ${error.message}`);
      void current.end().catch(() => undefined);
      reconnect();
    });
    current.on('end', reconnect);
    try {
      await current.connect();
      await current.query(`LISTEN ${WAKEUP_CHANNEL}`);
      if (stopped) await current.end();
      else wake(undefined);
    } catch (error) {
      if (!stopped) log(`escuta de tarefas indisponível: ${(error as Error).message}`);
      void current.end().catch(() => undefined);
      reconnect();
    }
  };

  return {
    register(queueName, workerIds) {
      workers.set(queueName, [...(workers.get(queueName) ?? []), ...workerIds]);
      if (listening || stopped) return;
      listening = true;
      void connect();
    },
    async sent(queueName) {
      wake(queueName);
      await queue.getDb().executeSql('SELECT pg_notify($1, $2)', [WAKEUP_CHANNEL, queueName]);
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      retry = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
