import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MESSAGES, type ErrorResponse } from '@mirante/shared';
import { AppError, notFound } from '../../http/app-error';
import { authenticate, sessionToken, type SessionResolver } from '../../http/authorize';
import { etagMatches } from '../../http/etag';
import type { SecurityHeaders } from '../../http/security-headers';
import type { AuthUser } from '../auth';
import type { SceneTiles } from './scene-tiles';
import type { TileSigner } from './tile-signature';
import { parseTilePath, parseTileQuery, type TilePath, type TileQuery } from './tile-url';
import { isClientAbort } from '../../http/aborted-requests';

const IMMUTABLE = 'private, max-age=31536000, immutable';
const REVALIDATE = 'private, max-age=300';
/**
 * A cache keeps a signed tile no longer than its signature lives, and at most five minutes: the server refuses
 * a signed URL once its session ended, and a cache keeps answering it no longer than this.
 */
const SIGNED_MAX_SECONDS = 5 * 60;

export interface TileHandler {
  /** Serves the request when it is a GET/HEAD of a tile and returns true; false leaves it to the caller. */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
  /** Serves any request routed to the tile URL pattern (the Fastify route hands over its raw objects). */
  serve(request: IncomingMessage, response: ServerResponse): Promise<void>;
}

/** What identifies a failed tile request in the log (the path only: `api_token` travels in the query). */
export interface FailedTileRequest {
  reqId: string;
  method: string;
  path: string;
}

export type TileErrorLogger = (error: unknown, request: FailedTileRequest) => void;

/**
 * The body every failure has (`error-handler.ts`): `{ statusCode, code, message }`. An unexpected error is
 * logged with a fresh request id, also sent as `X-Request-Id`.
 */
function sendError(
  request: IncomingMessage,
  response: ServerResponse,
  error: unknown,
  logError: TileErrorLogger,
  headers: SecurityHeaders,
): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  // A client that closed its request (a map panning cancels tiles) left nobody to answer: not a server fault.
  if (response.destroyed && isClientAbort(error)) return;
  const known = error instanceof AppError;
  const requestId = randomUUID();
  if (!known || error.statusCode >= 500) {
    const path = (request.url ?? '').split('?')[0] ?? '';
    logError(error, { reqId: requestId, method: request.method ?? '', path });
  }
  const statusCode = known ? error.statusCode : 500;
  const failure: ErrorResponse = {
    statusCode,
    code: known ? error.code : 'INTERNAL',
    message: known ? error.message : MESSAGES.serverError,
  };
  const body = JSON.stringify(failure);
  response.writeHead(statusCode, [
    ...headers.flatOf(request.url ?? ''),
    'x-request-id',
    requestId,
    'content-type',
    'application/json; charset=utf-8',
    'content-length',
    String(Buffer.byteLength(body)),
  ]);
  response.end(body);
}

const refusedSignature = () =>
  new AppError(403, 'TILE_SIGNATURE_INVALID', 'Link de tiles inválido ou expirado. Recarregue o mapa.');

/** Cache-Control of a signed tile: public, kept until its signature expires and five minutes at most. */
function signedCaching(expires: number): string {
  const left = Math.max(0, Math.min(SIGNED_MAX_SECONDS, expires - Math.floor(Date.now() / 1000)));
  return `public, max-age=${left}, s-maxage=${left}`;
}

/**
 * `GET /tiles/{space}/{date}/{z}/{x}/{y}.{png|webp}` on Node's raw request and response: the map's hottest
 * path skips Fastify's routing, hooks and reply objects, with the same checks as every session route
 * (`authenticate`) and the project rules of `SceneTiles`, or, for a published scene, a signed URL (`exp`, `sig`:
 * `tile-signature.ts`) answered `public` with `s-maxage` so that a CDN may keep it. Responses: the tile (200), 304 on a matching
 * `If-None-Match`, or the usual JSON error.
 */
export function createTileHandler(
  tiles: SceneTiles,
  resolveSession: SessionResolver,
  logError: TileErrorLogger,
  signer: TileSigner,
  resolveSessionById: SessionResolver,
  headers: SecurityHeaders,
): TileHandler {
  /**
   * A signed URL's expiry and the user of its session, once the signature is verified and that session still
   * lives with its user active (else 403, as for a bad signature); null when the request has no signature.
   */
  async function signedRequest(
    path: TilePath | null,
    query: TileQuery,
  ): Promise<{ expires: number; user: AuthUser } | null> {
    if (query.signature === undefined && query.expires === undefined && query.session === undefined)
      return null;
    const expires = Number(query.expires);
    const valid =
      path !== null &&
      query.signature !== undefined &&
      query.session !== undefined &&
      /^\d{1,12}$/.test(query.expires ?? '') &&
      signer.verify(path.space, path.date, query.session, expires, query.signature);
    if (!valid || query.session === undefined) throw refusedSignature();
    const user = await resolveSessionById(query.session);
    if (!user?.active) throw refusedSignature();
    return { expires, user };
  }

  async function tileUser(request: IncomingMessage, query: TileQuery): Promise<AuthUser> {
    return authenticate(sessionToken(request.headers.authorization, query.apiToken), resolveSession);
  }

  async function serveTile(
    request: IncomingMessage,
    response: ServerResponse,
    path: TilePath | null,
  ): Promise<void> {
    try {
      const url = request.url ?? '';
      const query = parseTileQuery(url);
      const signed = await signedRequest(path, query);
      const user = signed ? signed.user : await tileUser(request, query);
      if (!path) throw notFound('Tile inexistente.', 'TILE_NOT_FOUND');
      const tile = await tiles.tile(user, { ...path, version: query.version }, signed !== null);
      const caching =
        signed === null
          ? [
              'etag',
              tile.etag,
              'cache-control',
              tile.immutable ? IMMUTABLE : REVALIDATE,
              'vary',
              'Authorization',
            ]
          : ['etag', tile.etag, 'cache-control', signedCaching(signed.expires)];
      if (etagMatches(request.headers['if-none-match'], tile.etag)) {
        tile.release?.();
        response.writeHead(304, [...headers.flatOf(url), ...caching]);
        response.end();
        return;
      }
      response.writeHead(200, [
        ...headers.flatOf(url),
        ...caching,
        'content-type',
        tile.contentType,
        'content-length',
        String(tile.body.length),
      ]);
      // 'finish': the body is in the socket's kernel buffer; a response that never finishes keeps its buffer.
      response.end(tile.body, tile.release);
    } catch (error) {
      sendError(request, response, error, logError, headers);
    }
  }

  return {
    handle(request, response) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const path = parseTilePath(request.url ?? '');
      if (!path) return false;
      void serveTile(request, response, path);
      return true;
    },
    serve(request, response) {
      return serveTile(request, response, parseTilePath(request.url ?? ''));
    },
  };
}
