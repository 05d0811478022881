import type { EndpointAccess } from '@mirante/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../features/auth/auth-user';
import { forbidden, inactiveUserError, unauthorized } from './app-error';

export type SessionResolver = (token: string) => Promise<AuthUser | null>;

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
 * project membership, module by project type) live in the projects feature's access service.
 */
export async function authorize(
  access: EndpointAccess,
  request: FastifyRequest,
  resolveSession: SessionResolver,
): Promise<AuthUser | null> {
  if (access.kind === 'public') return null;
  const user = await authenticate(tokenFromRequest(request, access.allowQueryToken === true), resolveSession);
  if (access.roles && !access.roles.includes(user.role)) throw forbidden();
  const module = access.module;
  if (typeof module === 'string' && user.role !== 'ADMIN' && !user.modules.includes(module)) {
    throw forbidden('Módulo não disponível para o seu usuário.', 'MODULE_NOT_AVAILABLE');
  }
  return user;
}
