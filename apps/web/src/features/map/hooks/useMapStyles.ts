import { useCallback, useMemo } from 'react';
import type { Layer, LayerType, Scene } from '@mirante/shared';
import { buildMapStyle, drawsScene, type LayersFeatureCollection, type MapType } from '../style/layerStyles';
import { useBaseMapPart } from './useBaseMapPart';
import { useDatedFeatures } from './useDatedFeatures';

export interface MapStylesInput {
  projectId: number;
  layers: readonly Layer[];
  /** Draw only the lots whose status (on the shown date) is an AI reading to review. */
  reviewOnly: boolean;
  mapType: MapType;
  /** The scene of the main map ('Depois' while comparing). */
  scene: Scene | null;
  /** The 'Antes' scene while two dates are compared, else null. */
  before: Scene | null;
  visibleTypes: readonly LayerType[];
  apiToken: string;
}

/**
 * The styles of the main map and of the compared 'Antes' map. Comparing always shows imagery; over imagery lots
 * take their status on the image's date (each compared map its own date).
 */
export function useMapStyles({
  projectId,
  layers,
  reviewOnly,
  mapType,
  scene,
  before,
  visibleTypes,
  apiToken,
}: MapStylesInput) {
  const effectiveType: MapType = before ? 'satelite' : mapType;
  const shownDate = scene && drawsScene(effectiveType, scene) ? scene.isoDate : null;
  const dated = useDatedFeatures(projectId, layers, shownDate, before?.isoDate ?? null, reviewOnly);
  const base = useBaseMapPart(effectiveType);
  const styleFor = useCallback(
    (shown: Scene | null, features: LayersFeatureCollection) =>
      buildMapStyle({
        mapType: effectiveType,
        data: features,
        visibleTypes,
        scene: shown,
        apiToken,
        origin: window.location.origin,
        base,
      }),
    [effectiveType, visibleTypes, apiToken, base],
  );
  const style = useMemo(() => styleFor(scene, dated.data), [styleFor, scene, dated.data]);
  const beforeStyle = useMemo(() => styleFor(before, dated.beforeData), [styleFor, before, dated.beforeData]);
  return { effectiveType, shownDate, style, beforeStyle, dated, attribution: base?.attribution ?? null };
}
