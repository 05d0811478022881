import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ALIGNMENT_MESSAGES, type SceneAlignment } from '@mirante/shared';
import type { CpuPool } from '../../cpu/cpu-pool';
import { AppError, forbidden } from '../../http/app-error';
import { mayJudgeAlignment } from '../../policies';
import { makeScratchDir } from '../../storage/scratch';
import type { Storage } from '../../storage/storage';
import type { AuthUser } from '../auth';
import type { ScenesService } from '../scenes';
import type { AlignmentScene } from './estimate/estimate-alignment';
import type { AlignableScene, SceneAlignmentRepo } from './scene-alignment.repo';
import { toSceneAlignment } from './scene-alignment.view';

export interface SceneAlignmentOptions {
  storage: Storage;
  cpu: CpuPool;
  scenes: ScenesService;
  log?: (message: string) => void;
}

const notProposed = () => new AppError(409, 'ALIGNMENT_NOT_PROPOSED', ALIGNMENT_MESSAGES.notProposed);
const decided = () => new AppError(409, 'ALIGNMENT_DECIDED', ALIGNMENT_MESSAGES.alreadyDecided);

function asAlignmentScene(scene: AlignableScene, archive: string): AlignmentScene {
  const [west = 0, south = 0, east = 0, north = 0] = scene.bounds;
  return {
    archive,
    bounds: [west, south, east, north],
    minZoom: scene.minZoom,
    maxZoom: scene.maxZoom,
    offset: [scene.offsetX, scene.offsetY],
  };
}

/**
 * Scenes that align themselves: once a scene is tiled, its shift against the project's previous published
 * scene is estimated on the CPU pool and kept as a proposal; the ADMIN accepts it (the scene's offset is set to
 * it, through the scenes feature) or rejects it (the offset stays as it is).
 */
export function createSceneAlignmentService(
  repo: SceneAlignmentRepo,
  { storage, cpu, scenes, log = () => undefined }: SceneAlignmentOptions,
) {
  /** The archives as local files: in place on local storage, else copied to scratch for the estimate. */
  async function withLocalArchives<T>(keys: string[], work: (files: string[]) => Promise<T>): Promise<T> {
    const inPlace = keys.map((key) => storage.localPath?.(key));
    if (inPlace.every((file): file is string => typeof file === 'string')) return work(inPlace);
    const dir = await makeScratchDir('alignment');
    try {
      const files: string[] = [];
      for (const [index, key] of keys.entries()) {
        const file = path.join(dir, `archive-${index}.pmtiles`);
        await pipeline(await storage.getStream(key), createWriteStream(file));
        files.push(file);
      }
      return await work(files);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async function alignmentFor(user: AuthUser, sceneId: number) {
    if (!mayJudgeAlignment(user)) throw forbidden(ALIGNMENT_MESSAGES.onlyAdmin);
    await scenes.assertSceneAccess(user, sceneId);
    return repo.find(sceneId);
  }

  async function decidable(user: AuthUser, sceneId: number) {
    const row = await alignmentFor(user, sceneId);
    if (!row) throw notProposed();
    const shown = toSceneAlignment(row);
    if (shown.status !== 'match') throw notProposed();
    if (row.decision) throw decided();
    return row;
  }

  async function current(sceneId: number): Promise<SceneAlignment> {
    const row = await repo.find(sceneId);
    if (!row) throw notProposed();
    return toSceneAlignment(row);
  }

  return {
    /**
     * Estimates a freshly tiled scene against the project's latest published scene before its date and stores
     * the outcome; nothing when there is no such scene. Never throws: a failure is stored as 'failed'.
     */
    async propose(sceneId: number): Promise<void> {
      const scene = await repo.readyScene(sceneId);
      if (!scene) return;
      const reference = await repo.previousPublished(scene.projectId, scene.date);
      if (!reference) return;
      const about = { referenceSceneId: reference.id, referenceDate: reference.date };
      await repo.save(sceneId, { ...about, status: 'running' });
      try {
        const estimate = await withLocalArchives(
          [reference.archiveKey, scene.archiveKey],
          ([refFile, file]) =>
            cpu.run('estimateSceneAlignment', {
              reference: asAlignmentScene(reference, refFile!),
              scene: asAlignmentScene(scene, file!),
            }),
        );
        const { previews, outcome, ...numbers } = estimate;
        await repo.save(sceneId, {
          ...about,
          ...numbers,
          status: outcome,
          previewReference: previews ? Buffer.from(previews.reference) : null,
          previewBefore: previews ? Buffer.from(previews.before) : null,
          previewAfter: previews ? Buffer.from(previews.after) : null,
        });
      } catch (error) {
        log(
          `Alinhamento da imagem ${sceneId} falhou: ${error instanceof Error ? error.message : String(error)}`,
        );
        await repo.save(sceneId, { ...about, status: 'failed' }).catch(() => undefined);
      }
    },

    async get(user: AuthUser, sceneId: number): Promise<{ data: SceneAlignment | null }> {
      const row = await alignmentFor(user, sceneId);
      return { data: row ? toSceneAlignment(row) : null };
    },

    /** Writes the proposed offset on the scene (the scenes feature's offset), then records the decision. */
    async accept(user: AuthUser, sceneId: number): Promise<SceneAlignment> {
      const row = await decidable(user, sceneId);
      await scenes.update(user, sceneId, { offsetX: row.offsetX, offsetY: row.offsetY });
      if (!(await repo.decide(sceneId, 'accepted', user.id))) throw decided();
      return current(sceneId);
    },

    /** Records the refusal; the scene's offset is left as it is. */
    async reject(user: AuthUser, sceneId: number): Promise<SceneAlignment> {
      await decidable(user, sceneId);
      if (!(await repo.decide(sceneId, 'rejected', user.id))) throw decided();
      return current(sceneId);
    },
  };
}

export type SceneAlignmentService = ReturnType<typeof createSceneAlignmentService>;
