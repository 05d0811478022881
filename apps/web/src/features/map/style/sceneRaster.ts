import type { RasterLayerSpecification, RasterSourceSpecification } from 'maplibre-gl';
import type { Scene } from '@mirante/shared';

/**
 * The raster source URL of a scene's tiles, with the session token that map clients can't send as a header,
 * unless the server signed it (a published scene: `sig=`), which a CDN may then cache for everybody.
 * The map asks for WebP (scenes are photographs: about a tenth of the PNG's bytes); the API's `tileUrl`
 * stays PNG for other clients (QGIS, scripts).
 */
export function sceneTileUrl(scene: Pick<Scene, 'tileUrl'>, apiToken: string, origin: string): string {
  const webp = scene.tileUrl.replace(/\.png(?=\?|$)/, '.webp');
  if (/[?&]sig=/.test(webp)) return `${origin}${webp}`;
  const separator = webp.includes('?') ? '&' : '?';
  return `${origin}${webp}${separator}api_token=${encodeURIComponent(apiToken)}`;
}

export type SceneTiles = Pick<Scene, 'tileUrl' | 'bounds' | 'minZoom' | 'maxZoom'>;

/**
 * A scene's tiles as a MapLibre raster source: limited to the scene's bounds and zoom range, so the map asks
 * for no tile the server never rendered (outside them it would only answer 404s).
 */
export function sceneRasterSource(
  scene: SceneTiles,
  apiToken: string,
  origin: string,
): RasterSourceSpecification {
  return {
    type: 'raster',
    tiles: [sceneTileUrl(scene, apiToken, origin)],
    tileSize: 256,
    ...(scene.bounds ? { bounds: [...scene.bounds[0], ...scene.bounds[1]] } : {}),
    ...(scene.minZoom !== null ? { minzoom: scene.minZoom } : {}),
    ...(scene.maxZoom !== null ? { maxzoom: scene.maxZoom } : {}),
  };
}

/** The layer drawing a scene source: tiles appear at once, without the default 300 ms fade-in of each tile. */
export function sceneRasterLayer(source: string): RasterLayerSpecification {
  return { id: 'scene', type: 'raster', source, paint: { 'raster-fade-duration': 0 } };
}
