import { TILE_SIGNATURE_WINDOW_SECONDS } from '@mirante/shared';
import { describe, expect, it } from 'vitest';
import { createTileSigner } from './tile-signature';

const signer = createTileSigner(Buffer.alloc(32, 3));
const noon = Date.UTC(2026, 10, 26, 12, 0, 0);
const WINDOW_MS = TILE_SIGNATURE_WINDOW_SECONDS * 1000;

describe('tile signatures', () => {
  it('signs one URL per scene, session and window, valid for one to two windows (an hour at most)', () => {
    const first = signer.sign('jardim', '2026-05-04', '41', noon);
    expect(signer.sign('jardim', '2026-05-04', '41', noon + 60_000)).toEqual(first);
    const validMs = first.expires * 1000 - noon;
    expect(validMs).toBeGreaterThanOrEqual(WINDOW_MS);
    expect(validMs).toBeLessThanOrEqual(2 * WINDOW_MS);
    expect(2 * WINDOW_MS).toBeLessThanOrEqual(60 * 60 * 1000);
    expect(signer.verify('jardim', '2026-05-04', '41', first.expires, first.signature, noon)).toBe(true);
  });

  it('refuses another scene, another session, a changed expiry or signature, an expired one and another key', () => {
    const { expires, signature } = signer.sign('jardim', '2026-05-04', '41', noon);
    expect(signer.verify('outro', '2026-05-04', '41', expires, signature, noon)).toBe(false);
    expect(signer.verify('jardim', '2026-05-05', '41', expires, signature, noon)).toBe(false);
    expect(signer.verify('jardim', '2026-05-04', '42', expires, signature, noon)).toBe(false);
    expect(signer.verify('jardim', '2026-05-04', '41', expires + 3600, signature, noon)).toBe(false);
    const tampered = (signature.startsWith('A') ? 'B' : 'A') + signature.slice(1);
    expect(signer.verify('jardim', '2026-05-04', '41', expires, tampered, noon)).toBe(false);
    expect(signer.verify('jardim', '2026-05-04', '41', expires, signature, expires * 1000)).toBe(false);
    const other = createTileSigner(Buffer.alloc(32, 4));
    expect(other.verify('jardim', '2026-05-04', '41', expires, signature, noon)).toBe(false);
  });

  it('refuses an expiry further ahead than any it signs', () => {
    const far = noon / 1000 + 30 * 24 * 3600;
    expect(signer.verify('jardim', '2026-05-04', '41', far, 'x'.repeat(32), noon)).toBe(false);
  });

  it('remembers a valid signature, yet still refuses it once expired and never lets a changed one through', () => {
    const { expires, signature } = signer.sign('jardim', '2026-05-04', '41', noon);
    for (let i = 0; i < 3; i++)
      expect(signer.verify('jardim', '2026-05-04', '41', expires, signature, noon + i)).toBe(true);
    expect(signer.verify('jardim', '2026-05-04', '41', expires, signature, expires * 1000)).toBe(false);
    expect(signer.verify('jardim', '2026-05-04', '42', expires, signature, noon)).toBe(false);
    expect(signer.verify('jardim', '2026-05-0', '41', expires, signature, noon)).toBe(false);
    const tampered = (signature.startsWith('A') ? 'B' : 'A') + signature.slice(1);
    expect(signer.verify('jardim', '2026-05-04', '41', expires, tampered, noon)).toBe(false);
  });
});
