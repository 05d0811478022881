import type { LogFn, Logger } from 'pino';

/** The line a request the client gave up on leaves, at debug level (never an error). */
export const CLIENT_ABORT_MESSAGE = 'requisição interrompida pelo cliente';

const ABORT_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);
const ABORT_MESSAGES = new Set(['premature close', 'aborted']);

/**
 * Whether `error` says the other end went away: a stream closed before its end ('premature close', from Node's
 * `finished` or the end-of-stream package that @fastify/compress pumps through), a reset or broken connection, or
 * an aborted request.
 */
export function isClientAbort(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    (typeof code === 'string' && ABORT_CODES.has(code)) || ABORT_MESSAGES.has(error.message.toLowerCase())
  );
}

/** The error a log call carries: `log.error(err)` or `log.error({ err }, message)`. */
function loggedError(args: unknown[]): { error: unknown; statusCode: unknown } {
  const [first] = args;
  if (first instanceof Error) return { error: first, statusCode: undefined };
  if (first && typeof first === 'object') {
    const fields = first as { err?: unknown; statusCode?: unknown };
    return { error: fields.err, statusCode: fields.statusCode };
  }
  return { error: undefined, statusCode: undefined };
}

/**
 * pino's `logMethod` hook for the HTTP logger. A client that closes a request early (a map panning cancels its tile
 * and layer requests) makes the response's stream end early; whoever reports that (the compression plugin logs
 * it with `log.error`) reports no server fault, so the line goes out at debug level as CLIENT_ABORT_MESSAGE,
 * with the request's id. A line that states a 5xx status is never lowered: every 5xx stays an error.
 */
export function abortAwareLogMethod(
  this: Logger,
  args: Parameters<LogFn>,
  method: LogFn,
  level: number,
): void {
  if (level >= 50) {
    const { error, statusCode } = loggedError(args);
    const serverError = typeof statusCode === 'number' && statusCode >= 500;
    if (!serverError && isClientAbort(error)) {
      const { message, code } = error as Error & { code?: unknown };
      this.debug({ abort: { message, code } }, CLIENT_ABORT_MESSAGE);
      return;
    }
  }
  method.apply(this, args);
}
