import { describe, expect, it } from 'vitest';
import type { StyleSpecification } from 'maplibre-gl';
import type { Corners } from '@mirante/shared';
import { FILL_LAYER, LAYERS_SOURCE } from '../../map/style/layerStyles';
import { withOverlays } from './overlayStyle';

const corners: Corners = [
  [-51.95, -23.41],
  [-51.94, -23.405],
  [-51.935, -23.415],
  [-51.945, -23.42],
];

const base: StyleSpecification = {
  version: 8,
  sources: {
    scene: { type: 'raster', tiles: ['/tiles/{z}/{x}/{y}.png'], tileSize: 256 },
    [LAYERS_SOURCE]: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
  },
  layers: [
    { id: 'background', type: 'background' },
    { id: 'scene', type: 'raster', source: 'scene' },
    { id: 'drawn-map-streets', type: 'fill', source: LAYERS_SOURCE },
    { id: FILL_LAYER, type: 'fill', source: LAYERS_SOURCE },
    { id: 'lots-outline', type: 'line', source: LAYERS_SOURCE },
  ],
};

describe('withOverlays', () => {
  it('leaves the style as it is without overlays', () => {
    expect(withOverlays(base, [])).toBe(base);
  });

  it('adds each plan as an image source with its four corners, over the imagery and fills, under the outlines', () => {
    const style = withOverlays(base, [
      { id: 7, url: '/plan-7.png', corners, opacity: 40 },
      { id: 9, url: '/plan-9.png', corners, opacity: 100 },
    ]);
    expect(style.sources['overlay-7']).toEqual({ type: 'image', url: '/plan-7.png', coordinates: corners });
    expect(style.layers.map((layer) => layer.id)).toEqual([
      'background',
      'scene',
      'drawn-map-streets',
      FILL_LAYER,
      'overlay-7',
      'overlay-9',
      'lots-outline',
    ]);
  });

  it('turns the 0–100 opacity into raster-opacity', () => {
    const style = withOverlays(base, [{ id: 7, url: '/p.png', corners, opacity: 35 }]);
    const layer = style.layers.find((item) => item.id === 'overlay-7');
    expect(layer?.type === 'raster' && layer.paint?.['raster-opacity']).toBe(0.35);
  });

  it('draws on top when the style has no lot fills', () => {
    const plain: StyleSpecification = { ...base, layers: base.layers.slice(0, 2) };
    const style = withOverlays(plain, [{ id: 'preview', url: '/p.png', corners, opacity: 100 }]);
    expect(style.layers.at(-1)?.id).toBe('overlay-preview');
  });
});
