import { createHmac, timingSafeEqual } from 'node:crypto';
import { TILE_SIGNATURE_WINDOW_SECONDS } from '@mirante/shared';
import { deriveKey } from '../../server-secret';

const WINDOW_SECONDS = TILE_SIGNATURE_WINDOW_SECONDS;
const SIGNATURE_LENGTH = 32;
/** Signatures already verified, kept for the tile route: a map sends the same one with each of its tiles. */
const MAX_VERIFIED = 10_000;

export interface TileSignature {
  /** Unix seconds after which the signature is refused. */
  expires: number;
  signature: string;
}

export interface TileSigner {
  /** The signature of a published scene's tiles for one session, for the window of `nowMs`. */
  sign(space: string, date: string, sessionId: string, nowMs?: number): TileSignature;
  /** True when `signature` was made for this scene and session and `expires` is still ahead. */
  verify(
    space: string,
    date: string,
    sessionId: string,
    expires: number,
    signature: string,
    nowMs?: number,
  ): boolean;
}

/**
 * Published tiles behind a CDN: a URL signed for one scene (its project's space and its date), one session and
 * an expiry, with no secret in it (the session's id is not its token), so a cache may keep it keyed on the URL.
 * It lives one to two windows (what a map needs between two refreshes of its scene list), and the tile server
 * still checks that its session lives and may see the scene: a logout, an inactivation or a removal from the
 * project ends it at once. The key is the server's secret's, for this purpose only.
 *
 * A signature found valid is remembered (its exact text, so nothing else matches it), and checking it again
 * is one map lookup plus the expiry test instead of an HMAC per tile; refused ones are never remembered.
 */
export function createTileSigner(secret: Buffer): TileSigner {
  const key = deriveKey(secret, 'tile-urls');
  const verified = new Set<string>();
  const mac = (space: string, date: string, sessionId: string, expires: number) =>
    createHmac('sha256', key)
      .update(`${space}\n${date}\n${sessionId}\n${expires}`)
      .digest('base64url')
      .slice(0, SIGNATURE_LENGTH);
  return {
    sign(space, date, sessionId, nowMs = Date.now()) {
      const expires = (Math.floor(nowMs / 1000 / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
      return { expires, signature: mac(space, date, sessionId, expires) };
    },
    verify(space, date, sessionId, expires, signature, nowMs = Date.now()) {
      if (!Number.isSafeInteger(expires) || expires * 1000 <= nowMs) return false;
      if (expires * 1000 - nowMs > 2 * WINDOW_SECONDS * 1000) return false;
      const known = `${signature}\n${expires}\n${sessionId}\n${date}\n${space}`;
      if (verified.has(known)) return true;
      const expected = Buffer.from(mac(space, date, sessionId, expires));
      const given = Buffer.from(signature);
      const valid = given.length === expected.length && timingSafeEqual(given, expected);
      if (valid) {
        if (verified.size >= MAX_VERIFIED) verified.clear();
        verified.add(known);
      }
      return valid;
    },
  };
}
