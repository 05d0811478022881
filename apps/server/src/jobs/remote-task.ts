import { setTimeout as sleep } from 'node:timers/promises';
import type { ErrorCode, ImportProblem } from '@mirante/shared';
import { AppError } from '../http/app-error';
import type { JobQueue } from './queue';
import { taskLocks, taskWatch, type TaskLocks } from './task-liveness';
import { FALLBACK_POLLING_SECONDS, type JobWakeups } from './job-wakeups';

/** What a task's job completes with: the output, or the refusal (4xx) the API answers with. */
type TaskOutcome<O> =
  | { ok: true; output: O }
  | { ok: false; status: number; code: ErrorCode; message: string; problems?: ImportProblem[] };

export const WORKERS_UNAVAILABLE_MESSAGE =
  'Nenhum processador de tarefas está disponível no momento; nada foi alterado. Tente novamente em alguns minutos.';

const unavailable = () => new AppError(503, 'WORKERS_UNAVAILABLE', WORKERS_UNAVAILABLE_MESSAGE);

/** How often a waiting API request reads its job's state. */
const OUTCOME_POLL_MS = 100;
/** One job at a time, the fallback poll of every woken queue, and metadata for the job's key. */
const WORK_OPTIONS = {
  batchSize: 1,
  pollingIntervalSeconds: FALLBACK_POLLING_SECONDS,
  includeMetadata: true,
} as const;

export interface TaskOptions {
  /**
   * Jobs of this queue with the same key run one at a time (an import per project): the worker that takes one
   * waits, holding it, for the key's advisory lock. Jobs of other keys run meanwhile on the other loops.
   */
  exclusiveKey?: string;
  /** The longest the task may run once a worker took it (pg-boss's expiry). */
  runSeconds: number;
}

export interface RemoteTaskSettings {
  /** `JOB_PICKUP_SECONDS`: how long a request waits for a worker to take its job. */
  pickupSeconds: number;
  /** `REMOTE_TASK_CONCURRENCY`: work loops per process on each queue. */
  concurrency: number;
  /** The database of the loops' advisory locks. */
  connectionString: string;
  /** The process's wake-ups: a sent job is taken at once by a loop here or in another process. */
  wakeups: JobWakeups;
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
 * Pickup is immediate across processes (`JobWakeups`: the API notifies, every working process wakes its loops of
 * the queue; a busy loop fetches again as soon as it finishes). The 0.5 s poll remains for a notification lost
 * with a connection. Every queue gets
 * `concurrency` loops per process. The queues are pg-boss `standard` ones: jobs that must not overlap (the
 * imports of one project) share an `exclusiveKey` whose advisory lock the worker takes after the job's own.
 * Not pg-boss's `singleton` policy: it allows one loop per queue (an import of project A held up project B's),
 * and with more its fetch takes the oldest waiting job and, when that job's key is already active, takes nothing,
 * so a second import of A still held up every import queued behind it.
 */
export function remoteTasks(queue: JobQueue, settings: RemoteTaskSettings) {
  const allLocks: TaskLocks[] = [];
  /** The key locks of work run in this process (`runHere`), opened at its first use. */
  let localLocks: TaskLocks | undefined;

  /** The locks of one queue's jobs: a connection per loop, so a job taken is never left waiting for one. */
  const locksFor = (loopCount: number): TaskLocks => {
    const locks = taskLocks(settings.connectionString, loopCount);
    allLocks.push(locks);
    return locks;
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
    async create(name: string): Promise<void> {
      await queue.createQueue(name);
    },

    async run<I extends object, O>(name: string, input: I, options: TaskOptions): Promise<O> {
      const id = await queue.send(name, input, {
        retryLimit: 0,
        expireInSeconds: options.runSeconds,
        // Stored in the job's `singleton_key` column, which a standard queue constrains with nothing.
        singletonKey: options.exclusiveKey,
      });
      if (!id) throw unavailable();
      await settings.wakeups.sent(name);
      const deadline = Date.now() + settings.pickupSeconds * 1000;
      const watch = taskWatch(queue, name, id);
      for (;;) {
        const [job] = await queue.findJobs<I>(name, { id });
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
      const count = Math.max(1, settings.concurrency);
      const locks = locksFor(count);
      const ids: string[] = [];
      for (let i = 0; i < count; i++)
        ids.push(
          await queue.work<I, TaskOutcome<O> | undefined, typeof WORK_OPTIONS>(
            name,
            WORK_OPTIONS,
            async ([job]): Promise<TaskOutcome<O> | undefined> => {
              if (!job) return undefined;
              // The outcome is stored here, under the job's lock (pg-boss's own completion then finds it done).
              return locks.holdWhileRunning(
                { name, id: job.id, exclusiveKey: job.singletonKey ?? undefined },
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
      settings.wakeups.register(name, ids);
    },

    /**
     * Runs `work` in this process (`ROLE=all`, which works the queues itself) instead of sending a job: no staged
     * file, no poll. Work of an `exclusiveKey` still runs one at a time with that key's jobs in every process.
     */
    async runHere<O>(
      name: string,
      options: Pick<TaskOptions, 'exclusiveKey'>,
      work: () => Promise<O>,
    ): Promise<O> {
      if (!options.exclusiveKey) return work();
      localLocks ??= locksFor(Math.max(1, settings.concurrency));
      return localLocks.holdKey(name, options.exclusiveKey, work);
    },

    /** Closes the loops' lock connections; after the queue stopped (a job still ending holds its lock). */
    async stop(): Promise<void> {
      await Promise.all(allLocks.splice(0).map((locks) => locks.stop()));
    },
  };
}

export type RemoteTasks = ReturnType<typeof remoteTasks>;
