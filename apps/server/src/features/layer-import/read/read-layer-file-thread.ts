import { parentPort } from 'node:worker_threads';
import { AppError } from '../../../http/app-error';
import { readLayerFile } from './read-layer-file';
import type { ReadAnswer, ReadRequest } from './read-off-loop';

/** A reading thread: reads each file it is sent, one at a time, and answers it (`read-off-loop.ts`). */
async function answer(bytes: Uint8Array): Promise<ReadAnswer> {
  try {
    return {
      ok: true,
      file: await readLayerFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
    };
  } catch (error) {
    if (error instanceof AppError)
      return {
        ok: false,
        refusal: {
          statusCode: error.statusCode,
          code: error.code,
          message: error.message,
          problems: error.problems,
        },
      };
    return { ok: false, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

parentPort?.on('message', (request: ReadRequest) => {
  void answer(request.bytes).then((reply) => parentPort?.postMessage({ id: request.id, answer: reply }));
});
