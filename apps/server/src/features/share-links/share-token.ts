import { randomBytes } from 'node:crypto';
import { hashToken } from '../auth';

/** A link's secret: 32 base64url characters (192 random bits). Anything else is refused without a lookup. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

/** A new link secret and the hash that is stored; the secret itself is never stored. */
export function newShareToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const looksLikeShareToken = (text: string): boolean => TOKEN_SHAPE.test(text);

/** The web address of the shared view. */
export const sharedViewPath = (token: string): string => `/compartilhado/${token}`;
