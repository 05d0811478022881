import { Worker } from 'node:worker_threads';
import type { ErrorCode, ImportProblem } from '@mirante/shared';
import { AppError, unprocessable } from '../../../http/app-error';
import type { SourceFile } from './source-file';

const THREAD = new URL('./read-layer-file-thread.mjs', import.meta.url);
/** Heap of a reading thread: a 25 MB DXF or a 500 MB unpacked shapefile fits; a bomb ends the thread, not us. */
const THREAD_HEAP_MB = 2048;
/** Reading threads at most, each reading one file at a time (more reads wait their turn). */
const MAX_THREADS = 2;

export interface ReadRequest {
  id: number;
  bytes: Uint8Array;
}

/** What the reading thread answers: the file read, the refusal it met (pt-BR), or an unexpected failure. */
export type ReadAnswer =
  | { ok: true; file: SourceFile }
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
  resolve(file: SourceFile): void;
  reject(error: unknown): void;
}

const tooComplex = () =>
  unprocessable(
    'INVALID_FILE',
    'O arquivo é complexo demais para ser lido: divida-o em arquivos menores ou envie só as camadas de lotes, quadras e etapas.',
  );

function outcome(answer: ReadAnswer, pending: Pending): void {
  if (answer.ok) pending.resolve(answer.file);
  else if ('refusal' in answer) {
    const { statusCode, code, message, problems } = answer.refusal;
    pending.reject(new AppError(statusCode, code, message, problems));
  } else pending.reject(new Error(`A leitura do arquivo de camadas falhou: ${answer.failure}`));
}

/**
 * Layer files are read (`readLayerFile`) on threads of their own: parsing a large DXF, shapefile or KML takes
 * seconds of CPU, which must never stop this process's event loop from answering other requests. Threads are
 * started when needed and kept for the next file (starting one costs seconds), without keeping the process alive;
 * one that dies (a file too complex for its heap) fails only its own read and is replaced.
 */
function createReaderPool() {
  const idle: Worker[] = [];
  const busy = new Set<Worker>();
  const queue: Pending[] = [];
  let nextId = 1;

  function run(thread: Worker, pending: Pending): void {
    busy.add(thread);
    thread.ref();
    const id = nextId++;
    const onMessage = (message: { id: number; answer: ReadAnswer }) => {
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
      pending.reject(new Error(`A leitura do arquivo de camadas terminou sem resposta (código ${code}).`));
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
    thread.postMessage({ id, bytes: pending.bytes } satisfies ReadRequest);
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
    read(bytes: Buffer): Promise<SourceFile> {
      return new Promise((resolve, reject) => {
        queue.push({ bytes, resolve, reject });
        next();
      });
    },
  };
}

const pool = createReaderPool();

/** Reads an uploaded layer file on a reading thread; its refusals come back as the same `AppError`s. */
export function readLayerFileOffLoop(buffer: Buffer): Promise<SourceFile> {
  return pool.read(buffer);
}
