import type { LayerGeometry, LayerImportFields } from '@mirante/shared';
import { outlineOf } from './derive-layers';
import { planImport, type ExistingLayer, type PlainImportPlan, type PlanOptions } from './import-plan';
import type { LayerWrite } from './layer-import.repo';
import { derivedLayers, toWrite, type DerivedLayer } from './layer-writes';
import { readLayerFile } from './read/read-layer-file';

export interface PlanLayerFileInput {
  /** The uploaded file (moved into the thread, not copied). */
  bytes: Uint8Array;
  options: PlanOptions;
  existing: ExistingLayer[];
  derive: Pick<LayerImportFields, 'deriveBlocks' | 'deriveStages'>;
  /** The project takes the lots' outline as its boundary. */
  takesBoundary: boolean;
  /** Measure the rows to write (not for a dry run). */
  writes: boolean;
}

export interface PlannedLayerFile {
  plan: PlainImportPlan;
  derived: DerivedLayer[];
  boundaryGeometry: LayerGeometry | null;
  /** The valid features as rows: new ones, and the ones replacing a matched layer. */
  created: LayerWrite[];
  updated: (LayerWrite & { id: number })[];
}

/**
 * The layer import's CPU work on a pool thread: reading the file, reprojection, topology checks and matching,
 * the derived blocks/stages and boundary (unions in metres) and the measured rows.
 */
export const layerImportTasks = {
  async planLayerFile(input: PlanLayerFileInput): Promise<PlannedLayerFile> {
    const file = await readLayerFile(
      Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength),
    );
    const plan = planImport(file, input.options, input.existing);
    const valid = plan.layers.filter((layer) => layer.valid && layer.geometry);
    const lots = valid.filter((layer) => layer.type === 'LOT');
    const { epsg, name } = plan.crs.crs;
    return {
      plan: { ...plan, crs: { crs: { epsg, name }, source: plan.crs.source } },
      derived: derivedLayers(lots, input.derive),
      boundaryGeometry: input.takesBoundary
        ? outlineOf((lots.length > 0 ? lots : valid).map((layer) => layer.geometry!))
        : null,
      created: input.writes
        ? valid
            .filter((layer) => layer.matchedLayerId === null)
            .map((layer) => toWrite(layer, layer.geometry!))
        : [],
      updated: input.writes
        ? valid
            .filter((layer) => layer.matchedLayerId !== null)
            .map((layer) => ({ ...toWrite(layer, layer.geometry!), id: layer.matchedLayerId! }))
        : [],
    };
  },
};
