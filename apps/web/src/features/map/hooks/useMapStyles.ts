import { useCallback, useMemo } from 'react';
import type { Layer, LayerType, Scene } from '@mirante/shared';
import { buildMapStyle, drawsScene, layerTilesUrl, type MapType } from '../style/layerStyles';
import { listVersion } from '../style/listVersion';
import { useTilesGeneration } from '../api';
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
 * take their status on the image's date (each compared map its own date). The layers are drawn from the server's
 * vector tiles (only the tiles in view travel and are laid out), coloured by the date each map shows; the list
 * still feeds the labels, popups and panels.
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
  const beforeDate = before?.isoDate ?? null;
  const dated = useDatedFeatures(projectId, layers, shownDate, beforeDate);
  const base = useBaseMapPart(effectiveType);
  const version = `${listVersion(layers)}.${useTilesGeneration(projectId)}`;
  const styleFor = useCallback(
    (shown: Scene | null, date: string | null) =>
      buildMapStyle({
        mapType: effectiveType,
        data: {
          tiles: layerTilesUrl({ origin: window.location.origin, projectId, apiToken, date, version }),
        },
        reviewOnly,
        visibleTypes,
        scene: shown,
        apiToken,
        origin: window.location.origin,
        base,
      }),
    [effectiveType, visibleTypes, apiToken, base, projectId, version, reviewOnly],
  );
  const style = useMemo(() => styleFor(scene, shownDate), [styleFor, scene, shownDate]);
  const beforeStyle = useMemo(() => styleFor(before, beforeDate), [styleFor, before, beforeDate]);
  return { effectiveType, shownDate, style, beforeStyle, dated, attribution: base?.attribution ?? null };
}
