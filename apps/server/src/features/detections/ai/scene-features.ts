import type { RasterSource } from '../../../imagery/raster-source';
import { sceneFeatures, withChanges, type LotFeatures } from './lot-features';
import { scanLots, type LotInput, type ScanOptions } from './lot-scan';
import {
  DICTIONARY_LOTS,
  learnTextureDictionary,
  textureWords,
  type TextureDictionary,
} from './texture-words';

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
  dictionary?: TextureDictionary | null,
): AsyncGenerator<LotSceneFeatures> {
  for await (const { id, accumulator } of scanLots(source, lots, options)) {
    const current = sceneFeatures(accumulator);
    const words = current && dictionary ? textureWords(accumulator.texture, dictionary) : null;
    yield {
      lotId: id,
      features:
        current && current.coverage >= MIN_COVERAGE
          ? withChanges({ ...current, ...words }, previous?.get(id))
          : null,
    };
  }
}

/**
 * A project's texture dictionary learnt on one scene, from an even sample of its lots (DICTIONARY_LOTS): a
 * first, partial read of the scene before the lots are read with it (texture-words.ts).
 */
export async function learnSceneDictionary(
  source: RasterSource,
  lots: readonly LotInput[],
  options?: ScanOptions,
): Promise<TextureDictionary | null> {
  const step = Math.max(1, lots.length / DICTIONARY_LOTS);
  const sample = Array.from(
    { length: Math.min(lots.length, DICTIONARY_LOTS) },
    (_, i) => lots[Math.floor(i * step)] as LotInput,
  );
  const textures = [];
  for await (const { accumulator } of scanLots(source, sample, options)) {
    const current = sceneFeatures(accumulator);
    if (current && current.coverage >= MIN_COVERAGE) textures.push(accumulator.texture);
  }
  return learnTextureDictionary(textures);
}
