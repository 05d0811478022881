import { openElevationModel, windowAround } from './dsm-file';
import { polygonVolume, type BaseMethod, type Point2 } from './dsm-volume';

/** The volume figures of a lon/lat polygon on a DSM file's bytes, against a base; null off the model. */
export async function volumeOnModel(bytes: Uint8Array, lonLatRing: readonly Point2[], base: BaseMethod) {
  const model = await openElevationModel(bytes);
  const window = await windowAround(model, lonLatRing);
  return window ? polygonVolume(window.grid, window.ring, base) : null;
}
