import { parentPort } from 'node:worker_threads';
import { AppError } from '../../http/app-error';
import { prepareImport } from './prepare-import';
import type { PrepareAnswer, PrepareRequest } from './prepare-off-loop';

/** A preparing thread: prepares each import it is sent, one at a time, and answers it (`prepare-off-loop.ts`). */
async function answer(request: PrepareRequest): Promise<PrepareAnswer> {
  const { bytes, input } = request;
  try {
    const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { ok: true, prepared: await prepareImport(file, input) };
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

parentPort?.on('message', (request: PrepareRequest) => {
  void answer(request).then((reply) => parentPort?.postMessage({ id: request.id, answer: reply }));
});
