import type { Layer, Scene } from '@mirante/shared';
import type {
  ExpressionSpecification,
  GeoJSONSourceSpecification,
  LayerSpecification,
  StyleSpecification,
} from 'maplibre-gl';
import { labelAnchors, type LabelAnchor } from '../../map/style/labels';
import {
  FILL_LAYER,
  LAYERS_SOURCE,
  LINE_COLOR,
  lotFillOpacity,
  SCENE_SOURCE,
} from '../../map/style/layerStyles';
import { sceneRasterLayer, sceneRasterSource } from '../../map/style/sceneRaster';
import { HEAT_MAP, PRICE_BANDS, priceBandIndex, priceTag } from './priceBands';

export type PriceMapType = 'mapa' | 'satelite';
export const HEAT_SOURCE = 'price-heat';
export const HEAT_LAYER = 'price-heat';

export interface PriceFeatureProperties {
  id: number;
  type: Layer['type'];
  /** Index in PRICE_BANDS, -1 for a lot without a price (or any other layer). */
  band: number;
  price: number;
  /** 1 when sales read against the imagery flag the lot (★ alerts). */
  alert: number;
}

export interface PriceFeatureCollection {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    id: number;
    geometry: Layer['geo_json'];
    properties: PriceFeatureProperties;
  }[];
}

export interface HeatPointCollection {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    geometry: { type: 'Point'; coordinates: [number, number] };
    properties: { band: number; weight: number };
  }[];
}

/** Layers drawn for context around the lots (the others, e.g. networks, would only clutter the prices). */
const CONTEXT_TYPES = new Set<Layer['type']>(['LOT', 'BLOCK', 'STAGE', 'LIMIT', 'PPA', 'AREA_VERDE']);

/** The layers as the price map's source: lots carry their band and price per m² (`price` of the layer list). */
export function toPriceFeatures(
  layers: readonly Layer[],
  alertLots: ReadonlySet<number> = new Set(),
): PriceFeatureCollection {
  const features: PriceFeatureCollection['features'] = [];
  for (const layer of layers) {
    if (!CONTEXT_TYPES.has(layer.type)) continue;
    const price = layer.type === 'LOT' && layer.price !== undefined && layer.price > 0 ? layer.price : null;
    features.push({
      type: 'Feature',
      id: layer.id,
      geometry: layer.geo_json,
      properties: {
        id: layer.id,
        type: layer.type,
        band: price === null ? -1 : priceBandIndex(price),
        price: price ?? 0,
        alert: alertLots.has(layer.id) ? 1 : 0,
      },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** One weighted point per priced lot (its centroid) for the heat map; weights of the business limits by band. */
export function heatPoints(layers: readonly Layer[]): HeatPointCollection {
  const priced = new Map(
    layers.filter((layer) => layer.type === 'LOT' && (layer.price ?? 0) > 0).map((l) => [l.id, l.price ?? 0]),
  );
  const features: HeatPointCollection['features'] = [];
  for (const anchor of labelAnchors(layers.filter((layer) => priced.has(layer.id)))) {
    const band = priceBandIndex(priced.get(anchor.id) ?? 0);
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [anchor.lng, anchor.lat] },
      properties: { band, weight: PRICE_BANDS[band]?.weight ?? 0 },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** The lots' tags on the price map: their price per m² instead of their number. */
export function priceAnchors(layers: readonly Layer[]): LabelAnchor[] {
  const prices = new Map(layers.map((layer) => [layer.id, layer.price]));
  return labelAnchors(layers.filter((layer) => layer.type !== 'LOT' || (layer.price ?? 0) > 0)).map(
    (anchor) => (anchor.kind === 'lot' ? { ...anchor, text: priceTag(prices.get(anchor.id) ?? 0) } : anchor),
  );
}

/** Band colour of a lot (grey without a price). */
export function bandFillColor(): ExpressionSpecification {
  const pairs = PRICE_BANDS.flatMap((band, index) => [index, band.color]);
  return ['match', ['get', 'band'], ...pairs, '#b9c0c8'] as unknown as ExpressionSpecification;
}

const isLot: ExpressionSpecification = ['==', ['get', 'type'], 'LOT'];

/** Band indexes of the chosen band keys (the 'filter by band' of the analysis pages). */
export const selectedBandIndexes = (keys: readonly string[]): number[] =>
  PRICE_BANDS.map((band, index) => (keys.includes(band.key) ? index : -1)).filter((index) => index >= 0);

/** The heat layer of the business limits: weights by band, radius 15, full intensity at zoom 18. */
export function heatLayer(bands: readonly number[]): LayerSpecification {
  return {
    id: HEAT_LAYER,
    type: 'heatmap',
    source: HEAT_SOURCE,
    filter: ['in', ['get', 'band'], ['literal', [...bands]]],
    paint: {
      'heatmap-weight': ['get', 'weight'],
      'heatmap-radius': HEAT_MAP.radius,
      'heatmap-intensity': ['interpolate', ['linear'], ['zoom'], 10, 0.3, HEAT_MAP.maxZoom, 1],
      'heatmap-opacity': 0.8,
      'heatmap-color': [
        'interpolate',
        ['linear'],
        ['heatmap-density'],
        0,
        'rgba(0,0,255,0)',
        0.2,
        'royalblue',
        0.4,
        'cyan',
        0.6,
        'lime',
        0.8,
        'yellow',
        1,
        'red',
      ],
    },
  };
}

export const ALERT_LAYER = 'sale-alerts';

/** The ★ alerts layer: a thick dashed red outline around each flagged lot. */
export function alertLayer(): LayerSpecification {
  return {
    id: ALERT_LAYER,
    type: 'line',
    source: LAYERS_SOURCE,
    filter: ['all', isLot, ['==', ['get', 'alert'], 1]],
    paint: { 'line-color': '#e8112d', 'line-width': 3, 'line-dasharray': ['literal', [2, 1]] },
  };
}

export interface PriceStyleInput {
  mapType: PriceMapType;
  data: PriceFeatureCollection;
  heat: HeatPointCollection;
  /** Keys of the bands shown (all six by default). */
  bands: readonly string[];
  heatMap: boolean;
  /** Outline the lots flagged by the sale alerts. */
  alerts?: boolean;
  scene: Scene | null;
  apiToken: string;
  origin: string;
}

/**
 * The price map's style: lots coloured by their price-per-m² band (only the chosen bands; the
 * others and the lots without a sale grey), blocks and the boundary for context, over a neutral background
 * ('Mapa') or the latest scene ('Satélite'), with the heat layer on top when 'Mapa de calor' is checked.
 */
export function buildPriceMapStyle(input: PriceStyleInput): StyleSpecification {
  const bands = selectedBandIndexes(input.bands);
  const onImage = input.mapType === 'satelite' && input.scene !== null && input.scene.status === 'ready';
  const sources: StyleSpecification['sources'] = {
    [LAYERS_SOURCE]: { type: 'geojson', data: input.data as GeoJSONSourceSpecification['data'], maxzoom: 17 },
    [HEAT_SOURCE]: { type: 'geojson', data: input.heat as GeoJSONSourceSpecification['data'] },
  };
  const layers: LayerSpecification[] = [
    { id: 'background', type: 'background', paint: { 'background-color': onImage ? '#1d2125' : '#eef0ea' } },
  ];
  if (onImage && input.scene) {
    sources[SCENE_SOURCE] = sceneRasterSource(input.scene, input.apiToken, input.origin);
    layers.push(sceneRasterLayer(SCENE_SOURCE));
  }
  const shownBand: ExpressionSpecification = ['in', ['get', 'band'], ['literal', bands]];
  layers.push(
    {
      id: 'price-context',
      type: 'fill',
      source: LAYERS_SOURCE,
      filter: ['match', ['get', 'type'], ['BLOCK', 'PPA', 'AREA_VERDE'], true, false],
      paint: {
        'fill-color': ['match', ['get', 'type'], 'BLOCK', '#d8d2c4', '#5cb85c'],
        'fill-opacity': onImage ? 0 : 0.5,
      },
    },
    {
      id: FILL_LAYER,
      type: 'fill',
      source: LAYERS_SOURCE,
      filter: isLot,
      paint: {
        'fill-color': ['case', shownBand, bandFillColor(), '#b9c0c8'],
        'fill-opacity': ['case', shownBand, lotFillOpacity(), onImage ? 0.15 : 0.35],
        'fill-antialias': false,
      },
    },
    {
      id: 'lots-outline',
      type: 'line',
      source: LAYERS_SOURCE,
      filter: isLot,
      paint: { 'line-color': '#ffffff', 'line-width': ['interpolate', ['linear'], ['zoom'], 15, 0.3, 18, 1] },
    },
    {
      id: 'areas-outline',
      type: 'line',
      source: LAYERS_SOURCE,
      filter: ['match', ['get', 'type'], ['LIMIT', 'STAGE'], true, false],
      paint: {
        'line-color': ['match', ['get', 'type'], 'LIMIT', LINE_COLOR.LIMIT ?? '#ff8c1a', '#ffffff'],
        'line-width': ['match', ['get', 'type'], 'LIMIT', 3, 2],
      },
    },
    {
      id: 'lots-selected',
      type: 'line',
      source: LAYERS_SOURCE,
      filter: isLot,
      layout: { visibility: 'none' },
      paint: {
        'line-color': '#00e5ff',
        'line-width': ['case', ['boolean', ['feature-state', 'selected'], false], 3.5, 0],
      },
    },
  );
  if (input.alerts) layers.push(alertLayer());
  if (input.heatMap) layers.push(heatLayer(bands));
  return { version: 8, sources, layers };
}
