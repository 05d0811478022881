import { DEFAULT_IMAGE_LIMITS } from '../../../imagery/limits';
import { openSceneSource } from '../../../imagery/open-scene-source';
import { withLocalFile } from '../../../storage/local-file';
import type { Storage } from '../../../storage/storage';
import type { ChangeGrid } from '../detector/change-grid';
import { sampleScene } from '../detector/sample-scene';
import type { SceneFacts } from '../environment.repo';

/** A stored scene's original resampled onto `grid` as RGBA (alpha 0 where the scene has no data). */
export async function readSceneOnGrid(
  storage: Storage,
  scene: SceneFacts,
  grid: ChangeGrid,
): Promise<Uint8Array> {
  const [west, south, east, north] = scene.sourceBounds ?? [];
  const bounds =
    west !== undefined && south !== undefined && east !== undefined && north !== undefined
      ? { west, south, east, north }
      : null;
  return withLocalFile(storage, scene.originalKey, async (file) => {
    const source = await openSceneSource(file, scene.sourceKind, bounds, DEFAULT_IMAGE_LIMITS);
    try {
      return await sampleScene(source, grid);
    } finally {
      await source.close();
    }
  });
}
