import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsCoding, precompressed, preferredCoding } from './precompressed';

describe('preferredCoding', () => {
  it('takes br over gzip, honours q-values and refusals, and gives null when neither is taken', () => {
    expect(preferredCoding('gzip, deflate, br')).toBe('br');
    expect(preferredCoding('gzip')).toBe('gzip');
    expect(preferredCoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(preferredCoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredCoding('*')).toBe('br');
    expect(preferredCoding('identity')).toBeNull();
    expect(preferredCoding(undefined)).toBeNull();
    expect(preferredCoding('*;q=0')).toBeNull();
  });

  it('tells whether one coding is taken', () => {
    expect(acceptsCoding('br', 'gzip')).toBe(false);
    expect(acceptsCoding('gzip;q=0.1', 'gzip')).toBe(true);
    expect(acceptsCoding(['deflate', 'gzip'], 'gzip')).toBe(true);
  });
});

describe('precompressed', () => {
  it('compresses once per coding and gives back the same bytes each time', async () => {
    const body = Buffer.from(JSON.stringify(Array.from({ length: 2000 }, (_, id) => ({ id, type: 'LOT' }))));
    const kept = precompressed(body);
    const br = await kept.encoded('br');
    expect(await kept.encoded('br')).toBe(br);
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    const gzip = await kept.encoded('gzip');
    expect(gunzipSync(gzip).equals(body)).toBe(true);
    expect(br.length).toBeLessThan(body.length / 10);
  });
});
