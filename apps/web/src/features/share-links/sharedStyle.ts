import type { StyleSpecification } from 'maplibre-gl';
import type { Layer, LayerType, SharedView } from '@mirante/shared';
import { SCENE_SOURCE, buildMapStyle, toFeatureCollection } from '../map/style/layerStyles';
import { sceneRasterLayer, sceneRasterSource } from '../map/style/sceneRaster';

type DetectionKey = NonNullable<Layer['detectAllotment']>['detect_type'];

/** The view's layers with each lot coloured by its status at `date` (none then: unclassified). */
export function sharedLayersAt(view: Pick<SharedView, 'layers' | 'statuses'>, date: string | null): Layer[] {
  const byLot = new Map(view.statuses.map((item) => [item.layer_id, item.by_date]));
  return view.layers.map((layer) => {
    if (layer.type !== 'LOT') return layer;
    const status = byLot.get(layer.id)?.find((item) => item.date === date)?.status ?? null;
    return {
      ...layer,
      detectAllotment: status && date ? { detect_type: status as DetectionKey, date, precision: null } : null,
    };
  });
}

/** The layer types the view holds, lots last (drawn over the blocks). */
export function sharedLayerTypes(view: Pick<SharedView, 'layers'>): LayerType[] {
  const types = [...new Set(view.layers.map((layer) => layer.type))];
  return [...types.filter((type) => type !== 'LOT'), ...(types.includes('LOT') ? (['LOT'] as const) : [])];
}

/**
 * The style of a shared map at `date`: the published scene of that date, through the link's own signed tile
 * URLs, under the lots coloured by their status then. Nothing external: no base map, no session.
 */
export function sharedMapStyle(view: SharedView, date: string | null, origin: string): StyleSpecification {
  const style = buildMapStyle({
    mapType: 'satelite',
    data: toFeatureCollection(sharedLayersAt(view, date)),
    visibleTypes: sharedLayerTypes(view),
    scene: null,
    apiToken: '',
    origin,
  });
  const scene = view.scenes.find((item) => item.isoDate === date);
  if (!scene) return style;
  // The scene goes right above the background, under every vector layer, as on the map screen.
  return {
    ...style,
    sources: { ...style.sources, [SCENE_SOURCE]: sceneRasterSource(scene, '', origin) },
    layers: [style.layers[0]!, sceneRasterLayer(SCENE_SOURCE), ...style.layers.slice(1)],
  };
}

/** [[west, south], [east, north]] of one layer's geometry, for fitting the map to a shared lot. */
export function layerBounds(layer: Pick<Layer, 'geo_json'>): [[number, number], [number, number]] {
  const points: number[][] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value) && typeof value[0] === 'number') points.push(value as number[]);
    else if (Array.isArray(value)) value.forEach(walk);
  };
  walk(layer.geo_json.coordinates);
  const xs = points.map((point) => point[0]!);
  const ys = points.map((point) => point[1]!);
  return [
    [Math.min(...xs), Math.min(...ys)],
    [Math.max(...xs), Math.max(...ys)],
  ];
}
