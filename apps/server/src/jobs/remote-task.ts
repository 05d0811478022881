import { setTimeout as sleep } from 'node:timers/promises';
import type { ErrorCode, ImportProblem } from '@mirante/shared';
import { AppError } from '../http/app-error';
import type { JobQueue } from './queue';

/** What a task's job completes with: the output, or the refusal (4xx) the API answers with. */
type TaskOutcome<O> =
  | { ok: true; output: O }
  | { ok: false; status: number; code: ErrorCode; message: string; problems?: ImportProblem[] };

export const WORKERS_UNAVAILABLE_MESSAGE =
  'Nenhum processador de tarefas está disponível no momento; nada foi alterado. Tente novamente em alguns minutos.';

const unavailable = () => new AppError(503, 'WORKERS_UNAVAILABLE', WORKERS_UNAVAILABLE_MESSAGE);

export interface TaskOptions {
  /** One job of this key active at a time (the queue is created with the `singleton` policy). */
  singletonKey?: string;
  /** The longest the task may run once a worker took it (pg-boss's expiry). */
  runSeconds: number;
}

/**
 * Request/response work on pg-boss: an API request sends a job and waits for its outcome (`run`); the processes
 * that work the queues run it (`work`). A refusal (an `AppError` below 500) comes back as the same error; a job
 * no worker took within `pickupSeconds` is withdrawn (only while still waiting, so nothing runs half) and the
 * request gets a pt-BR 503. Jobs are never retried: the caller gets the answer, or the 503, once.
 */
export function remoteTasks(queue: JobQueue, pickupSeconds: number) {
  const workers = new Map<string, string>();

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
    create: (name: string, policy?: 'singleton') =>
      queue.createQueue(name, policy ? { name, policy } : undefined),

    async run<I extends object, O>(name: string, input: I, options: TaskOptions): Promise<O> {
      const id = await queue.send(name, input, {
        retryLimit: 0,
        expireInSeconds: options.runSeconds,
        singletonKey: options.singletonKey,
      });
      if (!id) throw unavailable();
      const worker = workers.get(name);
      if (worker) queue.notifyWorker(worker);
      const deadline = Date.now() + pickupSeconds * 1000;
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
        await sleep(200);
      }
    },

    async work<I extends object, O>(name: string, handler: (input: I) => Promise<O>): Promise<void> {
      const id = await queue.work<I>(
        name,
        { batchSize: 1, pollingIntervalSeconds: 1 },
        async ([job]): Promise<TaskOutcome<O> | undefined> => {
          if (!job) return undefined;
          try {
            return { ok: true, output: await handler(job.data) };
          } catch (error) {
            if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
            const { statusCode: status, code, message, problems } = error;
            return { ok: false, status, code, message, ...(problems ? { problems } : {}) };
          }
        },
      );
      workers.set(name, id);
    },
  };
}

export type RemoteTasks = ReturnType<typeof remoteTasks>;
