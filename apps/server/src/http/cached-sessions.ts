import type { AuthUser } from '../features/auth/auth-user';
import type { SessionResolver } from './authorize';

const SESSION_TTL_MS = 10_000;

/**
 * A map asks for dozens of tiles per move; resolving the session once per token for a few seconds keeps
 * the database out of the tile path. (A revoked token keeps reading tiles for at most 10 s.)
 */
export function cachedSessions(resolve: SessionResolver): SessionResolver {
  const cache = new Map<string, { user: AuthUser | null; until: number }>();
  return async (token) => {
    const now = Date.now();
    const hit = cache.get(token);
    if (hit && hit.until > now) return hit.user;
    const user = await resolve(token);
    if (cache.size > 10_000) cache.clear();
    cache.set(token, { user, until: now + SESSION_TTL_MS });
    return user;
  };
}
