import { MESSAGES, type ErrorCode, type ImportProblem } from '@mirante/shared';

/** The server's codes (`ERROR_CODES`), plus the client's own: unreadable answer, failed network, aborted upload. */
export type ApiErrorCode = ErrorCode | 'HTTP_ERROR' | 'NETWORK_ERROR' | 'INVALID_RESPONSE' | 'ABORTED';

/** A failed API call: HTTP status (0 when the network failed), stable error code and a pt-BR message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;

  /** Every reason of a refusal that has several (a layer import refused as a whole). */
  readonly problems: ImportProblem[];

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string = MESSAGES.defaultRequestError,
    problems: ImportProblem[] = [],
  ) {
    super(message || MESSAGES.defaultRequestError);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.problems = problems;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function statusOf(error: unknown): number | undefined {
  return isApiError(error) ? error.status : undefined;
}
