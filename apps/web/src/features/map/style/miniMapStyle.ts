import type { StyleSpecification } from 'maplibre-gl';
import type { LayerGeometry, Scene } from '@mirante/shared';
import { sceneRasterLayer, sceneRasterSource } from './sceneRaster';

/** The style of a before/after mini map: the scene's tiles (when ready) and the detection's outline. */
export function miniMapStyle(
  scene: Scene | null,
  geometry: LayerGeometry,
  color: string,
  apiToken: string,
  origin: string,
): StyleSpecification {
  const showScene = scene !== null && scene.status === 'ready';
  return {
    version: 8,
    sources: {
      detection: { type: 'geojson', data: { type: 'Feature', properties: {}, geometry } },
      ...(showScene
        ? {
            scene: sceneRasterSource(scene, apiToken, origin),
          }
        : {}),
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#1d2125' } },
      ...(showScene ? [sceneRasterLayer('scene')] : []),
      {
        id: 'detection-fill',
        type: 'fill',
        source: 'detection',
        paint: { 'fill-color': color, 'fill-opacity': 0.15 },
      },
      {
        id: 'detection-line',
        type: 'line',
        source: 'detection',
        paint: { 'line-color': color, 'line-width': 2.5 },
      },
    ],
  };
}
