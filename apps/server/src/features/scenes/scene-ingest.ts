import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ImageryError } from '../../imagery/imagery-error';
import { CpuPoolClosedError, type CpuPool } from '../../cpu/cpu-pool';
import type { ImageLimits } from '../../imagery/limits';
import type { SceneFile } from '../../imagery/open-scene-source';
import type { LonLatBounds } from '../../imagery/tile-math';
import { makeScratchDir } from '../../storage/scratch';
import type { Storage } from '../../storage/storage';
import type { TilingProgress } from './scene-tasks';
import type { ScenesRepo } from './scenes.repo';

export interface IngestReport {
  sceneId: number;
  tiles: number;
  megapixels: number;
  seconds: number;
  skipped: boolean;
}

function projectBoundsOf(bbox: number[] | null): LonLatBounds | undefined {
  if (!bbox) return undefined;
  const [west, south, east, north] = bbox;
  if ([west, south, east, north].some((value) => !Number.isFinite(value))) return undefined;
  if (west === east || south === north) return undefined;
  return { west: west!, south: south!, east: east!, north: north! };
}

const FAILED_MESSAGE = 'Não foi possível processar a imagem.';

/** A running ingest touches its scene this often… */
export const INGEST_HEARTBEAT_SECONDS = 10;
/** …and one silent for this long lost its worker: the scene may be claimed and ingested again. */
export const INGEST_STALE_SECONDS = 40;
/** A scene `queued` this long with no job at all lost it to a crash between its row and its job. */
export const QUEUED_UNSENT_SECONDS = 60;

/**
 * The ingest job: original (from storage) → PMTiles archive + preview (to storage), with state and progress
 * on the scene row. Idempotent: a ready scene whose archive exists is left alone, a scene another live ingest
 * holds (recent heartbeat) is skipped, and a re-run rebuilds.
 */
export function createSceneIngest(
  repo: ScenesRepo,
  storage: Storage,
  limits: ImageLimits,
  cpu: CpuPool,
  afterIngest?: (sceneId: number) => Promise<void>,
) {
  return async function runIngest(sceneId: number): Promise<IngestReport> {
    const scene = await repo.findById(sceneId);
    if (!scene) return { sceneId, tiles: 0, megapixels: 0, seconds: 0, skipped: true };
    if (scene.status === 'ready' && scene.archiveKey && (await storage.exists(scene.archiveKey))) {
      return { sceneId, tiles: scene.tileCount ?? 0, megapixels: 0, seconds: 0, skipped: true };
    }
    if (!(await repo.claimIngest(sceneId, INGEST_STALE_SECONDS))) {
      return { sceneId, tiles: 0, megapixels: 0, seconds: 0, skipped: true };
    }
    const heartbeat = setInterval(() => {
      repo.touchIngest(sceneId).catch(() => undefined); // a missed beat only lets a later one count
    }, INGEST_HEARTBEAT_SECONDS * 1000);
    const workDir = await makeScratchDir(`ingest-${sceneId}`);
    try {
      // Local storage: read the stored originals in place (copying 200 MB of a 64 MP scene cost 0.5 s).
      const localFile = async (key: string, name: string): Promise<string> => {
        const inPlace = storage.localPath?.(key);
        if (inPlace) return inPlace;
        const local = path.join(workDir, name);
        await pipeline(await storage.getStream(key), createWriteStream(local));
        return local;
      };
      const files: SceneFile[] = [
        {
          path: await localFile(scene.originalKey, 'original'),
          kind: scene.sourceKind,
          name: scene.originalName,
        },
      ];
      for (const [index, key] of scene.mosaicKeys.entries()) {
        files.push({
          path: await localFile(key, `original-${index + 2}`),
          kind: 'geotiff',
          name: scene.mosaicNames[index] ?? key,
        });
      }
      const bounds = scene.sourceBounds as [number, number, number, number] | null;
      let lastProgress = 0;
      // Decoding, reprojecting, rendering and writing the tiles run on a thread of the CPU pool.
      const tiled = await cpu.run(
        'tileSceneFiles',
        {
          files,
          bounds: bounds ? { west: bounds[0], south: bounds[1], east: bounds[2], north: bounds[3] } : null,
          limits,
          projectZoom: scene.projectDefaultZoom,
          projectBounds: projectBoundsOf(scene.projectBbox),
          workDir,
        },
        {
          onMessage: async (message) => {
            // Leave the last percent for storing the archive.
            const progress = Math.min(99, Math.floor((message as TilingProgress).fraction * 100));
            if (progress >= lastProgress + 2) {
              lastProgress = progress;
              await repo.update(sceneId, { progress });
            }
          },
        },
      );

      const prefix = path.posix.dirname(scene.originalKey);
      const version = scene.tilesVersion + 1;
      const archiveKey = `${prefix}/tiles-v${version}.pmtiles`;
      const previewKey = `${prefix}/preview-v${version}.png`;
      await storage.putFile(archiveKey, tiled.archivePath);
      await storage.putFile(previewKey, tiled.previewPath);
      const { west, south, east, north } = tiled.bounds;
      await repo.markReady(sceneId, {
        archiveKey,
        previewKey,
        bounds: [west, south, east, north],
        minZoom: tiled.minZoom,
        maxZoom: tiled.maxZoom,
        tileCount: tiled.tiles,
      });
      for (const oldKey of [scene.archiveKey, scene.previewKey]) {
        if (oldKey && oldKey !== archiveKey && oldKey !== previewKey) await storage.delete(oldKey);
      }
      // The scene is ready whatever follows: a failure after this point is not the ingest's.
      await afterIngest?.(sceneId).catch(() => undefined);
      return {
        sceneId,
        tiles: tiled.tiles,
        megapixels: tiled.sourceMegapixels,
        seconds: tiled.seconds,
        skipped: false,
      };
    } catch (error) {
      // Stopped with its process: left processing, it resumes after the restart as after a crash.
      if (error instanceof CpuPoolClosedError) throw error;
      const message = error instanceof ImageryError ? error.message : FAILED_MESSAGE;
      await repo.update(sceneId, { status: 'failed', errorMessage: message });
      throw error;
    } finally {
      clearInterval(heartbeat);
      await rm(workDir, { recursive: true, force: true });
    }
  };
}
