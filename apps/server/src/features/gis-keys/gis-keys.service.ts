import { GIS_KEY_MAX_ACTIVE, GIS_KEY_MESSAGES, type CreatedGisKey, type GisKey } from '@mirante/shared';
import { AppError, notFound } from '../../http/app-error';
import { hashToken, type AuthService, type AuthUser } from '../auth';
import { looksLikeGisKey, newGisKey } from './gis-key-secret';
import type { GisKeyRow, GisKeysRepo } from './gis-keys.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

function view(row: GisKeyRow): GisKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.keyPrefix,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * A user's GIS keys and their resolution. A key is looked up in the database on every request (no cache), so a
 * revocation, an expiry, an inactivation or a module taken away holds in every process from the next request.
 */
export function createGisKeysService(repo: GisKeysRepo, auth: Pick<AuthService, 'credentialHolder'>) {
  return {
    async list(user: AuthUser): Promise<GisKey[]> {
      return (await repo.listOf(user.id)).map(view);
    },

    async create(user: AuthUser, input: { name: string; expires_in_days: number }): Promise<CreatedGisKey> {
      if ((await repo.countLive(user.id)) >= GIS_KEY_MAX_ACTIVE) {
        throw new AppError(
          422,
          'GIS_KEY_LIMIT',
          `Você já tem ${GIS_KEY_MAX_ACTIVE} chaves ativas: revogue uma antes de criar outra.`,
        );
      }
      const { key, hash, shown } = newGisKey();
      const row = await repo.insert({
        userId: user.id,
        name: input.name,
        keyHash: hash,
        keyPrefix: shown,
        expiresAt: new Date(Date.now() + input.expires_in_days * DAY_MS),
      });
      return { ...view(row), key };
    },

    async revoke(user: AuthUser, id: number): Promise<GisKey> {
      const row = await repo.revoke(user.id, id);
      if (!row) throw notFound(GIS_KEY_MESSAGES.notFound, 'GIS_KEY_NOT_FOUND');
      return view(row);
    },

    /** The owner of a live key as he is now (null: unknown, revoked or expired key); its use is recorded. */
    async resolve(key: string): Promise<AuthUser | null> {
      if (!looksLikeGisKey(key)) return null;
      const found = await repo.findLive(hashToken(key));
      if (!found) return null;
      const holder = await auth.credentialHolder(found.userId, `gis-key:${found.id}`);
      if (holder?.active && (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > 60_000))
        await repo.touch(found.id);
      return holder;
    },
  };
}

export type GisKeysService = ReturnType<typeof createGisKeysService>;
