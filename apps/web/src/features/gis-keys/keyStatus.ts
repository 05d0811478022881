import type { GisKey } from '@mirante/shared';

export type GisKeyStatus = 'Ativa' | 'Expirada' | 'Revogada';

/** A key is revoked for good, else expired once its expiry has passed (`now`, for tests), else active. */
export function gisKeyStatus(key: Pick<GisKey, 'revoked_at' | 'expires_at'>, now = Date.now()): GisKeyStatus {
  if (key.revoked_at) return 'Revogada';
  return Date.parse(key.expires_at) <= now ? 'Expirada' : 'Ativa';
}
