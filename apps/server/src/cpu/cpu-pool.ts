import path from 'node:path';
import { availableParallelism } from 'node:os';
import { MessageChannel, type Transferable } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { END_OF_MESSAGES, errorOf, type CpuTaskAnswer } from './cpu-protocol';
import type { CpuTaskName, CpuTaskInput, CpuTaskOutput, CpuTaskRequest } from './cpu-tasks';

type PiscinaTransferList = NonNullable<Parameters<Piscina['run']>[1]>['transferList'];

/**
 * CPU-heavy work (tile pyramids, the AI's texture words and lot features, the environment detector, the demo
 * imagery) runs on a pool of worker threads, never on the event loop that answers HTTP. One pool per process,
 * sized to the cores, shared by every feature and closed by the process's stop.
 *
 * A task receives plain data (file paths, numbers, typed arrays moved with `transfer`) and may post messages
 * (progress, result batches) on the port it is given; errors cross back as `TaskFailure` and are rebuilt here
 * (an `ImageryError` stays one, so the user still reads its pt-BR message). A thread that dies (an exit, a
 * fatal error) rejects its task with a `CpuThreadDiedError`; the pool starts a new thread for
 * the next task, and the job that ran the task fails like any other failed job.
 */

export interface CpuPoolOptions {
  /** Threads; default the machine's cores (`availableParallelism`), at least 1. */
  threads?: number;
  /**
   * The module whose `runCpuTask` the threads run (a file URL of a `.ts` or `.js` module). Default
   * `cpu-tasks.ts`; tests give one that wraps it.
   */
  tasksModule?: string;
  /**
   * Idle threads end after this long (they are started again on demand). Default 10 min: a thread loads each
   * feature's task modules on its first task of that feature (seconds of CPU under tsx), which a 60 s timeout
   * paid again after most pauses between uploads, AI runs and reports; an idle thread costs only its memory.
   */
  idleTimeoutMs?: number;
}

export interface RunOptions {
  /** Messages the task posts on its port (progress, result batches), in order. */
  onMessage?: (message: unknown) => void | Promise<void>;
  /** Moved (not copied) into the thread: ArrayBuffers of large inputs. */
  transfer?: readonly Transferable[];
  /**
   * Given, as the task is queued, a function that posts a message to the task while it runs (the task reads
   * them from its port with `receiveMessageOnPort`, between steps of its work).
   */
  onSend?: (send: (message: unknown) => void) => void;
}

/**
 * The task's thread died (exited or crashed) before answering. Its message is what a user may read (an AI
 * run's error); the task and what ended the thread are in `task` and `cause`.
 */
export class CpuThreadDiedError extends Error {
  constructor(
    readonly task: string,
    cause: unknown,
  ) {
    super('O processamento foi interrompido inesperadamente; tente novamente.', { cause });
    this.name = 'CpuThreadDiedError';
  }
}

/**
 * The pool was closed (the process is stopping) while the task ran: its thread was ended. The job is left as
 * a crash leaves it (not marked failed), so that it resumes after the restart.
 */
export class CpuPoolClosedError extends Error {
  constructor(task: string) {
    super(`A tarefa ${task} foi interrompida: o processo está encerrando.`);
    this.name = 'CpuPoolClosedError';
  }
}

export interface CpuPool {
  run<N extends CpuTaskName>(
    name: N,
    input: CpuTaskInput<N>,
    options?: RunOptions,
  ): Promise<CpuTaskOutput<N>>;
  /** Threads the pool may run at once. */
  readonly threads: number;
  /** Ends every thread at once; a task still running rejects with `CpuPoolClosedError`. */
  close(): Promise<void>;
}

// Beside this module, in its language: `cpu-tasks.ts` in the sources, `cpu-tasks.js` in the compiled server.
const DEFAULT_TASKS_MODULE = new URL(
  `./cpu-tasks${path.extname(new URL(import.meta.url).pathname)}`,
  import.meta.url,
).href;
const BOOTSTRAP = new URL('./cpu-thread.mjs', import.meta.url);

const IDLE_THREAD_MS = 10 * 60_000;

/** The number of threads a pool gets by default: one per core. */
const defaultCpuThreads = (): number => Math.max(1, availableParallelism());

export function createCpuPool(options: CpuPoolOptions = {}): CpuPool {
  const threads = Math.max(1, options.threads ?? defaultCpuThreads());
  const piscina = new Piscina({
    filename: BOOTSTRAP.href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: options.idleTimeoutMs ?? IDLE_THREAD_MS,
    // The thread registers tsx itself (cpu-thread.mjs); the parent's flags (`--import tsx`, a profiler) are not
    // wanted twice.
    execArgv: [],
    workerData: { tasksModule: options.tasksModule ?? DEFAULT_TASKS_MODULE },
  });
  let closing: Promise<void> | null = null;

  return {
    threads,
    async run(name, input, runOptions = {}) {
      if (closing) throw new Error('O processamento em segundo plano foi encerrado.');
      const channel = new MessageChannel();
      // Messages are handled one after another, in the order the task posted them, up to its last one.
      let handled: Promise<void> = Promise.resolve();
      let handlerError: unknown = null;
      let ended: () => void = () => undefined;
      const allPosted = new Promise<void>((resolve) => (ended = resolve));
      channel.port1.on('message', (message: unknown) => {
        if (message === END_OF_MESSAGES) return ended();
        handled = handled.then(async () => {
          if (handlerError !== null || !runOptions.onMessage) return;
          try {
            await runOptions.onMessage(message);
          } catch (error) {
            handlerError = error;
          }
        });
      });
      runOptions.onSend?.((message) => channel.port1.postMessage(message));
      const request: CpuTaskRequest = { name, input, port: channel.port2 };
      try {
        let answer: CpuTaskAnswer;
        try {
          answer = (await piscina.run(request, {
            transferList: [channel.port2, ...(runOptions.transfer ?? [])] as PiscinaTransferList,
          })) as CpuTaskAnswer;
        } catch (error) {
          throw closing ? new CpuPoolClosedError(String(name)) : new CpuThreadDiedError(String(name), error);
        }
        await allPosted;
        await handled;
        if (handlerError !== null) throw handlerError;
        if (!answer.ok) throw errorOf(answer.failure);
        return answer.value as CpuTaskOutput<typeof name>;
      } finally {
        channel.port1.close();
      }
    },
    close() {
      closing ??= piscina.destroy();
      return closing;
    },
  };
}

let shared: CpuPool | null = null;

/** The process's pool, made on first use with `threads` (the configuration's `CPU_THREADS`; else one per core). */
export function sharedCpuPool(threads?: number): CpuPool {
  shared ??= createCpuPool({ threads });
  return shared;
}

/** Closes the process's pool if it was made (the process's stop). */
export async function closeSharedCpuPool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
