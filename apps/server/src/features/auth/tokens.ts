import { createHash, randomBytes } from 'node:crypto';

/** A random opaque token for the client and the hash we store; the raw token is never persisted. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
