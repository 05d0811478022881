import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { SCENE_MESSAGES } from '@mirante/shared';
import { unprocessable } from '../../http/app-error';
import { ImageryError } from '../../imagery/imagery-error';
import type { ImageLimits } from '../../imagery/limits';
import { openSceneSources, type SceneFile } from '../../imagery/open-scene-source';
import { readHead, sniffImage, sniffModel, type ImageKind } from '../../imagery/sniff';
import { mercatorFootprint } from '../../imagery/scene-footprint';
import { mercatorToLonLatBounds, type LonLatBounds } from '../../imagery/tile-math';
import { discardUnlessMaybeCommitted } from '../../storage/discard-uncommitted';
import type { Storage } from '../../storage/storage';
import { assertSceneOverlapsProject } from './scene-area';
import { isUniqueViolation, type SceneRecord, type ScenesRepo } from './scenes.repo';

export interface SceneFileInput {
  projectId: number;
  /** YYYY-MM-DD */
  date: string;
  cloud: number | null;
  precision: number | null;
  publish: boolean;
  filePath: string;
  fileName: string;
  /** More GeoTIFFs of the same date: the scene is their mosaic with the first. */
  moreFiles?: ReadonlyArray<{ filePath: string; fileName: string }>;
  /** PNG/JPEG only. */
  bounds: LonLatBounds | null;
  modelPath?: string | null;
  modelName?: string | null;
}

const EXTENSIONS: Record<ImageKind, string> = { geotiff: 'tif', png: 'png', jpeg: 'jpg' };

/**
 * Checks an image (and optional 3D model) fully before anything is kept: content type by magic bytes,
 * georeference, CRS, limits, completeness. Only then the files are stored and, once they all are, the row
 * recorded: a process killed while storing leaves no scene whose file is missing or cut (an ingest of it would
 * fail), only files no row names, which the storage sweep removes (orphan-files.ts). A refusal on the way
 * removes what was stored, so a refused file leaves nothing behind.
 */
export function createSceneIntake(repo: ScenesRepo, storage: Storage, limits: ImageLimits) {
  return async function register(input: SceneFileInput): Promise<SceneRecord> {
    const sent = [{ filePath: input.filePath, fileName: input.fileName }, ...(input.moreFiles ?? [])];
    const files: SceneFile[] = [];
    for (const file of sent) {
      const kind = sniffImage(await readHead(file.filePath));
      if (!kind) {
        const which = sent.length > 1 ? `${path.basename(file.fileName)}: ` : '';
        throw new ImageryError(
          'NOT_AN_IMAGE',
          `${which}O arquivo enviado não é uma imagem GeoTIFF, PNG ou JPEG.`,
        );
      }
      files.push({ path: file.filePath, kind, name: path.basename(file.fileName) });
    }
    const kind = files[0]!.kind;
    const project = await repo.projectArea(input.projectId);
    const source = await openSceneSources(files, input.bounds, limits);
    try {
      // A project without a boundary yet (its lots not imported) cannot be checked.
      if (project?.bbox) {
        assertSceneOverlapsProject(mercatorToLonLatBounds(mercatorFootprint(source)), {
          delimiter: project.delimiter,
          bbox: project.bbox,
        });
      }
    } finally {
      await source.close();
    }
    let modelExtension: string | null = null;
    if (input.modelPath) {
      const modelKind = sniffModel(await readHead(input.modelPath));
      if (!modelKind) throw new ImageryError('NOT_A_MODEL', 'O modelo 3D deve ser um arquivo glTF ou GLB.');
      modelExtension = modelKind;
    }

    const prefix = `scenes/p${input.projectId}/${input.date}-${randomBytes(4).toString('hex')}`;
    const originalKey = `${prefix}/original.${EXTENSIONS[kind]}`;
    const modelKey = modelExtension ? `${prefix}/model.${modelExtension}` : null;
    const mosaicKeys = files.slice(1).map((_, index) => `${prefix}/original-${index + 2}.tif`);
    const { bounds } = input;
    try {
      await storage.putFile(originalKey, input.filePath);
      for (const [index, key] of mosaicKeys.entries()) await storage.putFile(key, files[index + 1]!.path);
      if (modelKey && input.modelPath) await storage.putFile(modelKey, input.modelPath);
      return await repo.insert({
        projectId: input.projectId,
        date: input.date,
        cloud: input.cloud,
        precision: input.precision,
        published: input.publish,
        sourceKind: kind,
        sourceBounds: bounds ? [bounds.west, bounds.south, bounds.east, bounds.north] : null,
        originalKey,
        originalName: path.basename(input.fileName) || `original.${EXTENSIONS[kind]}`,
        modelKey,
        modelName: input.modelName ?? null,
        mosaicKeys,
        mosaicNames: files.slice(1).map((file) => file.name),
      });
    } catch (error) {
      await discardUnlessMaybeCommitted(storage, prefix, error);
      if (isUniqueViolation(error)) throw unprocessable('DUPLICATE_SCENE_DATE', SCENE_MESSAGES.duplicateDate);
      throw error;
    }
  };
}
