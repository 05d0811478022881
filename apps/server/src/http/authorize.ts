import { GIS_KEY_MESSAGES, hasModule, type EndpointAccess } from '@mirante/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../features/auth/auth-user';
import { AppError, forbidden, inactiveUserError, unauthorized } from './app-error';
import { gisKeyFromRequest } from './gis-key-credential';

export type SessionResolver = (token: string) => Promise<AuthUser | null>;

/** Resolves a GIS key to its owner (null when unknown, expired or revoked). */
export type GisKeyResolver = (key: string) => Promise<AuthUser | null>;

/** The active owner of the request's GIS key, or the 401/403 that refuses it. */
async function authenticateGisKey(request: FastifyRequest, resolveGisKey: GisKeyResolver): Promise<AuthUser> {
  const key = gisKeyFromRequest(request);
  if (!key) throw new AppError(401, 'GIS_KEY_REQUIRED', GIS_KEY_MESSAGES.keyRequired);
  const user = await resolveGisKey(key);
  if (!user) throw new AppError(401, 'GIS_KEY_INVALID', GIS_KEY_MESSAGES.keyInvalid);
  if (!user.active) throw inactiveUserError();
  return user;
}

/** The session token: `Authorization: Bearer …`, else `api_token` from the query (for download links). */
export function sessionToken(authorization: string | undefined, apiToken: unknown): string | null {
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim() || null;
  return typeof apiToken === 'string' && apiToken.length > 0 ? apiToken : null;
}

/** The request's session token; `?api_token=` counts only where the endpoint allows it (`allowQueryToken`). */
export function tokenFromRequest(request: FastifyRequest, allowQueryToken: boolean): string | null {
  if (!allowQueryToken) return sessionToken(request.headers.authorization, undefined);
  // The raw query: a route's zod query schema may have stripped `api_token` from `request.query`.
  const apiToken = new URL(request.url, 'http://x').searchParams.getAll('api_token');
  return sessionToken(request.headers.authorization, apiToken.length === 1 ? apiToken[0] : undefined);
}

/** The signed-in, active user of a token, or the 401/403 that refuses it. */
export async function authenticate(token: string | null, resolveSession: SessionResolver): Promise<AuthUser> {
  if (!token) throw unauthorized('Sessão não informada. Entre novamente.');
  const user = await resolveSession(token);
  if (!user) throw unauthorized();
  if (!user.active) throw inactiveUserError();
  return user;
}

/**
 * The one place that decides whether a request may reach a handler: a live session, an active user, the
 * endpoint's roles and, for fixed module codes, the user's modules. Project-scoped checks (customer,
 * project membership, module by project type) live in the projects feature's access service. The GIS routes
 * take a GIS key instead of a session (and only they do: a key is no session token anywhere else).
 */
export async function authorize(
  access: EndpointAccess,
  request: FastifyRequest,
  resolveSession: SessionResolver,
  resolveGisKey?: GisKeyResolver,
): Promise<AuthUser | null> {
  if (access.kind === 'public') return null;
  if (access.kind === 'gisKey') {
    if (!resolveGisKey) throw unauthorized(GIS_KEY_MESSAGES.keyInvalid);
    return authenticateGisKey(request, resolveGisKey);
  }
  const user = await authenticate(tokenFromRequest(request, access.allowQueryToken === true), resolveSession);
  if (access.roles && !access.roles.includes(user.role)) throw forbidden();
  const module = access.module;
  if (typeof module === 'string' && !hasModule(user, module)) {
    throw forbidden('Módulo não disponível para o seu usuário.', 'MODULE_NOT_AVAILABLE');
  }
  return user;
}
