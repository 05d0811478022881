import type { Db } from '../../db/database';
import { createAuthRepo } from './auth.repo';
import { createKnownAccessTokens, type KnownAccessTokens } from './known-access-tokens.service';

/** The auth feature's public entry: what other features may use. */
export type { AuthUser } from './auth-user';
export type { AuthService } from './auth.service';
export type { CredentialThrottle } from './credential-throttle';
export type { KnownAccessTokens } from './known-access-tokens.service';
export { createFirstAdmin, hasAnyUser } from './first-admin';
export { hashPassword, verifyPassword } from './passwords';
export { hashToken } from './tokens';

/** Known-secret sign-in links on `db` (a transaction when the caller seeds in one). */
export function knownAccessTokensFor(db: Db): KnownAccessTokens {
  return createKnownAccessTokens(createAuthRepo(db));
}
