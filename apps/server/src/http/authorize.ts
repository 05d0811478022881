import type { EndpointAccess } from '@mirante/shared';
import { MESSAGES } from '@mirante/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../features/auth/auth-user';
import { AppError, forbidden, unauthorized } from './app-error';

export type SessionResolver = (token: string) => Promise<AuthUser | null>;

/** The session token: `Authorization: Bearer …`, or `api_token` in the query for download links. */
export function tokenFromRequest(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || null;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.api_token;
  return typeof fromQuery === 'string' && fromQuery.length > 0 ? fromQuery : null;
}

export function inactiveUserError(): AppError {
  return new AppError(403, 'USER_INACTIVE', MESSAGES.inactiveUser);
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
  const token = tokenFromRequest(request);
  if (!token) throw unauthorized('Sessão não informada. Entre novamente.');
  const user = await resolveSession(token);
  if (!user) throw unauthorized();
  if (!user.active) throw inactiveUserError();
  if (access.roles && !access.roles.includes(user.role)) throw forbidden();
  const module = access.module;
  if (typeof module === 'string' && user.role !== 'ADMIN' && !user.modules.includes(module)) {
    throw forbidden('Módulo não disponível para o seu usuário.', 'MODULE_NOT_AVAILABLE');
  }
  return user;
}
