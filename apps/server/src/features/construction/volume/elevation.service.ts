import { ELEVATION_MESSAGES, SCENE_MESSAGES, type MeasureVolume, type VolumeMeasure } from '@mirante/shared';
import { notFound, unprocessable } from '../../../http/app-error';
import type { Storage } from '../../../storage/storage';
import type { AuthUser } from '../../auth';
import type { ConstructionGuard } from '../construction-access';
import type { InspectionsService } from '../inspections.service';
import { measureNoteShape } from '../note-geometry';
import type { CpuPool } from '../../../cpu/cpu-pool';
import { withLocalFile } from '../../../storage/local-file';
import type { Point2 } from './dsm-volume';
import type { ElevationRepo } from './elevation.repo';
import type { CheckedElevationModel } from './volume-tasks';

const noModel = () => unprocessable('NO_ELEVATION_MODEL', ELEVATION_MESSAGES.noModel);
const outside = () => unprocessable('INVALID_GEOMETRY', ELEVATION_MESSAGES.outside);

/** Whether the model's [[w, s], [e, n]] meets a [west, south, east, north] box (none known: it may). */
function overlaps(model: CheckedElevationModel, box: number[] | null): boolean {
  if (!box || box.length !== 4) return true;
  const [west = 0, south = 0, east = 0, north = 0] = box;
  const [[modelWest, modelSouth], [modelEast, modelNorth]] = model.bounds;
  return modelWest < east && modelEast > west && modelSouth < north && modelNorth > south;
}

export interface ElevationDeps {
  repo: ElevationRepo;
  storage: Storage;
  inspections: InspectionsService;
  guard: ConstructionGuard;
  /** Where the models are checked and the volumes computed (never the event loop that answers HTTP). */
  cpu: CpuPool;
}

/** ★ Elevation models of scenes and the volumes measured on them (cut, fill, net). */
export function createElevationService({ repo, storage, inspections, guard, cpu }: ElevationDeps) {
  async function modelKeyOf(sceneId: number): Promise<string> {
    const row = await repo.modelOf(sceneId);
    if (!row) throw noModel();
    return row.storageKey;
  }

  return {
    /** Stores a scene's DSM (ADMIN; checked before a byte is kept) beside the scene's other files. */
    async upload(sceneId: number, bytes: Buffer, filename: string) {
      const scene = await repo.scene(sceneId);
      if (!scene) throw notFound(SCENE_MESSAGES.notFound, 'SCENE_NOT_FOUND');
      // Its header is read and checked on the CPU pool, on a copy of the bytes moved there.
      const copy = new Uint8Array(bytes);
      const model = await cpu.run('checkElevationModel', { bytes: copy }, { transfer: [copy.buffer] });
      if (!overlaps(model, scene.bounds ?? scene.sourceBounds ?? scene.projectBbox))
        throw unprocessable('INVALID_ELEVATION_MODEL', ELEVATION_MESSAGES.noOverlap);
      const folder = scene.originalKey.slice(0, scene.originalKey.lastIndexOf('/'));
      const storageKey = `${folder}/dsm.tif`;
      await storage.put(storageKey, bytes);
      await repo.save({
        sceneId,
        storageKey,
        originalName: filename,
        width: model.width,
        height: model.height,
      });
      return { scene_id: sceneId, width: model.width, height: model.height };
    },

    /**
     * The volume of a polygon on the inspection's DSM against the chosen base, or, with compare_inspection_id,
     * the cut and fill between the two inspections' models (the earlier one is the reference).
     */
    async measure(user: AuthUser, input: MeasureVolume): Promise<VolumeMeasure> {
      const { inspection, project } = await inspections.get(user, input.inspection_id);
      const compared =
        input.compare_inspection_id === undefined
          ? null
          : (await inspections.get(user, input.compare_inspection_id, project.id)).inspection;
      guard.require(user, project, 'read');
      if (input.geometry.type !== 'Polygon')
        throw unprocessable('INVALID_GEOMETRY', ELEVATION_MESSAGES.polygonOnly);
      measureNoteShape('polygon', input.geometry);
      if (compared && compared.id === inspection.id)
        throw unprocessable('VALIDATION', ELEVATION_MESSAGES.sameInspection);
      const lonLat = (input.geometry.coordinates[0] ?? []) as Point2[];
      const modelKey = await modelKeyOf(inspection.sceneId);
      const comparedKey = compared ? await modelKeyOf(compared.sceneId) : null;
      // Decoding the models' windows and integrating them run on the CPU pool.
      const measured = await withLocalFile(storage, modelKey, (model) => {
        const task = (comparedModel: string | null) =>
          cpu.run('measureVolume', {
            model,
            compared:
              compared && comparedModel
                ? { model: comparedModel, earlier: compared.date < inspection.date }
                : null,
            ring: lonLat,
            base: input.base,
            baseHeight: input.baseHeight,
          });
        return comparedKey ? withLocalFile(storage, comparedKey, task) : task(null);
      });
      if (!measured) throw outside();
      if (measured.kind === 'difference') {
        return {
          ...measured.figures,
          base: null,
          baseHeight: null,
          compare_inspection_id: compared?.id ?? null,
        };
      }
      const result = measured.figures;
      const { baseAtVertices, ...figures } = result;
      return {
        ...figures,
        base: input.base,
        baseHeight: baseAtVertices.reduce((sum, value) => sum + value, 0) / baseAtVertices.length,
        compare_inspection_id: null,
      };
    },
  };
}

export type ElevationService = ReturnType<typeof createElevationService>;
