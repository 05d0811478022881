import slugify from 'slugify';
import {
  DSM_DIFFERENCE_MESSAGES,
  ELEVATION_MESSAGES,
  type DsmDifference,
  type DsmDifferenceQuery,
} from '@mirante/shared';
import { unprocessable } from '../../../http/app-error';
import type { CpuPool } from '../../../cpu/cpu-pool';
import type { Storage } from '../../../storage/storage';
import { withLocalFile } from '../../../storage/local-file';
import type { AuthUser } from '../../auth';
import type { ConstructionGuard } from '../construction-access';
import type { InspectionsService } from '../inspections.service';
import type { DifferenceInput } from './difference-tasks';

export interface DsmDifferenceDeps {
  /** The storage key of a scene's DSM, null when it has none. */
  modelKeyOf(sceneId: number): Promise<string | null>;
  storage: Storage;
  inspections: InspectionsService;
  guard: ConstructionGuard;
  /** Where the models are read and subtracted (never the event loop that answers HTTP). */
  cpu: CpuPool;
}

/** The elevation-difference map between two inspections' DSMs: the coloured layer, its totals and a GeoTIFF. */
export function createDsmDifferenceService({
  modelKeyOf,
  storage,
  inspections,
  guard,
  cpu,
}: DsmDifferenceDeps) {
  /**
   * Both inspections (the second of the first's project), checked before the module; the older is the
   * reference. Each needs its DSM.
   */
  async function pair(user: AuthUser, query: DsmDifferenceQuery) {
    const { inspection, project } = await inspections.get(user, query.inspection_id);
    const other = (await inspections.get(user, query.compare_inspection_id, project.id)).inspection;
    guard.require(user, project, 'read');
    if (other.id === inspection.id) throw unprocessable('VALIDATION', DSM_DIFFERENCE_MESSAGES.sameInspection);
    const [earlier, later] =
      other.date < inspection.date || (other.date === inspection.date && other.id < inspection.id)
        ? [other, inspection]
        : [inspection, other];
    const keyOf = async (sceneId: number) => {
      const key = await modelKeyOf(sceneId);
      if (!key) throw unprocessable('NO_ELEVATION_MODEL', ELEVATION_MESSAGES.noModel);
      return key;
    };
    return {
      project,
      earlier,
      later,
      earlierKey: await keyOf(earlier.sceneId),
      laterKey: await keyOf(later.sceneId),
    };
  }

  /** Runs a task on both models, copied to local files while it runs (they may live on S3). */
  function onModels<T>(
    keys: { earlierKey: string; laterKey: string },
    tolerance: number,
    task: (input: DifferenceInput) => Promise<T>,
  ) {
    return withLocalFile(storage, keys.earlierKey, (earlier) =>
      withLocalFile(storage, keys.laterKey, (later) => task({ earlier, later, tolerance })),
    );
  }

  return {
    async layer(user: AuthUser, query: DsmDifferenceQuery): Promise<DsmDifference> {
      const found = await pair(user, query);
      const layer = await onModels(found, query.tolerance, (input) => cpu.run('dsmDifferenceLayer', input));
      const { png, corners, ...figures } = layer;
      return {
        ...figures,
        earlier_inspection_id: found.earlier.id,
        later_inspection_id: found.later.id,
        tolerance: query.tolerance,
        image: `data:image/png;base64,${Buffer.from(png).toString('base64')}`,
        corners: corners as DsmDifference['corners'],
      };
    },

    /** The GeoTIFF and its name: project, what, and the two inspections' dates. */
    async geotiff(user: AuthUser, query: DsmDifferenceQuery) {
      const found = await pair(user, query);
      const bytes = await onModels(found, query.tolerance, (input) => cpu.run('dsmDifferenceGeoTiff', input));
      const project = slugify(found.project.name, { lower: true, strict: true });
      return {
        body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        filename: `${project}-diferenca-elevacao-${found.earlier.date}-${found.later.date}.tif`,
      };
    },
  };
}

export type DsmDifferenceService = ReturnType<typeof createDsmDifferenceService>;
