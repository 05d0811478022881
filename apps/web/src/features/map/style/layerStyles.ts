import {
  AI_REVIEW_BELOW,
  DETECTION_TYPES,
  MAP_LIMITS,
  VECTOR_TILE_MAX_ZOOM,
  type Layer,
  type LayerType,
  type Scene,
} from '@mirante/shared';
import type {
  ExpressionSpecification,
  GeoJSONSourceSpecification,
  LayerSpecification,
  StyleSpecification,
  VectorSourceSpecification,
} from 'maplibre-gl';
import type { MapInstance } from '../engine/maplibre';
import type { BaseMapPart } from './baseMapStyle';
import { sceneRasterLayer, sceneRasterSource } from './sceneRaster';

export type MapType = 'mapa' | 'satelite' | 'sem-imagem';
export const LAYERS_SOURCE = 'mirante-layers';
export const SCENE_SOURCE = 'mirante-scene';
/** The fill layer of the areas and lots: the one the pointer picks from. */
export const FILL_LAYER = 'fills';
/** The one layer of the server's vector tiles of the project (its `source-layer`). */
export const TILES_SOURCE_LAYER = 'layers';
/** Lots with no detection yet. */
export const UNCLASSIFIED_COLOR = '#9aa3ad';

export interface LayerFeatureProperties {
  id: number;
  type: LayerType;
  /** Latest detection key of a lot, or '' */
  status: string;
}

export interface LayersFeatureCollection {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    id: number;
    geometry: Layer['geo_json'];
    properties: LayerFeatureProperties;
  }[];
}

/**
 * The project's layers as the server's vector tiles (MVT, feature ids = layer ids, the same properties as the
 * GeoJSON features, plus `precision`): the map of a large allotment draws only the tiles in view.
 */
export interface LayerTiles {
  tiles: string;
}

/** What the layers are drawn from: the features themselves, or the server's vector tiles of them. */
export type LayersData = LayersFeatureCollection | LayerTiles;

const isTiles = (data: LayersData): data is LayerTiles => 'tiles' in data;

/**
 * The URL of the project's vector tiles as MapLibre asks for them: with the session token (map clients can't send
 * headers), the date whose statuses colour the lots (none: the latest) and `v`, the map's version of the layer
 * list, which changes the URL (and so reloads the tiles) when the list changes.
 */
export function layerTilesUrl(input: {
  origin: string;
  projectId: number;
  apiToken: string;
  date: string | null;
  version: string;
}): string {
  const query = new URLSearchParams({ api_token: input.apiToken, v: input.version });
  if (input.date) query.set('date', input.date.slice(0, 10));
  return `${input.origin}/api/v1/project/${input.projectId}/layer-tiles/{z}/{x}/{y}?${query.toString()}`;
}

/** The target of a feature-state on a layer (the vector tiles' features live in their source layer). */
export function layerFeature(map: MapInstance, id: number) {
  const tiled = map.getSource(LAYERS_SOURCE)?.type === 'vector';
  return tiled
    ? { source: LAYERS_SOURCE, sourceLayer: TILES_SOURCE_LAYER, id }
    : { source: LAYERS_SOURCE, id };
}

/** The layers as one GeoJSON source (feature ids = layer ids, for hover/selection feature-state). */
export function toFeatureCollection(layers: readonly Layer[]): LayersFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: layers.map((layer) => ({
      type: 'Feature',
      id: layer.id,
      geometry: layer.geo_json,
      properties: { id: layer.id, type: layer.type, status: layer.detectAllotment?.detect_type ?? '' },
    })),
  };
}

/** Fill colours of the area layer types (lots are coloured by detection instead). */
export const AREA_FILL: Partial<Record<LayerType, string>> = {
  BLOCK: '#d8d2c4',
  STAGE: '#efe9dc',
  CALCADA: '#c9c4b8',
  PPA: '#2f8f46',
  AREA_VERDE: '#5cb85c',
  SISTEMA_LAZER: '#7cc576',
  RESERVA_LEGAL: '#2e7d32',
  TREE_MAINTAIN: '#43a047',
  TREE_REMOVE: '#e57373',
  RETENTION_BASIN: '#3d8fd1',
  REFO: '#3fa34d',
  DEFO: '#d64541',
  GAMBIRA: '#f39c12',
  OTHER: '#8e9aaf',
  CLUBE: '#9b7fd1',
  PORTARIA: '#b0a18a',
  ENROLLMENT: '#a1887f',
  PROTOCOLED: '#90a4ae',
};

/** Outline / line colours per type. */
export const LINE_COLOR: Partial<Record<LayerType, string>> = {
  LIMIT: '#ff8c1a',
  STAGE: '#ffffff',
  BLOCK: '#f4f1ea',
  PPA: '#1e6b33',
  STREAM: '#2f7fd8',
  WATER_SYSTEM: '#1f9bde',
  WATER_PAPELINE: '#1565c0',
  SEWERAGE: '#8a5a2b',
  SEWERAGE_OUTFALL: '#6d4c41',
  ELECTRICAL_SYSTEM: '#f0b400',
  DRAINAGE_SYSTEM: '#4fb3bf',
  RETENTION_BASIN: '#1f6fb2',
  DEFO: '#a93226',
  REFO: '#23753a',
};

const AREA_OPACITY: Partial<Record<LayerType, number>> = {
  PPA: 0.35,
  AREA_VERDE: 0.45,
  SISTEMA_LAZER: 0.45,
  RESERVA_LEGAL: 0.35,
  TREE_MAINTAIN: 0.45,
  RETENTION_BASIN: 0.55,
  CALCADA: 0.55,
  REFO: 0.5,
  DEFO: 0.5,
};

function matchType(
  table: Partial<Record<LayerType, string | number>>,
  fallback: string | number,
): ExpressionSpecification {
  const pairs = Object.entries(table).flatMap(([type, value]) => [type, value]);
  return ['match', ['get', 'type'], ...pairs, fallback] as unknown as ExpressionSpecification;
}

/** Lot fill colour: the colour of its latest detection type, grey when unclassified. */
export function lotFillColor(): ExpressionSpecification {
  const pairs = DETECTION_TYPES.filter((type) => type.key !== 'X').flatMap((type) => [type.key, type.color]);
  return ['match', ['get', 'status'], ...pairs, UNCLASSIFIED_COLOR] as unknown as ExpressionSpecification;
}

/** The business limits: 0.7 for classified lots, 0.8 while hovered. */
export function lotFillOpacity(): ExpressionSpecification {
  return [
    'case',
    ['boolean', ['feature-state', 'hover'], false],
    MAP_LIMITS.lotFillOpacityHover,
    MAP_LIMITS.lotFillOpacity,
  ];
}

const visible = (types: readonly LayerType[]): ExpressionSpecification => [
  'in',
  ['get', 'type'],
  ['literal', [...types]],
];
const polygons: ExpressionSpecification = [
  'match',
  ['geometry-type'],
  ['Polygon', 'MultiPolygon'],
  true,
  false,
];
const lines: ExpressionSpecification = [
  'match',
  ['geometry-type'],
  ['LineString', 'MultiLineString'],
  true,
  false,
];
const isLot: ExpressionSpecification = ['==', ['get', 'type'], 'LOT'];
/** 'A revisar': a lot whose AI reading is under the confidence threshold (the vector tiles carry `precision`). */
const lotToReview: ExpressionSpecification = [
  'all',
  isLot,
  ['has', 'precision'],
  ['<', ['get', 'precision'], AI_REVIEW_BELOW],
];
const notLot: ExpressionSpecification = ['!=', ['get', 'type'], 'LOT'];

/**
 * What the project's layers are drawn over: imagery or an external base map ('image': blocks and stages only
 * outlined, so what is beneath shows), the project drawn as a street map ('drawn-map': 'Mapa' with no base map
 * configured) or nothing ('plain': 'S/ imagem').
 */
export type Backdrop = 'image' | 'drawn-map' | 'plain';

/** The drawn street map's palette: land around the project, streets inside it, blocks between the streets. */
export const DRAWN_MAP = {
  land: '#dce7c6',
  street: '#ffffff',
  block: '#f3ecdb',
  blockOutline: '#b8ab8a',
} as const;

/** The streets of the drawn map: the project's limit painted as pavement, beneath its blocks. */
export function drawnMapLayers(visibleTypes: readonly LayerType[]): LayerSpecification[] {
  return [
    {
      id: 'drawn-map-streets',
      type: 'fill',
      source: LAYERS_SOURCE,
      filter: ['all', visible(visibleTypes), polygons, ['==', ['get', 'type'], 'LIMIT']],
      paint: { 'fill-color': DRAWN_MAP.street, 'fill-opacity': 1 },
    },
  ];
}

/** The vector layers drawn over the scene (or the neutral background), limited to the checked types. */
export function vectorLayers(
  visibleTypes: readonly LayerType[],
  mapType: MapType,
  backdrop: Backdrop = mapType === 'satelite' ? 'image' : 'plain',
): LayerSpecification[] {
  const shown = visible(visibleTypes);
  const onImage = backdrop === 'image';
  const drawn = backdrop === 'drawn-map';
  const areaFill = onImage
    ? { ...AREA_FILL, BLOCK: 'rgba(0,0,0,0)', STAGE: 'rgba(0,0,0,0)' }
    : drawn
      ? { ...AREA_FILL, BLOCK: DRAWN_MAP.block, STAGE: 'rgba(0,0,0,0)' }
      : AREA_FILL;
  const areaOpacity = {
    ...AREA_OPACITY,
    BLOCK: onImage ? 0 : drawn ? 1 : 0.9,
    STAGE: onImage || drawn ? 0 : 0.6,
  };
  const lineColor = drawn ? { ...LINE_COLOR, BLOCK: DRAWN_MAP.blockOutline, STAGE: '#8d99a6' } : LINE_COLOR;
  return [
    {
      // Areas and lots in one fill layer (one draw per tile instead of two; the same pixels): lots are sorted
      // above the areas by `fill-sort-key`, as when they were a layer of their own over the areas' layer.
      id: FILL_LAYER,
      type: 'fill',
      source: LAYERS_SOURCE,
      filter: ['all', shown, polygons, ['!=', ['get', 'type'], 'LIMIT']],
      layout: { 'fill-sort-key': ['case', isLot, 1, 0] },
      paint: {
        'fill-color': ['case', isLot, lotFillColor(), matchType(areaFill, '#b0bec5')],
        'fill-opacity': ['case', isLot, lotFillOpacity(), matchType(areaOpacity, 0.4)],
        // No antialiasing pass: the outline layers draw the edges (one pass fewer over 5,000 lots every frame).
        'fill-antialias': false,
      },
    },
    {
      id: 'lots-outline',
      type: 'line',
      source: LAYERS_SOURCE,
      filter: ['all', shown, isLot],
      paint: {
        'line-color': onImage ? 'rgba(255,255,255,0.85)' : '#ffffff',
        'line-width': ['interpolate', ['linear'], ['zoom'], 15, 0.3, 18, 1, 21, 2],
      },
    },
    {
      id: 'areas-outline',
      type: 'line',
      source: LAYERS_SOURCE,
      filter: ['all', shown, polygons, notLot],
      paint: {
        'line-color': matchType(lineColor, '#78909c'),
        'line-width': matchType({ LIMIT: 3, STAGE: 2.5, BLOCK: 1.2 }, 1),
        'line-dasharray': ['literal', [1]],
      },
    },
    {
      id: 'networks',
      type: 'line',
      source: LAYERS_SOURCE,
      filter: ['all', shown, lines],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': matchType(LINE_COLOR, '#607d8b'), 'line-width': matchType({ STREAM: 4 }, 2.5) },
    },
    {
      id: 'lots-selected',
      type: 'line',
      source: LAYERS_SOURCE,
      filter: isLot,
      // Hidden (not drawn at width 0 over 5,000 lots every frame) until a lot is selected: see MapView.
      layout: { visibility: 'none' },
      paint: {
        'line-color': '#00e5ff',
        'line-width': ['case', ['boolean', ['feature-state', 'selected'], false], 3.5, 0],
      },
    },
    {
      id: 'edit-picked',
      type: 'line',
      source: LAYERS_SOURCE,
      filter: ['match', ['get', 'type'], ['LOT', 'BLOCK'], true, false],
      // Hidden until something is picked: see usePickedFeatures.
      layout: { visibility: 'none' },
      paint: {
        'line-color': '#ff2d95',
        'line-width': ['case', ['boolean', ['feature-state', 'picked'], false], 3, 0],
      },
    },
  ];
}

/**
 * A layer of ours made to draw from the vector tiles: their source layer and, with `reviewOnly`, only the lots
 * to review (the GeoJSON list is filtered before it becomes a source; tiles are filtered by the style).
 */
function fromTiles(layer: LayerSpecification, reviewOnly: boolean): LayerSpecification {
  if (!('source' in layer) || layer.source !== LAYERS_SOURCE) return layer;
  const tiled = { ...layer, 'source-layer': TILES_SOURCE_LAYER } as LayerSpecification & { filter?: unknown };
  if (!reviewOnly) return tiled;
  const review: ExpressionSpecification = ['any', ['!', isLot], lotToReview];
  const filter = tiled.filter
    ? (['all', tiled.filter as ExpressionSpecification, review] as ExpressionSpecification)
    : review;
  return { ...tiled, filter } as LayerSpecification;
}

/** Shows or hides a highlight layer (they are hidden while nothing is highlighted). */
export function showHighlight(map: MapInstance, layerId: 'lots-selected' | 'edit-picked', on: boolean): void {
  const visibility = on ? 'visible' : 'none';
  if (map.getLayer(layerId) && map.getLayoutProperty(layerId, 'visibility') !== visibility)
    map.setLayoutProperty(layerId, 'visibility', visibility);
}

const BACKGROUND: Record<MapType, string> = { mapa: '#eef0ea', satelite: '#1d2125', 'sem-imagem': '#e6e8eb' };

export interface StyleInput {
  mapType: MapType;
  data: LayersData;
  /** With vector tiles: draw, of the lots, only those to review (GeoJSON data comes filtered already). */
  reviewOnly?: boolean;
  visibleTypes: readonly LayerType[];
  scene: Scene | null;
  apiToken: string;
  origin: string;
  /** The external base map of this map type ('Mapa': streets, 'Satélite': satellite), when configured. */
  base?: BaseMapPart | null;
}

/**
 * Whether the selected scene is drawn: under 'Mapa' (over the street map) and 'Satélite' (over the satellite base
 * map) alike, so the customer's own imagery shows in the default view; 'S/ imagem' is the map without imagery.
 */
export function drawsScene(mapType: MapType, scene: Pick<Scene, 'status'> | null): boolean {
  return mapType !== 'sem-imagem' && scene !== null && scene.status === 'ready';
}

/**
 * The whole map style: our own layers over the selected scene's tiles, over the street base map ('Mapa'; without
 * one configured, the project drawn as a street map, seen around the scene) or the satellite base map
 * ('Satélite'), or alone on a neutral background ('S/ imagem'). Nothing external unless configured: the product
 * works offline.
 */
export function buildMapStyle(input: StyleInput): StyleSpecification {
  const base = input.mapType === 'sem-imagem' ? null : (input.base ?? null);
  const showScene = drawsScene(input.mapType, input.scene);
  const drawnMap = input.mapType === 'mapa' && !base;
  const backdrop: Backdrop =
    input.mapType === 'satelite' || base || showScene ? 'image' : drawnMap ? 'drawn-map' : 'plain';
  const tiles = isTiles(input.data) ? input.data : null;
  const sources: StyleSpecification['sources'] = {
    [LAYERS_SOURCE]: tiles
      ? // Cut by the server with the same zoom range, buffer and simplification as the GeoJSON source below.
        ({
          type: 'vector',
          tiles: [tiles.tiles],
          maxzoom: VECTOR_TILE_MAX_ZOOM,
        } satisfies VectorSourceSpecification)
      : {
          type: 'geojson',
          data: input.data as GeoJSONSourceSpecification['data'],
          // Tiles up to z17 (≈4 cm precision, overzoomed beyond), a 4 px buffer (lines are at most 4 px wide, so
          // tile edges don't show) and a little more simplification: fewer vertices to lay out and draw for 5,000 lots.
          maxzoom: 17,
          buffer: 4,
          tolerance: 0.5,
        },
  };
  const background = drawnMap ? DRAWN_MAP.land : BACKGROUND[input.mapType];
  const layers: LayerSpecification[] = [
    { id: 'background', type: 'background', paint: { 'background-color': background } },
  ];
  if (base) {
    Object.assign(sources, base.sources);
    layers.push(...base.layers);
  }
  if (drawnMap) layers.push(...drawnMapLayers(input.visibleTypes));
  if (showScene && input.scene) {
    sources[SCENE_SOURCE] = sceneRasterSource(input.scene, input.apiToken, input.origin);
    layers.push(sceneRasterLayer(SCENE_SOURCE));
  }
  layers.push(...vectorLayers(input.visibleTypes, input.mapType, backdrop));
  return {
    version: 8,
    sources,
    layers: tiles ? layers.map((layer) => fromTiles(layer, input.reviewOnly === true)) : layers,
    ...(base?.glyphs ? { glyphs: base.glyphs } : {}),
    ...(base?.sprite ? { sprite: base.sprite } : {}),
  };
}
