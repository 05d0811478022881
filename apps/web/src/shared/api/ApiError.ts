import { MESSAGES } from '@mirante/shared';

/** A failed API call: HTTP status (0 when the network failed), stable error code and a pt-BR message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string = MESSAGES.defaultRequestError) {
    super(message || MESSAGES.defaultRequestError);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function statusOf(error: unknown): number | undefined {
  return isApiError(error) ? error.status : undefined;
}
