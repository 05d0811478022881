import { describe, expect, it } from 'vitest';
import type { SharedView } from '@mirante/shared';
import { layerBounds, sharedLayersAt, sharedMapStyle } from './sharedStyle';

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [-51.95, -23.42],
      [-51.94, -23.42],
      [-51.94, -23.41],
      [-51.95, -23.42],
    ],
  ],
};
const lot = {
  id: 7,
  project_id: 1,
  type: 'LOT' as const,
  name: 'Lote 07',
  block: 'Q1',
  stage: null,
  customer_code: null,
  tag_value: null,
  area: 360,
  perimeter: 80,
  start_visible: true,
  geo_json: square,
  detectAllotment: null,
};
const view: SharedView = {
  kind: 'compare',
  project: {
    name: 'Jardim',
    bounds: [
      [-52, -24],
      [-51, -23],
    ],
  },
  compare_mode: 'cortina',
  expires_at: '2026-12-31T00:00:00.000Z',
  scenes: [
    {
      isoDate: '2026-06-10',
      dateFormatted: '10/06/2026',
      tileUrl: '/api/v1/shared/abc/tiles/2026-06-10/{z}/{x}/{y}.png?exp=1&sig=xyz',
      bounds: [
        [-52, -24],
        [-51, -23],
      ],
      minZoom: 12,
      maxZoom: 19,
    },
  ],
  layers: [lot],
  statuses: [
    {
      layer_id: 7,
      by_date: [
        { date: '2026-01-10', status: null },
        { date: '2026-06-10', status: 'C' },
      ],
    },
  ],
  lot: null,
  observations: null,
};

describe('sharedLayersAt', () => {
  it('colours each lot by its status at the date, unclassified without one', () => {
    expect(sharedLayersAt(view, '2026-06-10')[0]?.detectAllotment?.detect_type).toBe('C');
    expect(sharedLayersAt(view, '2026-01-10')[0]?.detectAllotment).toBeNull();
  });
});

describe('sharedMapStyle', () => {
  it('draws the date’s scene through the signed share URL (WebP, no session token) under the lots', () => {
    const style = sharedMapStyle(view, '2026-06-10', 'https://mirante.test');
    const source = style.sources['mirante-scene'] as { tiles: string[] };
    expect(source.tiles[0]).toBe(
      'https://mirante.test/api/v1/shared/abc/tiles/2026-06-10/{z}/{x}/{y}.webp?exp=1&sig=xyz',
    );
    expect(style.layers[1]?.id).toBe('scene');
    expect(JSON.stringify(style)).not.toContain('api_token');
  });

  it('draws no scene for a date without one', () => {
    expect(
      sharedMapStyle(view, '2026-01-10', 'https://mirante.test').sources['mirante-scene'],
    ).toBeUndefined();
  });
});

describe('layerBounds', () => {
  it('is the box of the geometry', () => {
    expect(layerBounds(lot)).toEqual([
      [-51.95, -23.42],
      [-51.94, -23.41],
    ]);
  });
});
