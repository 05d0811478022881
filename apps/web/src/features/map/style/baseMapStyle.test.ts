import { describe, expect, it } from 'vitest';
import type { StyleSpecification } from 'maplibre-gl';
import { baseMapPart, expandSubdomains } from './baseMapStyle';

describe('base map part of the style', () => {
  it('draws a tile server as one raster layer with its credit', () => {
    const part = baseMapPart(
      { kind: 'tiles', url: 'https://t{s}.example.com/{z}/{x}/{y}.png', attribution: '© Exemplo' },
      null,
    );
    expect(part?.layers).toEqual([
      expect.objectContaining({ id: 'base-map', type: 'raster', source: 'base-map' }),
    ]);
    expect(part?.sources['base-map']).toMatchObject({
      type: 'raster',
      tiles: [1, 2, 3, 4].map((n) => `https://t${n}.example.com/{z}/{x}/{y}.png`),
      attribution: '© Exemplo',
    });
    expect(part?.attribution).toBe('© Exemplo');
  });

  it('takes a style without its background, renamed so nothing clashes with the project', () => {
    const style: StyleSpecification = {
      version: 8,
      glyphs: 'https://example.com/fonts/{fontstack}/{range}.pbf',
      sources: { streets: { type: 'vector', url: 'https://example.com/streets.json' } },
      layers: [
        { id: 'background', type: 'background', paint: { 'background-color': '#fff' } },
        { id: 'roads', type: 'line', source: 'streets', 'source-layer': 'road' },
      ],
    };
    const part = baseMapPart(
      { kind: 'style', url: 'https://example.com/style.json', attribution: 'x' },
      style,
    );
    expect(Object.keys(part?.sources ?? {})).toEqual(['base:streets']);
    expect(part?.layers).toEqual([
      { id: 'base:roads', type: 'line', source: 'base:streets', 'source-layer': 'road' },
    ]);
    expect(part?.glyphs).toBe(style.glyphs);
  });

  it('has nothing to draw while a style is not loaded', () => {
    expect(
      baseMapPart({ kind: 'style', url: 'https://example.com/s.json', attribution: '' }, null),
    ).toBeNull();
  });

  it('keeps a URL without {s} as it is', () => {
    expect(expandSubdomains('https://a.example.com/{z}/{x}/{y}.png')).toEqual([
      'https://a.example.com/{z}/{x}/{y}.png',
    ]);
  });
});
