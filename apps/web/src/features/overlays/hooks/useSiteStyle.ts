import { useMemo } from 'react';
import type { StyleSpecification } from 'maplibre-gl';
import type { Scene } from '@mirante/shared';
import { useProjectLayers, useProjectScenes } from '../../map/api';
import { useBaseMapPart } from '../../map/hooks/useBaseMapPart';
import { buildMapStyle, toFeatureCollection } from '../../map/style/layerStyles';

/** The latest ready scene (the site as it is now: where a person recognises the plan's corners). */
function latestScene(scenes: readonly Scene[]): Scene | null {
  return (
    [...scenes]
      .filter((scene) => scene.status === 'ready')
      .sort((a, b) => (a.isoDate < b.isoDate ? 1 : -1))[0] ?? null
  );
}

/** The wizard's map: the project's latest image with its layers (null while they load). */
export function useSiteStyle(projectId: number, apiToken: string): StyleSpecification | null {
  const layers = useProjectLayers(projectId);
  const scenes = useProjectScenes(projectId);
  const base = useBaseMapPart('satelite');
  return useMemo(() => {
    if (!layers.data || scenes.isPending) return null;
    const visibleTypes = [...new Set(layers.data.map((layer) => layer.type))];
    return buildMapStyle({
      mapType: 'satelite',
      data: toFeatureCollection(layers.data),
      visibleTypes,
      scene: latestScene(scenes.data ?? []),
      apiToken,
      origin: window.location.origin,
      base,
    });
  }, [layers.data, scenes.isPending, scenes.data, apiToken, base]);
}
