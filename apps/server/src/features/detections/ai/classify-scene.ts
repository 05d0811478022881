import { readFileSync } from 'node:fs';
import { openGeoTiff } from '../../../imagery/geotiff-source';
import { DEFAULT_IMAGE_LIMITS } from '../../../imagery/limits';
import type { RasterSource } from '../../../imagery/raster-source';
import { parseBoostedModel, predictProbabilities, type BoostedModel } from './boosted-model';
import type { DetectionStatus } from './detection-status';
import { featureVector, type LotFeatures } from './lot-features';
import type { LotInput } from './lot-scan';
import { extractSceneFeatures } from './scene-features';

export interface LotClassification {
  lotId: string;
  /** 'X' (Nenhuma) when the scene shows too little of the lot to read it. */
  status: DetectionStatus;
  /** Probability of `status`, 0–1: the status history's `precision`. 0 for 'X'. */
  confidence: number;
  probabilities: Partial<Record<DetectionStatus, number>>;
  /** Keep these per lot: they are the `previous` of the next scene's run. Null for 'X'. */
  features: LotFeatures | null;
}

export interface ClassifySceneInput {
  /** A raster already open (e.g. the demo renderer's scene in memory); or give `sceneFile`. */
  raster?: RasterSource;
  /** Path of the scene GeoTIFF, read in row bands with geotiff.js. */
  sceneFile?: string;
  lots: Iterable<LotInput>;
  /** Features of the same lots in the previous scene, by lot id (from an earlier run's `features`). */
  previous?: ReadonlyMap<string, LotFeatures>;
  /** Defaults to the committed model.json. */
  model?: BoostedModel;
  bandRows?: number;
}

let committedModel: BoostedModel | null = null;

export function loadCommittedModel(): BoostedModel {
  committedModel ??= parseBoostedModel(
    JSON.parse(readFileSync(new URL('./model.json', import.meta.url), 'utf8')),
  );
  return committedModel;
}

/** Classifies each lot from its pixels, yielding results as soon as each lot's rows have been read. */
export async function* classifyScene(input: ClassifySceneInput): AsyncGenerator<LotClassification> {
  const model = input.model ?? loadCommittedModel();
  const source =
    input.raster ?? (input.sceneFile ? await openGeoTiff(input.sceneFile, DEFAULT_IMAGE_LIMITS) : null);
  if (!source) throw new Error('classifyScene needs a raster or a sceneFile');
  try {
    for await (const { lotId, features } of extractSceneFeatures(source, input.lots, input.previous, {
      bandRows: input.bandRows,
    })) {
      yield features
        ? classifyFeatures(model, lotId, features)
        : { lotId, status: 'X', confidence: 0, probabilities: {}, features: null };
    }
  } finally {
    if (!input.raster) await source.close();
  }
}

export function classifyFeatures(
  model: BoostedModel,
  lotId: string,
  features: LotFeatures,
): LotClassification {
  const probabilities = predictProbabilities(model, featureVector(features));
  let best = 0;
  for (let c = 1; c < probabilities.length; c++)
    if ((probabilities[c] as number) > (probabilities[best] as number)) best = c;
  return {
    lotId,
    status: model.classes[best] as DetectionStatus,
    confidence: Math.round((probabilities[best] as number) * 1000) / 1000,
    probabilities: Object.fromEntries(
      model.classes.map((c, i) => [c, Math.round((probabilities[i] as number) * 1000) / 1000]),
    ),
    features,
  };
}

/** Collects a streamed run into an array (tests, small scenes). */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
