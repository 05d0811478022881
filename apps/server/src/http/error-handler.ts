import { MESSAGES, type ErrorCode, type ImportProblem } from '@mirante/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/database-unavailable';
import { CLIENT_ABORT_MESSAGE, isClientAbort } from './aborted-requests';
import { AppError } from './app-error';

function send(
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  message: string,
  problems?: ImportProblem[],
) {
  return reply.status(statusCode).send({ statusCode, code, message, ...(problems ? { problems } : {}) });
}

/** The path without its query: `api_token` may travel there and must not reach the log. */
export const pathOnly = (url: string) => url.split('?')[0] ?? url;

/**
 * One structured line per 5xx: the request id (also in the `X-Request-Id` answer header), method, path,
 * status and the error with its stack. Logged whatever LOG_REQUESTS says.
 */
function logServerError(request: FastifyRequest, statusCode: number, error: unknown, message: string): void {
  // `reqId` comes from the request's child logger.
  request.log.error({ method: request.method, path: pathOnly(request.url), statusCode, err: error }, message);
}

/** Every failure leaves as `{ statusCode, code, message }` with a pt-BR message and never a stack trace. */
export function installErrorHandlers(app: FastifyInstance, options: { spaFallback: boolean }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) logServerError(request, error.statusCode, error, error.message);
      return send(reply, error.statusCode, error.code, error.message, error.problems);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const message = first?.message ?? 'Dados inválidos.';
      return send(reply, 422, 'VALIDATION', field ? `${message} (${field})` : message);
    }
    if (isResponseSerializationError(error)) {
      logServerError(request, 500, error, 'resposta fora do contrato');
      return send(reply, 500, 'INTERNAL', MESSAGES.serverError);
    }
    if (error.statusCode === 429) {
      return send(reply, 429, 'RATE_LIMITED', 'Muitas tentativas. Aguarde um minuto e tente novamente.');
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, 413, 'PAYLOAD_TOO_LARGE', 'O arquivo ou conteúdo enviado é grande demais.');
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Tipo de conteúdo não suportado.');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, 'BAD_REQUEST', 'Requisição inválida.');
    }
    if (isDatabaseUnavailable(error)) {
      logServerError(request, 503, error, 'banco de dados indisponível');
      void reply.header('Retry-After', '5');
      return send(reply, 503, 'DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);
    }
    if (isClientAbort(error) && (request.raw.destroyed || reply.raw.destroyed)) {
      // The client closed the request before its answer: no answer reaches anyone and no server fault happened.
      request.log.debug({ method: request.method, path: pathOnly(request.url) }, CLIENT_ABORT_MESSAGE);
      return send(reply, 400, 'BAD_REQUEST', 'Requisição interrompida pelo cliente.');
    }
    logServerError(request, 500, error, 'erro não tratado');
    return send(reply, 500, 'INTERNAL', MESSAGES.serverError);
  });

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !/^\/(api|tiles)\//.test(request.url);
    if (options.spaFallback && isPage) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return send(reply, 404, 'NOT_FOUND', `Rota não encontrada: ${pathOnly(request.url)}`);
  });
}
