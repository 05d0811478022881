import type {
  EndpointDefinition,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
} from '@mirante/shared';
import { API_BASE_PATH, errorResponseSchema } from '@mirante/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthUser } from '../features/auth/auth-user';
import { authorize, type SessionResolver } from './authorize';
import { etagMatches } from './etag';

type UserFor<E extends EndpointDefinition> = E['access'] extends { kind: 'public' } ? null : AuthUser;

/**
 * A response the handler serialised itself (big lists: the zod serialiser would walk every row). The body
 * must encode a value of type `T`; the route's response schema still documents it and tests validate it.
 * With an `etag` the response may be revalidated (`If-None-Match` → 304, no body).
 */
export class JsonText<T> {
  declare readonly encodes: T;
  constructor(
    readonly body: string | Buffer,
    readonly etag?: string,
  ) {}
}

export type HandlerResult<E extends EndpointDefinition> = EndpointResponse<E> | JsonText<EndpointResponse<E>>;

export interface HandlerContext<E extends EndpointDefinition> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  user: UserFor<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Router = <E extends EndpointDefinition>(
  endpoint: E,
  handler: (context: HandlerContext<E>) => Promise<HandlerResult<E>>,
) => void;

/** A function that registers contract endpoints on `app`, guarded by `authorize` with `resolveSession`. */
export function createRouter(app: FastifyInstance, resolveSession: SessionResolver): Router {
  return (endpoint, handler) => registerRoute(app, resolveSession, endpoint, handler);
}

/** Registers one contract endpoint: zod validates input and output, and `authorize` guards it. */
function registerRoute<E extends EndpointDefinition>(
  app: FastifyInstance,
  resolveSession: SessionResolver,
  endpoint: E,
  handler: (context: HandlerContext<E>) => Promise<HandlerResult<E>>,
): void {
  const response: Record<number, z.ZodType> = { 200: endpoint.response };
  for (const status of endpoint.errorStatuses ?? []) response[status] = errorResponseSchema;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: `${API_BASE_PATH}${endpoint.path}`,
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.access.kind === 'public' ? {} : { security: [{ bearer: [] }] }),
      response,
    },
    handler: async (request, reply) => {
      const user = await authorize(endpoint.access, request, resolveSession);
      const result = await handler({
        params: request.params as EndpointParams<E>,
        query: request.query as EndpointQuery<E>,
        body: request.body as EndpointBody<E>,
        user: user as UserFor<E>,
        request,
        reply,
      });
      if (!(result instanceof JsonText)) return result;
      // A JSON string or buffer is sent as is: Fastify skips the serializer for both.
      void reply.type('application/json; charset=utf-8');
      if (result.etag) {
        void reply.header('etag', result.etag).header('cache-control', 'private, no-cache');
        void reply.header('vary', 'Authorization');
        if (etagMatches(request.headers['if-none-match'], result.etag)) return reply.code(304).send();
      }
      return result.body;
    },
  });
}
