import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signed tile URLs change twice a day; each stays valid 12 to 24 hours, so a CDN sees one URL per half-day. */
const WINDOW_SECONDS = 12 * 60 * 60;
const SIGNATURE_LENGTH = 32;

export interface TileSignature {
  /** Unix seconds after which the signature is refused. */
  expires: number;
  signature: string;
}

export interface TileSigner {
  /** The signature of a published scene's tiles, for the half-day window of `nowMs`. */
  sign(space: string, date: string, nowMs?: number): TileSignature;
  /** True when `signature` was made for this scene and `expires` is still ahead. */
  verify(space: string, date: string, expires: number, signature: string, nowMs?: number): boolean;
}

/**
 * Published tiles behind a CDN: a URL signed for one scene (its project's space and its date) and an expiry,
 * carrying no session, so the CDN may cache it for everybody and `api_token` never enters the cache key. The
 * key is derived from `INTEGRATION_KEY`, which every API process already shares.
 */
export function createTileSigner(secret: Buffer): TileSigner {
  const key = createHmac('sha256', secret).update('mirante-tiles-publicos').digest();
  const mac = (space: string, date: string, expires: number) =>
    createHmac('sha256', key)
      .update(`${space}\n${date}\n${expires}`)
      .digest('base64url')
      .slice(0, SIGNATURE_LENGTH);
  return {
    sign(space, date, nowMs = Date.now()) {
      const expires = (Math.floor(nowMs / 1000 / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
      return { expires, signature: mac(space, date, expires) };
    },
    verify(space, date, expires, signature, nowMs = Date.now()) {
      if (!Number.isSafeInteger(expires) || expires * 1000 <= nowMs) return false;
      if (expires * 1000 - nowMs > 2 * WINDOW_SECONDS * 1000) return false;
      const expected = Buffer.from(mac(space, date, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
