import type { ImageLimits } from './limits';
import { openSceneSource } from './open-scene-source';
import type { RasterSource } from './raster-source';
import type { ImageKind } from './sniff';
import type { LonLatBounds } from './tile-math';

/** A stored scene's original on local disk: what a CPU-pool thread needs to open it (plain, cloneable data). */
export interface SceneOnDisk {
  file: string;
  kind: ImageKind;
  /** The bounds sent with a PNG/JPEG scene; null for GeoTIFFs. */
  bounds: LonLatBounds | null;
}

/** A scene row's original at `file`; `sourceBounds` is the row's [west, south, east, north] or null. */
export function sceneOnDisk(
  file: string,
  kind: ImageKind,
  sourceBounds: readonly number[] | null,
): SceneOnDisk {
  const [west, south, east, north] = sourceBounds ?? [];
  const bounds =
    west !== undefined && south !== undefined && east !== undefined && north !== undefined
      ? { west, south, east, north }
      : null;
  return { file, kind, bounds };
}

/** Runs `work` with the scene open, closing it afterwards. */
export async function withSceneOnDisk<T>(
  scene: SceneOnDisk,
  limits: ImageLimits,
  work: (raster: RasterSource) => Promise<T>,
): Promise<T> {
  const raster = await openSceneSource(scene.file, scene.kind, scene.bounds, limits);
  try {
    return await work(raster);
  } finally {
    await raster.close();
  }
}
