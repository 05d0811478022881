/** An error meant for the caller: HTTP status, stable code and a pt-BR message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, message: string) => new AppError(400, code, message);
export const unauthorized = (message = 'Sessão expirada. Entre novamente.') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (
  message = 'Você não possui permissão para acessar esta página',
  code = 'FORBIDDEN',
) => new AppError(403, code, message);
export const notFound = (message = 'Recurso não encontrado', code = 'NOT_FOUND') =>
  new AppError(404, code, message);
export const unprocessable = (code: string, message: string) => new AppError(422, code, message);
