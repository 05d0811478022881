import { Worker } from 'node:worker_threads';
import type { ErrorCode, ImportProblem } from '@mirante/shared';
import { AppError, unprocessable } from '../../http/app-error';
import type { PreparedImport, PrepareInput } from './prepare-import';

const THREAD = new URL('./prepare-import-thread.mjs', import.meta.url);
/** Heap of a preparing thread: a 25 MB DXF or a 500 MB unpacked shapefile fits; a bomb ends the thread, not us. */
const THREAD_HEAP_MB = 2048;
/** Preparing threads at most, each preparing one import at a time (more wait their turn). */
const MAX_THREADS = 2;

export interface PrepareRequest {
  id: number;
  bytes: Uint8Array;
  input: PrepareInput;
}

/** What the thread answers: the import prepared, the refusal it met (pt-BR), or an unexpected failure. */
export type PrepareAnswer =
  | { ok: true; prepared: PreparedImport }
  | {
      ok: false;
      refusal: {
        statusCode: number;
        code: ErrorCode;
        message: string;
        problems: ImportProblem[] | undefined;
      };
    }
  | { ok: false; failure: string };

interface Pending {
  bytes: Buffer;
  input: PrepareInput;
  resolve(prepared: PreparedImport): void;
  reject(error: unknown): void;
}

const tooComplex = () =>
  unprocessable(
    'INVALID_FILE',
    'O arquivo é complexo demais para ser lido: divida-o em arquivos menores ou envie só as camadas de lotes, quadras e etapas.',
  );

function outcome(answer: PrepareAnswer, pending: Pending): void {
  if (answer.ok) pending.resolve(answer.prepared);
  else if ('refusal' in answer) {
    const { statusCode, code, message, problems } = answer.refusal;
    pending.reject(new AppError(statusCode, code, message, problems));
  } else pending.reject(new Error(`A preparação da importação de camadas falhou: ${answer.failure}`));
}

/**
 * Layer imports are prepared (`prepareImport`: the file read, planned, unioned and measured) on threads of their
 * own: parsing a large DXF, shapefile or KML and checking its topology take seconds of CPU, which must never stop
 * this process's event loop from answering other requests, whatever its ROLE. Threads are started when needed and
 * kept for the next import (starting one costs seconds), without keeping the process alive; one that dies (a file
 * too complex for its heap) fails only its own import and is replaced.
 */
function createPreparingPool() {
  const idle: Worker[] = [];
  const busy = new Set<Worker>();
  const queue: Pending[] = [];
  let nextId = 1;

  function run(thread: Worker, pending: Pending): void {
    busy.add(thread);
    thread.ref();
    const id = nextId++;
    const onMessage = (message: { id: number; answer: PrepareAnswer }) => {
      if (message.id !== id) return;
      done();
      outcome(message.answer, pending);
      release(thread);
    };
    const onError = (error: NodeJS.ErrnoException) => {
      done();
      busy.delete(thread);
      pending.reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex() : error);
      void thread.terminate();
      next();
    };
    const onExit = (code: number) => {
      done();
      busy.delete(thread);
      pending.reject(
        new Error(`A preparação da importação de camadas terminou sem resposta (código ${code}).`),
      );
      next();
    };
    const done = () => {
      thread.off('message', onMessage);
      thread.off('error', onError);
      thread.off('exit', onExit);
    };
    thread.on('message', onMessage);
    thread.once('error', onError);
    thread.once('exit', onExit);
    thread.postMessage({ id, bytes: pending.bytes, input: pending.input } satisfies PrepareRequest);
  }

  function started(): Worker {
    const thread = new Worker(THREAD, { resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
    // A thread that ends while idle is never handed a file.
    thread.once('exit', () => {
      const at = idle.indexOf(thread);
      if (at >= 0) idle.splice(at, 1);
    });
    return thread;
  }

  function release(thread: Worker): void {
    busy.delete(thread);
    thread.unref();
    idle.push(thread);
    next();
  }

  function next(): void {
    const pending = queue.shift();
    if (!pending) return;
    const thread = idle.pop() ?? (busy.size < MAX_THREADS ? started() : null);
    if (thread) run(thread, pending);
    else queue.unshift(pending);
  }

  return {
    /** Starts a thread ahead of the first import (loading its modules takes seconds), if none is running. */
    warm(): void {
      if (idle.length + busy.size > 0) return;
      const thread = started();
      thread.unref();
      idle.push(thread);
    },

    prepare(bytes: Buffer, input: PrepareInput): Promise<PreparedImport> {
      return new Promise((resolve, reject) => {
        queue.push({ bytes, input, resolve, reject });
        next();
      });
    },
  };
}

const pool = createPreparingPool();

/** A process that runs layer imports starts its first preparing thread at once, so no import waits for it. */
export function warmPreparingThread(): void {
  pool.warm();
}

/** `prepareImport` on a preparing thread; its refusals come back as the same `AppError`s. */
export function prepareImportOffLoop(file: Buffer, input: PrepareInput): Promise<PreparedImport> {
  return pool.prepare(file, input);
}
