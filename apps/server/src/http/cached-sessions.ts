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
 * database out of the tile path. The lookup itself is shared: when the entry expires under 64 concurrent
 * tile requests, one query runs and all of them wait for it (before, each sent its own, and the queue on the
 * connection pool became the route's p99). What this process revokes is forgotten at once (`forgetUser`).
 */
export function cachedSessions(resolve: SessionResolver): CachedSessionResolver {
  const cache = new Map<string, { user: Promise<AuthUser | null>; userId: number | null; until: number }>();
  const resolver = (token: string): Promise<AuthUser | null> => {
    const now = Date.now();
    const hit = cache.get(token);
    if (hit && hit.until > now) return hit.user;
    if (cache.size > MAX_ENTRIES) cache.clear();
    const user = resolve(token);
    const entry = { user, userId: null as number | null, until: now + SESSION_TTL_MS };
    cache.set(token, entry);
    user.then(
      (found) => (entry.userId = found?.id ?? null),
      () => cache.get(token) === entry && cache.delete(token),
    );
    return user;
  };
  return Object.assign(resolver, {
    forgetUser(userId: number) {
      // A lookup still running may be of this user: dropped too, the next request asks again.
      for (const [token, entry] of cache)
        if (entry.userId === userId || entry.userId === null) cache.delete(token);
    },
  });
}
