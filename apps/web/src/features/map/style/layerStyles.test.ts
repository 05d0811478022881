import { baseMapPart } from './baseMapStyle';
import { describe, expect, it } from 'vitest';
import type { Layer, Scene } from '@mirante/shared';
import {
  buildMapStyle,
  DRAWN_MAP,
  FILL_LAYER,
  layerTilesUrl,
  lotFillColor,
  TILES_SOURCE_LAYER,
  lotFillOpacity,
  toFeatureCollection,
  vectorLayers,
} from './layerStyles';

const lot = (id: number, status: Layer['detectAllotment']): Layer => ({
  id,
  project_id: 1,
  type: 'LOT',
  name: `Lote ${id}`,
  block: 'Q01',
  stage: null,
  customer_code: 'X',
  tag_value: String(id),
  area: 300,
  perimeter: 70,
  start_visible: true,
  geo_json: {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    ],
  },
  detectAllotment: status,
});

const scene = {
  tileUrl: '/tiles/jp/2026-01-01/{z}/{x}/{y}.png?v=3',
  status: 'ready',
  bounds: [
    [-52, -24],
    [-51, -23],
  ],
  minZoom: 12,
  maxZoom: 20,
} as Scene;

describe('layer styles', () => {
  it('colours lots by their latest detection and leaves unclassified lots grey', () => {
    const data = toFeatureCollection([
      lot(1, { detect_type: 'C', date: '2026-01-01', precision: 0.9 }),
      lot(2, null),
    ]);
    expect(data.features.map((f) => [f.id, f.properties.status])).toEqual([
      [1, 'C'],
      [2, ''],
    ]);
    const color = lotFillColor();
    expect(color.slice(0, 2)).toEqual(['match', ['get', 'status']]);
    expect(color).toContain('#f2c230'); // C yellow
    expect(color[color.length - 1]).toBe('#9aa3ad');
  });

  it('uses fill opacity 0.7, and 0.8 on hover (feature-state)', () => {
    expect(lotFillOpacity()).toEqual(['case', ['boolean', ['feature-state', 'hover'], false], 0.8, 0.7]);
  });

  it('filters every vector layer by the checked layer types', () => {
    const layers = vectorLayers(['LOT', 'BLOCK'], 'mapa');
    const lots = layers.find((l) => l.id === 'fills');
    expect(JSON.stringify(lots && 'filter' in lots ? lots.filter : null)).toContain(
      '["literal",["LOT","BLOCK"]]',
    );
  });

  it('fills areas and lots in one layer, lots sorted above the areas, and not LIMIT', () => {
    const layers = vectorLayers(['LOT', 'BLOCK', 'LIMIT'], 'mapa');
    const fills = layers.filter((l) => l.type === 'fill');
    expect(fills.map((l) => l.id)).toEqual(['fills']);
    const fill = fills[0];
    const isLot = ['==', ['get', 'type'], 'LOT'];
    expect(fill && 'layout' in fill ? fill.layout : null).toEqual({ 'fill-sort-key': ['case', isLot, 1, 0] });
    const paint = fill && 'paint' in fill ? (fill.paint as Record<string, unknown>) : {};
    expect(paint['fill-color']).toEqual(['case', isLot, lotFillColor(), expect.anything()]);
    expect(paint['fill-opacity']).toEqual(['case', isLot, lotFillOpacity(), expect.anything()]);
    expect(JSON.stringify(fill && 'filter' in fill ? fill.filter : null)).toContain(
      '["!=",["get","type"],"LIMIT"]',
    );
  });

  it('cuts the layer tiles with a 4 px buffer', () => {
    const style = buildMapStyle({
      mapType: 'mapa',
      data: toFeatureCollection([]),
      visibleTypes: ['LOT'],
      scene: null,
      apiToken: 't',
      origin: 'http://h',
    });
    expect(style.sources['mirante-layers']).toMatchObject({ type: 'geojson', buffer: 4, maxzoom: 17 });
  });

  it('outlines lots and blocks picked in the label edit mode (feature-state picked)', () => {
    const picked = vectorLayers(['LOT'], 'satelite').find((l) => l.id === 'edit-picked');
    expect(picked?.type).toBe('line');
    expect(JSON.stringify(picked && 'paint' in picked ? picked.paint : null)).toContain('"picked"');
    expect(JSON.stringify(picked && 'filter' in picked ? picked.filter : null)).toContain('"BLOCK"');
  });

  it("adds the scene raster with the api token under 'Satélite' and 'Mapa', never under 'S/ imagem'", () => {
    const base = {
      data: toFeatureCollection([]),
      visibleTypes: ['LOT' as const],
      scene,
      apiToken: 't k',
      origin: 'http://h',
    };
    const satellite = buildMapStyle({ ...base, mapType: 'satelite' });
    expect(satellite.layers.map((l) => l.id).slice(0, 2)).toEqual(['background', 'scene']);
    expect(satellite.sources['mirante-scene']).toMatchObject({
      tiles: ['http://h/tiles/jp/2026-01-01/{z}/{x}/{y}.webp?v=3&api_token=t%20k'],
      bounds: [-52, -24, -51, -23],
      maxzoom: 20,
    });
    const map = buildMapStyle({ ...base, mapType: 'mapa' });
    // Over the drawn street map (seen around the scene), beneath the lots, which are styled as over imagery.
    expect(map.layers.map((l) => l.id).slice(0, 3)).toEqual(['background', 'drawn-map-streets', 'scene']);
    expect(map.sources['mirante-scene']).toEqual(satellite.sources['mirante-scene']);
    const blocks = map.layers.find((l) => l.id === 'lots-outline');
    expect(blocks && 'paint' in blocks ? blocks.paint : null).toMatchObject({
      'line-color': 'rgba(255,255,255,0.85)',
    });
    expect(buildMapStyle({ ...base, mapType: 'sem-imagem' }).layers.map((l) => l.id)).not.toContain('scene');
    expect(
      buildMapStyle({ ...base, mapType: 'mapa', scene: { ...scene, status: 'processing' } }).sources[
        'mirante-scene'
      ],
    ).toBeUndefined();
  });

  describe('base maps', () => {
    const input = {
      data: toFeatureCollection([]),
      visibleTypes: ['LOT' as const, 'BLOCK' as const, 'LIMIT' as const],
      scene,
      apiToken: 't',
      origin: 'http://h',
    };
    const street = baseMapPart(
      { kind: 'tiles', url: 'https://tiles.example.com/{z}/{x}/{y}.png', attribution: '© Ruas' },
      null,
    );
    const paintOf = (style: ReturnType<typeof buildMapStyle>, id: string) =>
      JSON.stringify(style.layers.find((layer) => layer.id === id));

    it("without one nor a scene, 'Mapa' draws the project as a street map and differs from 'S/ imagem'", () => {
      const map = buildMapStyle({ ...input, scene: null, mapType: 'mapa' });
      const plain = buildMapStyle({ ...input, mapType: 'sem-imagem' });
      expect(map.layers.map((l) => l.id).slice(0, 2)).toEqual(['background', 'drawn-map-streets']);
      expect(paintOf(map, 'background')).toContain(DRAWN_MAP.land);
      expect(paintOf(map, 'drawn-map-streets')).toContain(DRAWN_MAP.street);
      expect(paintOf(map, FILL_LAYER)).toContain(DRAWN_MAP.block);
      expect(plain.layers.map((l) => l.id)).not.toContain('drawn-map-streets');
      expect(paintOf(plain, 'background')).not.toContain(DRAWN_MAP.land);
    });

    it("'Mapa' with a street base map draws it beneath the project, blocks only outlined", () => {
      const map = buildMapStyle({ ...input, mapType: 'mapa', base: street });
      expect(map.layers.map((l) => l.id).slice(0, 2)).toEqual(['background', 'base-map']);
      expect(map.layers.map((l) => l.id)).not.toContain('drawn-map-streets');
      expect(map.sources['base-map']).toMatchObject({ type: 'raster', attribution: '© Ruas' });
      expect(paintOf(map, FILL_LAYER)).not.toContain(DRAWN_MAP.block);
    });

    it("'Satélite' puts the satellite base map beneath the scene; 'S/ imagem' never shows one", () => {
      const satellite = buildMapStyle({ ...input, mapType: 'satelite', base: street });
      expect(satellite.layers.map((l) => l.id).slice(0, 3)).toEqual(['background', 'base-map', 'scene']);
      const plain = buildMapStyle({ ...input, mapType: 'sem-imagem', base: street });
      expect(plain.sources['base-map']).toBeUndefined();
    });
  });

  describe("drawn from the server's vector tiles", () => {
    const tiles = {
      tiles: layerTilesUrl({ origin: 'http://h', projectId: 7, apiToken: 't k', date: null, version: '3.0' }),
    };
    const input = {
      mapType: 'mapa' as const,
      data: tiles,
      visibleTypes: ['LOT' as const],
      scene: null,
      apiToken: 't',
      origin: 'http://h',
    };

    it('asks for the tiles with the token, the list version and, over a dated image, its date', () => {
      expect(tiles.tiles).toBe('http://h/api/v1/project/7/layer-tiles/{z}/{x}/{y}?api_token=t+k&v=3.0');
      expect(
        layerTilesUrl({
          origin: 'http://h',
          projectId: 7,
          apiToken: 't',
          date: '2026-01-05T00:00:00',
          version: '1.2',
        }),
      ).toBe('http://h/api/v1/project/7/layer-tiles/{z}/{x}/{y}?api_token=t&v=1.2&date=2026-01-05');
    });

    it('makes the layers one vector source up to z17, every one of our layers reading its source layer', () => {
      const style = buildMapStyle(input);
      expect(style.sources['mirante-layers']).toEqual({ type: 'vector', tiles: [tiles.tiles], maxzoom: 17 });
      const ours = style.layers.filter((layer) => 'source' in layer && layer.source === 'mirante-layers');
      expect(ours.map((layer) => layer.id)).toEqual(
        expect.arrayContaining([
          FILL_LAYER,
          'lots-outline',
          'lots-selected',
          'edit-picked',
          'drawn-map-streets',
        ]),
      );
      for (const layer of ours) expect(layer).toMatchObject({ 'source-layer': TILES_SOURCE_LAYER });
      // The same colours and filters as from GeoJSON.
      const fromGeojson = buildMapStyle({ ...input, data: toFeatureCollection([]) });
      const fill = (style: ReturnType<typeof buildMapStyle>) =>
        style.layers.find((layer) => layer.id === FILL_LAYER);
      expect({ ...fill(style), 'source-layer': undefined }).toEqual({
        ...fill(fromGeojson),
        'source-layer': undefined,
      });
    });

    it("with 'A revisar' only, draws of the lots only those whose AI confidence is under the threshold", () => {
      const style = buildMapStyle({ ...input, reviewOnly: true });
      const fill = style.layers.find((layer) => layer.id === FILL_LAYER);
      const filter = JSON.stringify(fill && 'filter' in fill ? fill.filter : null);
      expect(filter).toContain('["has","precision"]');
      expect(filter).toContain('["<",["get","precision"],0.75]');
      expect(style.layers.find((layer) => layer.id === 'background')).not.toHaveProperty('filter');
    });
  });
});
