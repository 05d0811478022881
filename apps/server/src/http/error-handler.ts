import { MESSAGES } from '@mirante/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './app-error';

function send(reply: FastifyReply, statusCode: number, code: string, message: string) {
  return reply.status(statusCode).send({ statusCode, code, message });
}

/** Every failure leaves as `{ statusCode, code, message }` with a pt-BR message and never a stack trace. */
export function installErrorHandlers(app: FastifyInstance, options: { spaFallback: boolean }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return send(reply, error.statusCode, error.code, error.message);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const message = first?.message ?? 'Dados inválidos.';
      return send(reply, 422, 'VALIDATION', field ? `${message} (${field})` : message);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'resposta fora do contrato');
      return send(reply, 500, 'INTERNAL', MESSAGES.serverError);
    }
    if (error.statusCode === 429) {
      return send(reply, 429, 'RATE_LIMITED', 'Muitas tentativas. Aguarde um minuto e tente novamente.');
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, 413, 'PAYLOAD_TOO_LARGE', 'O arquivo ou conteúdo enviado é grande demais.');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, 'BAD_REQUEST', 'Requisição inválida.');
    }
    request.log.error({ err: error }, 'erro não tratado');
    return send(reply, 500, 'INTERNAL', MESSAGES.serverError);
  });

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !/^\/(api|tiles)\//.test(request.url);
    if (options.spaFallback && isPage) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return send(reply, 404, 'NOT_FOUND', `Rota não encontrada: ${request.url.split('?')[0]}`);
  });
}
