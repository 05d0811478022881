import { DEFAULT_IMAGE_LIMITS } from '../../apps/server/src/imagery/limits';
import { openSceneSource } from '../../apps/server/src/imagery/open-scene-source';
import { mercatorFootprint } from '../../apps/server/src/imagery/scene-footprint';
import { mercatorToLonLatBounds } from '../../apps/server/src/imagery/tile-math';

/** A GeoTIFF's lon/lat bounding box (a project boundary the scene surely overlaps) and its size in megapixels. */
export async function fileFootprint(file: string) {
  const source = await openSceneSource(file, 'geotiff', null, DEFAULT_IMAGE_LIMITS);
  try {
    const { west, south, east, north } = mercatorToLonLatBounds(mercatorFootprint(source));
    const ring: Array<[number, number]> = [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ];
    return {
      box: { type: 'Polygon' as const, coordinates: [ring] },
      megapixels: (source.width * source.height) / 1e6,
    };
  } finally {
    await source.close();
  }
}
