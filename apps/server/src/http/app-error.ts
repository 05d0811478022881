import { MESSAGES, type ErrorCode, type ImportProblem } from '@mirante/shared';

/** An error meant for the caller: HTTP status, stable code (the shared `ERROR_CODES`) and a pt-BR message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Every reason of a refusal that has several (sent as `problems`). */
    readonly problems?: ImportProblem[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = (message = 'Sessão expirada. Entre novamente.') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (
  message = 'Você não possui permissão para acessar esta página',
  code: ErrorCode = 'FORBIDDEN',
) => new AppError(403, code, message);
export const notFound = (message = 'Recurso não encontrado', code: ErrorCode = 'NOT_FOUND') =>
  new AppError(404, code, message);
export const unprocessable = (code: ErrorCode, message: string) => new AppError(422, code, message);
export const inactiveUserError = () => new AppError(403, 'USER_INACTIVE', MESSAGES.inactiveUser);
