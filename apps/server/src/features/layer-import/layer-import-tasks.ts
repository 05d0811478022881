import { planImport, type ExistingLayer, type PlainImportPlan, type PlanOptions } from './import-plan';
import { readLayerFile } from './read/read-layer-file';

export interface PlanLayerFileInput {
  /** The uploaded file (moved into the thread, not copied). */
  bytes: Uint8Array;
  options: PlanOptions;
  existing: ExistingLayer[];
}

/** The layer import's CPU work (reading the file, reprojection, topology checks, matching), on a pool thread. */
export const layerImportTasks = {
  async planLayerFile(input: PlanLayerFileInput): Promise<PlainImportPlan> {
    const file = await readLayerFile(
      Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength),
    );
    const plan = planImport(file, input.options, input.existing);
    const { epsg, name } = plan.crs.crs;
    return { ...plan, crs: { crs: { epsg, name }, source: plan.crs.source } };
  },
};
