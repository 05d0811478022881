import type { AuthUser } from '../features/auth/auth-user';
import type { SessionResolver } from './authorize';

// Short, because with CLUSTER_WORKERS every process keeps its own cache and only this process hears of a
// logout or inactivation: another process serves a revoked token at most this long.
const SESSION_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

export interface CachedSessionResolver extends SessionResolver {
  /** Drops every cached session of the user (logout, revocation, inactivation in this process). */
  forgetUser(userId: number): void;
}

/**
 * A map asks for dozens of tiles per move; resolving the session once per token for a moment keeps the
 * database out of the tile path. What this process revokes is forgotten at once (`forgetUser`).
 */
export function cachedSessions(resolve: SessionResolver): CachedSessionResolver {
  const cache = new Map<string, { user: AuthUser | null; until: number }>();
  const resolver = async (token: string) => {
    const now = Date.now();
    const hit = cache.get(token);
    if (hit && hit.until > now) return hit.user;
    const user = await resolve(token);
    if (cache.size > MAX_ENTRIES) cache.clear();
    cache.set(token, { user, until: now + SESSION_TTL_MS });
    return user;
  };
  return Object.assign(resolver, {
    forgetUser(userId: number) {
      for (const [token, entry] of cache) if (entry.user?.id === userId) cache.delete(token);
    },
  });
}
