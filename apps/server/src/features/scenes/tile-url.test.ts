import { describe, expect, it } from 'vitest';
import { parseTilePath, parseTileQuery } from './tile-url';

describe('parseTilePath', () => {
  it('reads space, date, z, x, y and format', () => {
    expect(parseTilePath('/tiles/jardim-das-palmeiras/2026-01-15/19/188000/290000.png?v=1.ab')).toEqual({
      space: 'jardim-das-palmeiras',
      date: '2026-01-15',
      z: 19,
      x: 188000,
      y: 290000,
      format: 'png',
    });
    expect(parseTilePath('/tiles/a/2026-01-15/0/0/0.webp')?.format).toBe('webp');
    expect(parseTilePath('/tiles/s%C3%A3o/2026-01-15/1/0/0.png')?.space).toBe('são');
  });

  it('leaves every other URL to the router', () => {
    for (const url of [
      '/api/v1/scenes',
      '/tiles/a/b/preview.png',
      '/tiles/a/b/1/2/3.jpg',
      '/tiles/a/b/1/2/3',
      '/tiles/a/b/1/2/.png',
      '/tiles/a/b/-1/2/3.png',
      '/tiles/a/b/0x1/2/3.png',
      '/tiles/a/b/1/2/3/4.png',
      '/tiles/%E0/b/1/2/3.png',
    ]) {
      expect(parseTilePath(url), url).toBeNull();
    }
  });

  it('reads no tile from an impossible date, a NUL in the space or a tile outside its zoom', () => {
    for (const url of [
      '/tiles/a/01062025/17/1/1.png',
      '/tiles/a/2025-02-30/17/1/1.png',
      '/tiles/a/2025-13-01/17/1/1.png',
      '/tiles/a/0000-00-00/17/1/1.png',
      '/tiles/a%00b/2025-01-15/17/1/1.png',
      '/tiles/a/2025-01-15/31/1/1.png',
      '/tiles/a/2025-01-15/2/4/1.png',
      '/tiles/a/2025-01-15/17/99999999999999999999/1.png',
    ]) {
      expect(parseTilePath(url), url).toBeNull();
    }
  });
});

describe('parseTileQuery', () => {
  it('reads v and api_token, decoded', () => {
    expect(parseTileQuery('/tiles/a/b/1/2/3.png?x=1&v=3.ab&api_token=t%2Bk')).toEqual({
      version: '3.ab',
      apiToken: 't+k',
      expires: undefined,
      signature: undefined,
    });
    expect(parseTileQuery('/tiles/a/b/1/2/3.png')).toEqual({
      version: undefined,
      apiToken: undefined,
      expires: undefined,
      signature: undefined,
    });
  });

  it('reads the signed URL’s exp and sig, and no key of Object’s prototype', () => {
    expect(parseTileQuery('/t?v=1&exp=1790000000&sig=abc_-&constructor=1&__proto__=2')).toEqual({
      version: '1',
      apiToken: undefined,
      expires: '1790000000',
      signature: 'abc_-',
    });
  });

  it('treats a repeated key as absent, as the routed query does', () => {
    expect(parseTileQuery('/t?api_token=a&api_token=b&v=1').apiToken).toBeUndefined();
  });
});
