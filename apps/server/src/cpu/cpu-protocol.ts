import { AppError } from '../http/app-error';
import { ImageryError } from '../imagery/imagery-error';

/** An error thrown by a task, as it crosses back from its thread (structured clone keeps no class). */
export type TaskFailure =
  | { kind: 'imagery'; code: ImageryError['code']; message: string; status: ImageryError['status'] }
  | {
      kind: 'app';
      statusCode: number;
      code: AppError['code'];
      message: string;
      problems?: AppError['problems'];
    }
  | { kind: 'error'; name: string; message: string };

/** What a thread answers for one task. */
export type CpuTaskAnswer = { ok: true; value: unknown } | { ok: false; failure: TaskFailure };

/** The last message a task posts on its port: the pool waits for it, so none of the task's messages is lost. */
export const END_OF_MESSAGES = '__end__';

export function failureOf(error: unknown): TaskFailure {
  if (error instanceof ImageryError) {
    return { kind: 'imagery', code: error.code, message: error.message, status: error.status };
  }
  if (error instanceof AppError) {
    const { statusCode, code, message, problems } = error;
    return { kind: 'app', statusCode, code, message, ...(problems ? { problems } : {}) };
  }
  if (error instanceof Error) return { kind: 'error', name: error.name, message: error.message };
  return { kind: 'error', name: 'Error', message: String(error) };
}

/** The error the server sees: an `ImageryError` or `AppError` stays one (its pt-BR message reaches the user). */
export function errorOf(failure: TaskFailure): Error {
  if (failure.kind === 'imagery') return new ImageryError(failure.code, failure.message, failure.status);
  if (failure.kind === 'app')
    return new AppError(failure.statusCode, failure.code, failure.message, failure.problems);
  const error = new Error(failure.message);
  error.name = failure.name;
  return error;
}
