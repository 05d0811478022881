import { useEffect, useRef } from 'react';
import { LAYERS_SOURCE, layerFeature, showHighlight } from '../style/layerStyles';
import type { MapInstance } from '../engine/maplibre';

/** Mirrors the label-edit selection onto the map as feature-state `picked` (re-applied after style changes). */
export function usePickedFeatures(map: MapInstance | null, ids: readonly number[], styleKey: unknown): void {
  const shown = useRef<number[]>([]);
  useEffect(() => {
    if (!map) return;
    const apply = () => {
      if (!map.getSource(LAYERS_SOURCE)) return;
      showHighlight(map, 'edit-picked', ids.length > 0);
      for (const id of shown.current)
        if (!ids.includes(id)) map.setFeatureState(layerFeature(map, id), { picked: false });
      for (const id of ids) map.setFeatureState(layerFeature(map, id), { picked: true });
      shown.current = [...ids];
    };
    if (map.isStyleLoaded()) apply();
    else map.once('idle', apply);
  }, [map, ids, styleKey]);
}
