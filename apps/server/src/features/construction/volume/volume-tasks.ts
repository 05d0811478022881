import { readFile } from 'node:fs/promises';
import { modelBounds, openElevationModel, windowAround } from './dsm-file';
import { volumeOnModel } from './volume-on-model';
import {
  differenceVolume,
  polygonVolume,
  type BaseMethod,
  type Point2,
  type VolumeFigures,
} from './dsm-volume';

export interface MeasureVolumeInput {
  /** Local path of the measured inspection's DSM. */
  model: string;
  /** The other inspection's DSM and whether it is the earlier one (the reference); null for a base. */
  compared: { model: string; earlier: boolean } | null;
  /** The polygon's outer ring, lon/lat. */
  ring: Point2[];
  base: BaseMethod;
  baseHeight?: number;
}

/** The figures, or null when the polygon leaves a model (or a vertex falls where it has no data). */
export type VolumeOnModels =
  | { kind: 'difference'; figures: VolumeFigures }
  | { kind: 'base'; figures: VolumeFigures & { baseAtVertices: number[] } }
  | null;

/** What an uploaded DSM is, once its header was checked: its size in cells and its WGS 84 bounds. */
export interface CheckedElevationModel {
  width: number;
  height: number;
  bounds: [[number, number], [number, number]];
}

/**
 * The DSMs' CPU work (checking an upload's header, decoding the models' windows, integrating cell by cell), on
 * a CPU pool thread.
 */
export const volumeTasks = {
  /** Opens an uploaded DSM as `openElevationModel` does; a refusal is its pt-BR `AppError`. */
  async checkElevationModel(input: { bytes: Uint8Array }): Promise<CheckedElevationModel> {
    const model = await openElevationModel(input.bytes);
    return { width: model.width, height: model.height, bounds: modelBounds(model) };
  },

  /** The volume of a lon/lat polygon on a DSM's bytes against a base (the demo's notes); null off the model. */
  measureVolumeOnBytes(input: { bytes: Uint8Array; ring: Point2[]; base: BaseMethod }) {
    return volumeOnModel(input.bytes, input.ring, input.base);
  },

  async measureVolume(input: MeasureVolumeInput): Promise<VolumeOnModels> {
    const here = await windowAround(await openElevationModel(await readFile(input.model)), input.ring);
    if (!here) return null;
    if (input.compared) {
      const model = await openElevationModel(await readFile(input.compared.model));
      const other = await windowAround(model, input.ring);
      if (!other) return null;
      const [before, after] = input.compared.earlier ? [other, here] : [here, other];
      return { kind: 'difference', figures: differenceVolume(before.grid, after.grid, after.ring) };
    }
    const figures = polygonVolume(here.grid, here.ring, input.base, input.baseHeight);
    return figures ? { kind: 'base', figures } : null;
  },
};
