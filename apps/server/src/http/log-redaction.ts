import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a credential: a session token (`api_token`) or a GIS key (`key`). */
const SECRET_PARAMETERS = /([?&](?:api_token|key)=)[^&#]*/gi;

/** The URL with the value of every credential parameter replaced, for the log. */
export const redactedUrl = (url: string): string => url.replace(SECRET_PARAMETERS, '$1[oculto]');

/**
 * The request as the request log writes it (Fastify's default fields), its URL without credentials: a GIS key or
 * a session token in the query never reaches the log.
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
