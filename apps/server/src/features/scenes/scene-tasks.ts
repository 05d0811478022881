import type { MessagePort } from 'node:worker_threads';
import { tileScene, type TiledScene } from '../../imagery/ingest-scene';
import type { ImageLimits } from '../../imagery/limits';
import { openSceneSources, type SceneFile } from '../../imagery/open-scene-source';
import type { LonLatBounds } from '../../imagery/tile-math';

/** The CPU part of an ingest, as the CPU pool runs it: local originals in, archive and preview files out. */
export interface TileSceneFilesInput {
  files: SceneFile[];
  /** The bounds sent with a PNG/JPEG scene; null for GeoTIFFs. */
  bounds: LonLatBounds | null;
  limits: ImageLimits;
  projectZoom: number;
  projectBounds?: LonLatBounds;
  /** Scratch folder the archive and preview are written into. */
  workDir: string;
}

/** A message a tiling task posts: the fraction of tiles done, each whole percent once. */
export interface TilingProgress {
  fraction: number;
}

export const sceneTasks = {
  /** Decode, reprojection, tile rendering and PMTiles writing of one scene (runs on a CPU pool thread). */
  async tileSceneFiles(input: TileSceneFilesInput, port: MessagePort): Promise<TiledScene> {
    const source = await openSceneSources(input.files, input.bounds, input.limits);
    let percent = -1;
    try {
      return await tileScene({
        source,
        projectZoom: input.projectZoom,
        projectBounds: input.projectBounds,
        workDir: input.workDir,
        onProgress: (fraction) => {
          const now = Math.floor(fraction * 100);
          if (now === percent) return;
          percent = now;
          port.postMessage({ fraction } satisfies TilingProgress);
        },
      });
    } finally {
      await source.close();
    }
  },
};
