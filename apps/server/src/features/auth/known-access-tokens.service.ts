import type { AuthRepo } from './auth.repo';
import { hashToken } from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Sign-in links whose secret the caller already knows (the demo's README link), as opposed to the random ones an
 * ADMIN creates: issued once, given a fresh lifetime on each start, never renewed once revoked.
 */
export function createKnownAccessTokens(repo: AuthRepo) {
  return {
    async issue(input: {
      userId: number;
      secret: string;
      description: string;
      validDays: number;
    }): Promise<void> {
      await repo.createAccessToken({
        userId: input.userId,
        tokenHash: hashToken(input.secret),
        description: input.description,
        expiresAt: new Date(Date.now() + input.validDays * DAY_MS),
      });
    },

    async renew(secret: string, validDays: number): Promise<void> {
      await repo.extendAccessToken(hashToken(secret), new Date(Date.now() + validDays * DAY_MS));
    },
  };
}

export type KnownAccessTokens = ReturnType<typeof createKnownAccessTokens>;
