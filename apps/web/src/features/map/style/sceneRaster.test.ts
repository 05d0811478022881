import { describe, expect, it } from 'vitest';
import { sceneRasterLayer, sceneRasterSource, sceneTileUrl } from './sceneRaster';

describe('sceneTileUrl', () => {
  it('keeps the session token out of a signed URL (a published scene’s, cacheable by a CDN)', () => {
    expect(sceneTileUrl({ tileUrl: '/tiles/a/{z}/{x}/{y}.png?v=1&exp=9&sig=s' }, 'abc', 'http://h')).toBe(
      'http://h/tiles/a/{z}/{x}/{y}.webp?v=1&exp=9&sig=s',
    );
  });

  it('appends api_token with ? when the tile URL has no query', () => {
    expect(sceneTileUrl({ tileUrl: '/tiles/a/{z}/{x}/{y}.png' }, 'abc', '')).toBe(
      '/tiles/a/{z}/{x}/{y}.webp?api_token=abc',
    );
  });
});

describe('sceneRasterSource', () => {
  const tiled = {
    tileUrl: '/api/scenes/7/tiles/{z}/{x}/{y}.png?v=3',
    bounds: [
      [-47.1, -22.9],
      [-47.0, -22.8],
    ] as [[number, number], [number, number]],
    minZoom: 12,
    maxZoom: 20,
  };

  it('limits the source to the scene’s bounds and both ends of its zoom range', () => {
    expect(sceneRasterSource(tiled, 'tok', 'http://h')).toEqual({
      type: 'raster',
      tiles: ['http://h/api/scenes/7/tiles/{z}/{x}/{y}.webp?v=3&api_token=tok'],
      tileSize: 256,
      bounds: [-47.1, -22.9, -47.0, -22.8],
      minzoom: 12,
      maxzoom: 20,
    });
  });

  it('leaves out what the scene does not know (MapLibre’s defaults then apply)', () => {
    const source = sceneRasterSource({ ...tiled, bounds: null, minZoom: null, maxZoom: null }, 'tok', '');
    expect(source).toEqual({
      type: 'raster',
      tiles: ['/api/scenes/7/tiles/{z}/{x}/{y}.webp?v=3&api_token=tok'],
      tileSize: 256,
    });
  });
});

describe('sceneRasterLayer', () => {
  it('draws the named source without the per-tile fade', () => {
    expect(sceneRasterLayer('mirante-scene')).toEqual({
      id: 'scene',
      type: 'raster',
      source: 'mirante-scene',
      paint: { 'raster-fade-duration': 0 },
    });
  });
});
