import { setTimeout as sleep } from 'node:timers/promises';
import type { ErrorCode, ImportProblem } from '@mirante/shared';
import { AppError } from '../http/app-error';
import type { JobQueue } from './queue';
import { taskLocks, taskWatch, type TaskLocks } from './task-liveness';
import { listenForTasks, TASK_CHANNEL, type TaskWakeups } from './task-wakeups';

/** What a task's job completes with: the output, or the refusal (4xx) the API answers with. */
type TaskOutcome<O> =
  | { ok: true; output: O }
  | { ok: false; status: number; code: ErrorCode; message: string; problems?: ImportProblem[] };

export const WORKERS_UNAVAILABLE_MESSAGE =
  'Nenhum processador de tarefas está disponível no momento; nada foi alterado. Tente novamente em alguns minutos.';

const unavailable = () => new AppError(503, 'WORKERS_UNAVAILABLE', WORKERS_UNAVAILABLE_MESSAGE);

/** How often a waiting API request reads its job's state. */
const OUTCOME_POLL_MS = 100;
/** A worker's fallback poll when no notification arrives (pg-boss's least). */
const POLLING_SECONDS = 0.5;

export interface TaskOptions {
  /** One job of this key active at a time (the queue is created with the `singleton` policy). */
  singletonKey?: string;
  /** The longest the task may run once a worker took it (pg-boss's expiry). */
  runSeconds: number;
}

export interface RemoteTaskSettings {
  /** `JOB_PICKUP_SECONDS`: how long a request waits for a worker to take its job. */
  pickupSeconds: number;
  /** `REMOTE_TASK_CONCURRENCY`: work loops per process on each queue without a singleton policy. */
  concurrency: number;
  /** The database the workers LISTEN on for new jobs. */
  connectionString: string;
  log: (message: string) => void;
}

/** The handler's output, or its refusal (an `AppError` below 500) as the job's outcome; other errors thrown. */
async function outcomeOf<I, O>(handler: (input: I) => Promise<O>, input: I): Promise<TaskOutcome<O>> {
  try {
    return { ok: true, output: await handler(input) };
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    const { statusCode: status, code, message, problems } = error;
    return { ok: false, status, code, message, ...(problems ? { problems } : {}) };
  }
}

/**
 * Request/response work on pg-boss: an API request sends a job and waits for its outcome (`run`); the processes
 * that work the queues run it (`work`). A refusal (an `AppError` below 500) comes back as the same error; a job
 * no worker took within `pickupSeconds` is withdrawn (only while still waiting, so nothing runs half) and the
 * request gets a pt-BR 503. Jobs are never retried: the caller gets the answer, or the 503, once.
 *
 * Pickup is immediate across processes: after `send` the API issues `NOTIFY` on `TASK_CHANNEL` with the queue's
 * name; every working process LISTENs on it and wakes its loops of that queue (a busy loop fetches again as soon
 * as it finishes). The 0.5 s poll remains for a notification lost with a connection. A queue without a
 * singleton policy (the exports) gets `concurrency` loops per process; a singleton queue (the imports, one per
 * project at a time) gets one: a second loop would only meet pg-boss's unique index when the next job belongs
 * to a project already importing.
 */
export function remoteTasks(queue: JobQueue, settings: RemoteTaskSettings) {
  const loops = new Map<string, string[]>();
  const singletons = new Set<string>();

  const wake = (name: string | undefined) => {
    for (const [queueName, ids] of loops)
      if (name === undefined || name === queueName) for (const id of ids) queue.notifyWorker(id);
  };

  /** The side of a process that works these queues, started with its first `work`: wake-ups and job locks. */
  let working: { wakeups: TaskWakeups; locks: TaskLocks } | undefined;
  const startWorking = () => {
    if (working) return working;
    const started = {
      wakeups: listenForTasks(settings.connectionString, wake, settings.log),
      // One connection per running job (its advisory lock), for every loop of this process.
      locks: taskLocks(settings.connectionString, Math.max(1, settings.concurrency) + 4),
    };
    queue.once('stopped', () => {
      void started.wakeups.stop();
      void started.locks.stop();
    });
    working = started;
    return started;
  };

  /** Withdraws a job no worker took; false when one already has it. */
  const withdraw = async (name: string, id: string): Promise<boolean> => {
    const { rows } = await queue.getDb().executeSql(
      `UPDATE pgboss.job SET state = 'cancelled', completed_on = now()
        WHERE name = $1 AND id = $2 AND state = 'created' RETURNING id`,
      [name, id],
    );
    return rows.length === 1;
  };

  return {
    async create(name: string, policy?: 'singleton'): Promise<void> {
      if (policy) singletons.add(name);
      await queue.createQueue(name, policy ? { name, policy } : undefined);
    },

    async run<I extends object, O>(name: string, input: I, options: TaskOptions): Promise<O> {
      const id = await queue.send(name, input, {
        retryLimit: 0,
        expireInSeconds: options.runSeconds,
        singletonKey: options.singletonKey,
      });
      if (!id) throw unavailable();
      wake(name);
      await queue.getDb().executeSql('SELECT pg_notify($1, $2)', [TASK_CHANNEL, name]);
      const deadline = Date.now() + settings.pickupSeconds * 1000;
      const watch = taskWatch(queue, name, id);
      for (;;) {
        const job = await queue.getJobById<I>(name, id, { includeArchive: true });
        const state = job?.state;
        if (state === 'completed') {
          const outcome = job!.output as TaskOutcome<O>;
          if (outcome.ok) return outcome.output;
          throw new AppError(outcome.status, outcome.code, outcome.message, outcome.problems);
        }
        if (state === 'failed')
          throw new Error(`tarefa ${name} ${id} falhou: ${JSON.stringify(job!.output)}`);
        if (state === undefined || state === 'cancelled') throw unavailable();
        if (state === 'created' && Date.now() > deadline && (await withdraw(name, id))) throw unavailable();
        if (state === 'active') {
          const interrupted = await watch.check();
          if (interrupted) throw interrupted;
        }
        await sleep(OUTCOME_POLL_MS);
      }
    },

    async work<I extends object, O>(name: string, handler: (input: I) => Promise<O>): Promise<void> {
      const { locks } = startWorking();
      const count = singletons.has(name) ? 1 : Math.max(1, settings.concurrency);
      const ids: string[] = [];
      for (let i = 0; i < count; i++)
        ids.push(
          await queue.work<I>(
            name,
            { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS },
            async ([job]): Promise<TaskOutcome<O> | undefined> => {
              if (!job) return undefined;
              // The outcome is stored here, under the job's lock (pg-boss's own completion then finds it done).
              return locks.holdWhileRunning(
                name,
                job.id,
                async () => {
                  try {
                    return await outcomeOf(handler, job.data);
                  } catch (error) {
                    await queue.fail(name, job.id, { message: (error as Error).message });
                    throw error;
                  }
                },
                async (outcome) => void (await queue.complete(name, job.id, outcome)),
              );
            },
          ),
        );
      loops.set(name, ids);
    },
  };
}

export type RemoteTasks = ReturnType<typeof remoteTasks>;
