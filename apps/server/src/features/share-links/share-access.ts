import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../server-secret';

/** How long the tile signature of one opening lives: a working day with the page open. */
const ACCESS_SECONDS = 12 * 60 * 60;
const SIGNATURE_LENGTH = 32;

export interface ShareAccess {
  /** Unix seconds after which the signature is refused. */
  expires: number;
  signature: string;
}

export interface ShareAccessSigner {
  /** The tile signature of link `linkId`, for an opening at `nowMs`, living no longer than the link. */
  sign(linkId: number, linkExpiresAt: Date, nowMs?: number): ShareAccess;
  verify(linkId: number, expires: number, signature: string, nowMs?: number): boolean;
}

/**
 * The signature a shared view's tile URLs carry: proof that this link was opened (with its password, when it has
 * one) a short while ago. The tile route still looks the link up on every request, so a revocation or an expiry
 * ends its tiles at once. The key is the server's secret's, for this purpose only.
 */
export function createShareAccessSigner(secret: Buffer): ShareAccessSigner {
  const key = deriveKey(secret, 'share-link-tiles');
  const mac = (linkId: number, expires: number) =>
    createHmac('sha256', key).update(`${linkId}\n${expires}`).digest('base64url').slice(0, SIGNATURE_LENGTH);
  return {
    sign(linkId, linkExpiresAt, nowMs = Date.now()) {
      const expires = Math.min(
        Math.floor(nowMs / 1000) + ACCESS_SECONDS,
        Math.floor(linkExpiresAt.getTime() / 1000),
      );
      return { expires, signature: mac(linkId, expires) };
    },
    verify(linkId, expires, signature, nowMs = Date.now()) {
      if (!Number.isSafeInteger(expires) || expires * 1000 <= nowMs) return false;
      if (expires * 1000 - nowMs > ACCESS_SECONDS * 1000) return false;
      const expected = Buffer.from(mac(linkId, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
