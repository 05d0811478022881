import type { Readable } from 'node:stream';
import type {
  EndpointDefinition,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
  FileResponse,
} from '@mirante/shared';
import { endpointUrl, errorResponseSchema, isFileResponse } from '@mirante/shared';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser } from '../features/auth/auth-user';
import { authorize, type GisKeyResolver, type SessionResolver } from './authorize';
import { AppError } from './app-error';
import { GIS_AUTHENTICATE_CHALLENGE } from './gis-key-credential';
import { etagMatches } from './etag';
import { JsonText } from '../serialised/json-text';
import { preferredCoding, type ContentCoding } from '../serialised/precompressed';

type UserFor<E extends EndpointDefinition> = E['access'] extends { kind: 'public' } ? null : AuthUser;

/** The answer of a file endpoint (`fileResponse` in the contract): bytes or a stream and how to send them. */
export interface FileAnswer {
  body: Readable | Buffer;
  contentType: string;
  size?: number | null;
  /** With an etag the file may be revalidated (`If-None-Match` → 304, the stream is not read). */
  etag?: string;
  cacheControl?: string;
  /** Sent as an attachment (`Content-Disposition`) under this name. */
  downloadName?: string;
  /** The body is already compressed with this coding (chosen by the client's `Accept-Encoding`). */
  contentEncoding?: ContentCoding;
}

class SentRaw {}

/** Returned by a handler that wrote the raw response itself (the tile server). */
export const SENT_RAW = new SentRaw();

export type HandlerResult<E extends EndpointDefinition> = E['response'] extends FileResponse
  ? FileAnswer | SentRaw
  : EndpointResponse<E> | JsonText<EndpointResponse<E>>;

export interface HandlerContext<E extends EndpointDefinition> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  /** Multipart bodies are streamed by the handler from `request` (their files never sit in memory). */
  body: E['encoding'] extends 'multipart' ? undefined : EndpointBody<E>;
  user: UserFor<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /** Resolves the session instead of the router's resolver (tiles and scene files use a cached one). */
  resolveSession?: SessionResolver;
}

export type Router = <E extends EndpointDefinition>(
  endpoint: E,
  handler: (context: HandlerContext<E>) => Promise<HandlerResult<E>>,
  options?: RouteOptions,
) => void;

/**
 * The one way a route is registered: from its contract endpoint, guarded by `authorize` with `resolveSession`.
 * Multipart endpoints need `@fastify/multipart` registered on `app` first.
 */
export function createRouter(
  app: FastifyInstance,
  resolveSession: SessionResolver,
  resolveGisKey?: GisKeyResolver,
): Router {
  return (endpoint, handler, options) =>
    registerRoute(app, { sessions: resolveSession, gisKeys: resolveGisKey }, endpoint, handler, options);
}

/** How the router identifies callers: sessions everywhere, GIS keys on the GIS routes. */
interface Resolvers {
  sessions: SessionResolver;
  gisKeys: GisKeyResolver | undefined;
}

/** `authorize`, plus the basic-auth challenge on a refused GIS request (QGIS then asks for the key). */
async function authorizeRequest(
  endpoint: EndpointDefinition,
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionResolver,
  gisKeys: GisKeyResolver | undefined,
): Promise<AuthUser | null> {
  try {
    return await authorize(endpoint.access, request, sessions, gisKeys);
  } catch (error) {
    if (endpoint.access.kind === 'gisKey' && error instanceof AppError && error.statusCode === 401)
      void reply.header('www-authenticate', GIS_AUTHENTICATE_CHALLENGE);
    throw error;
  }
}

const CONSUMES = { form: ['application/x-www-form-urlencoded'], multipart: ['multipart/form-data'] } as const;

/** A binary answer in the OpenAPI document. */
const binary = z.string().meta({ format: 'binary' });

function responseSchemas(endpoint: EndpointDefinition): Record<number, unknown> {
  const response: Record<number, unknown> = {};
  if (isFileResponse(endpoint.response)) {
    const content = Object.fromEntries(endpoint.response.file.map((type) => [type, { schema: binary }]));
    response[200] = { description: 'Arquivo', content };
  } else {
    response[endpoint.successStatus ?? 200] = endpoint.response;
  }
  for (const status of endpoint.errorStatuses ?? []) response[status] = errorResponseSchema;
  return response;
}

function routeSchema(endpoint: EndpointDefinition): FastifySchema {
  return {
    summary: endpoint.summary,
    tags: [...endpoint.tags],
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.encoding && endpoint.encoding !== 'json'
      ? { consumes: [...CONSUMES[endpoint.encoding]] }
      : {}),
    ...(endpoint.access.kind === 'public'
      ? {}
      : { security: endpoint.access.kind === 'gisKey' ? [{ gisKey: [] }] : [{ bearer: [] }] }),
    response: responseSchemas(endpoint),
  };
}

/** A multipart body is documented by its schema but read and checked by the handler, part by part. */
const streamedBodyValidator: FastifySchemaCompiler<FastifySchema> = (route) =>
  route.httpPart === 'body'
    ? (data: unknown) => ({ value: data })
    : validatorCompiler({ ...route, schema: route.schema as z.ZodType });

/** `attachment; filename="…"`, plus the UTF-8 `filename*` when the name is not plain ASCII. */
function attachment(name: string): string {
  const asciiName = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (asciiName === name) return `attachment; filename="${name}"`;
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

async function sendFile(request: FastifyRequest, reply: FastifyReply, file: FileAnswer): Promise<unknown> {
  if (file.cacheControl) void reply.header('cache-control', file.cacheControl);
  if (file.etag) {
    void reply.header('etag', file.etag);
    if (etagMatches(request.headers['if-none-match'], file.etag)) {
      if ('destroy' in file.body) file.body.destroy();
      return reply.code(304).send();
    }
  }
  if (file.size !== undefined && file.size !== null) void reply.header('content-length', file.size);
  if (file.contentEncoding) void reply.header('content-encoding', file.contentEncoding);
  if (file.downloadName !== undefined) {
    void reply.header('content-disposition', attachment(file.downloadName));
  }
  return reply.type(file.contentType).send(file.body);
}

async function sendJsonText(request: FastifyRequest, reply: FastifyReply, result: JsonText<unknown>) {
  // A JSON string or buffer is sent as is: Fastify skips the serializer for both.
  void reply.type('application/json; charset=utf-8');
  if (result.etag) {
    void reply.header('etag', result.etag).header('cache-control', 'private, no-cache');
    void reply.header('vary', result.compressed ? 'Authorization, Accept-Encoding' : 'Authorization');
    if (etagMatches(request.headers['if-none-match'], result.etag)) return reply.code(304).send();
  }
  const coding = result.compressed ? preferredCoding(request.headers['accept-encoding']) : null;
  if (coding && result.compressed) {
    // Set before the compression hook runs, so it leaves the body alone.
    const encoded = await result.compressed.encoded(coding);
    void reply.header('content-encoding', coding);
    return encoded;
  }
  return result.body;
}

/** Registers one contract endpoint: zod validates input and output, and `authorize` guards it. */
function registerRoute<E extends EndpointDefinition>(
  app: FastifyInstance,
  resolvers: Resolvers,
  endpoint: E,
  handler: (context: HandlerContext<E>) => Promise<HandlerResult<E>>,
  options: RouteOptions = {},
): void {
  const sessions = options.resolveSession ?? resolvers.sessions;
  const multipart = endpoint.encoding === 'multipart';
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpointUrl(endpoint),
    schema: routeSchema(endpoint),
    ...(multipart ? { validatorCompiler: streamedBodyValidator } : {}),
    handler: async (request, reply) => {
      const user = await authorizeRequest(endpoint, request, reply, sessions, resolvers.gisKeys);
      const result: unknown = await handler({
        params: request.params as EndpointParams<E>,
        query: request.query as EndpointQuery<E>,
        body: (multipart ? undefined : request.body) as HandlerContext<E>['body'],
        user: user as UserFor<E>,
        request,
        reply,
      });
      if (result instanceof SentRaw) return reply;
      if (isFileResponse(endpoint.response)) return sendFile(request, reply, result as FileAnswer);
      if (endpoint.successStatus) void reply.code(endpoint.successStatus);
      if (result instanceof JsonText) return sendJsonText(request, reply, result);
      return result;
    },
  });
}
