import type { RasterSource } from '../../../imagery/raster-source';
import { sceneFeatures, withChanges, type LotFeatures } from './lot-features';
import { scanLots, type LotInput, type ScanOptions } from './lot-scan';

/** Lots whose valid pixels cover less than this share of the polygon are not read (status X). */
export const MIN_COVERAGE = 0.3;

export interface LotSceneFeatures {
  lotId: string;
  /** Null when the scene shows too little of the lot (outside, no-data collar). */
  features: LotFeatures | null;
}

/** Features of every lot in one scene, streamed in the order lots finish (see scanLots). */
export async function* extractSceneFeatures(
  source: RasterSource,
  lots: Iterable<LotInput>,
  previous?: ReadonlyMap<string, LotFeatures>,
  options?: ScanOptions,
): AsyncGenerator<LotSceneFeatures> {
  for await (const { id, accumulator } of scanLots(source, lots, options)) {
    const current = sceneFeatures(accumulator);
    yield {
      lotId: id,
      features: current && current.coverage >= MIN_COVERAGE ? withChanges(current, previous?.get(id)) : null,
    };
  }
}
