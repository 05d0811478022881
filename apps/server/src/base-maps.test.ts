import { describe, expect, it } from 'vitest';
import { baseMapOrigins, baseMapsFromEnv } from './base-maps';

describe('base maps from the environment', () => {
  it('none by default', () => {
    expect(baseMapsFromEnv({})).toEqual({ street: null, satellite: null });
    expect(baseMapOrigins({})).toEqual([]);
  });

  it('a URL with {z}/{x}/{y} is a tile server, any other a style, each with its credit', () => {
    const env = {
      BASEMAP_STREET_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      BASEMAP_STREET_ATTRIBUTION: '© OpenStreetMap',
      BASEMAP_SATELLITE_URL: 'https://maps.example.com/styles/satellite.json',
      BASEMAP_EXTRA_ORIGINS: 'https://tiles.example.com, javascript:alert(1)',
    };
    expect(baseMapsFromEnv(env)).toEqual({
      street: { kind: 'tiles', url: env.BASEMAP_STREET_URL, attribution: '© OpenStreetMap' },
      satellite: { kind: 'style', url: env.BASEMAP_SATELLITE_URL, attribution: '' },
    });
    expect(baseMapOrigins(env)).toEqual([
      'https://tile.openstreetmap.org',
      'https://maps.example.com',
      'https://tiles.example.com',
    ]);
  });

  it('refuses a URL that is not http(s)', () => {
    expect(() => baseMapsFromEnv({ BASEMAP_STREET_URL: 'file:///etc/passwd' })).toThrow(/http/);
    expect(() => baseMapsFromEnv({ BASEMAP_STREET_URL: 'não é url' })).toThrow(/not a URL/);
  });
});
