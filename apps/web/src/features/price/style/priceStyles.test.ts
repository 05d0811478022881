import type { Layer } from '@mirante/shared';
import { pricePerSquareMetre } from '@mirante/shared';
import { describe, expect, it } from 'vitest';
import { HEAT_MAP, PRICE_BANDS, priceBandIndex, priceTag, priceText } from './priceBands';
import {
  ALERT_LAYER,
  bandFillColor,
  buildPriceMapStyle,
  heatPoints,
  HEAT_LAYER,
  priceAnchors,
  selectedBandIndexes,
  toPriceFeatures,
} from './priceStyles';

const square = (x: number): Layer['geo_json'] => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, 0],
      [x + 0.001, 0],
      [x + 0.001, 0.001],
      [x, 0.001],
      [x, 0],
    ],
  ],
});

const lot = (id: number, price?: number): Layer => ({
  id,
  project_id: 1,
  type: 'LOT',
  name: `Lote ${id}`,
  block: 'Q01',
  stage: null,
  customer_code: null,
  tag_value: String(id),
  area: 250,
  perimeter: 64,
  start_visible: true,
  geo_json: square(id),
  detectAllotment: null,
  ...(price === undefined ? {} : { price }),
});

describe('price bands', () => {
  it('six bands with six colours and the heat weights', () => {
    expect(PRICE_BANDS.map((band) => band.weight)).toEqual([0.1, 0.2, 0.3, 0.6, 0.9, 1]);
    expect(new Set(PRICE_BANDS.map((band) => band.color)).size).toBe(6);
    expect(HEAT_MAP).toEqual({ radius: 15, maxZoom: 18 });
  });

  it('places prices on band edges where the spec says', () => {
    expect([0.5, 100, 100.01, 200, 250, 300, 301, 400, 450, 500, 500.5, 9000].map(priceBandIndex)).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]);
  });

  it('price per m² is the sale value over the area', () => {
    expect(pricePerSquareMetre(75_000, 300)).toBe(250);
    expect(pricePerSquareMetre(100_000, 300)).toBe(333.33);
    expect(pricePerSquareMetre(null, 300)).toBeNull();
    expect(pricePerSquareMetre(0, 300)).toBeNull();
    expect(pricePerSquareMetre(1000, 0)).toBeNull();
  });

  it('tags and texts in reais', () => {
    expect(priceTag(245.4)).toBe('R$ 245');
    expect(priceText(1245.375)).toBe('R$ 1.245,38/m²');
  });
});

describe('price map style', () => {
  const layers = [lot(1, 80), lot(2, 250), lot(3, 700), lot(4)];

  it('gives each lot its band, -1 without a price', () => {
    const bands = toPriceFeatures(layers).features.map((feature) => feature.properties.band);
    expect(bands).toEqual([0, 2, 5, -1]);
  });

  it('colours by band and greys what is filtered out', () => {
    const style = buildPriceMapStyle({
      mapType: 'mapa',
      data: toPriceFeatures(layers),
      heat: heatPoints(layers),
      bands: ['ate-100', 'acima-500'],
      heatMap: false,
      scene: null,
      apiToken: 't',
      origin: 'http://x',
    });
    const fill = style.layers.find((layer) => layer.id === 'fills');
    expect(JSON.stringify(fill)).toContain(JSON.stringify(['literal', [0, 5]]));
    expect(bandFillColor()).toEqual([
      'match',
      ['get', 'band'],
      0,
      '#2b83ba',
      1,
      '#64bfa4',
      2,
      '#bfe5a0',
      3,
      '#fed790',
      4,
      '#f88d52',
      5,
      '#d7191c',
      '#b9c0c8',
    ]);
    expect(style.layers.some((layer) => layer.id === HEAT_LAYER)).toBe(false);
  });

  it('adds the heat layer with spec weights and radius when asked', () => {
    const heat = heatPoints(layers);
    expect(heat.features.map((feature) => feature.properties.weight)).toEqual([0.1, 0.3, 1]);
    const style = buildPriceMapStyle({
      mapType: 'mapa',
      data: toPriceFeatures(layers),
      heat,
      bands: PRICE_BANDS.map((band) => band.key),
      heatMap: true,
      scene: null,
      apiToken: 't',
      origin: 'http://x',
    });
    const layer = style.layers.find((candidate) => candidate.id === HEAT_LAYER);
    expect(layer?.type).toBe('heatmap');
    const paint = (layer as { paint: Record<string, unknown> }).paint;
    expect(paint['heatmap-radius']).toBe(15);
    expect(paint['heatmap-weight']).toEqual(['get', 'weight']);
    expect(JSON.stringify(paint['heatmap-intensity'])).toContain('18,1');
  });

  it('outlines the lots with sale alerts when asked', () => {
    const data = toPriceFeatures(layers, new Set([2]));
    expect(data.features.map((feature) => feature.properties.alert)).toEqual([0, 1, 0, 0]);
    const input = {
      mapType: 'mapa' as const,
      data,
      heat: heatPoints(layers),
      bands: [],
      heatMap: false,
      scene: null,
      apiToken: '',
      origin: '',
    };
    expect(buildPriceMapStyle(input).layers.some((layer) => layer.id === ALERT_LAYER)).toBe(false);
    expect(
      buildPriceMapStyle({ ...input, alerts: true }).layers.some((layer) => layer.id === ALERT_LAYER),
    ).toBe(true);
  });

  it('band filter keys and price tags', () => {
    expect(selectedBandIndexes(['401-500', 'nada'])).toEqual([4]);
    expect(priceAnchors(layers).map((anchor) => anchor.text)).toEqual(['R$ 80', 'R$ 250', 'R$ 700']);
  });
});
