import { readFileSync } from 'node:fs';
import { openGeoTiff } from '../../../imagery/geotiff-source';
import { DEFAULT_IMAGE_LIMITS } from '../../../imagery/limits';
import type { RasterSource } from '../../../imagery/raster-source';
import { parseBoostedModel, predictProbabilities, type BoostedModel } from './boosted-model';
import type { DetectionStatus } from './detection-status';
import { featureVector, type LotFeatures } from './lot-features';
import type { LotInput } from './lot-scan';
import { loadBuiltModel } from './built-model';
import { confidenceOf, projectModel, type BuiltReading, type ProjectModel } from './project-adaptation';
import { UNFAMILIAR_CONFIDENCE_CAP } from './scene-familiarity';
import type { TextureDictionary } from './texture-words';
import { extractSceneFeatures } from './scene-features';

export interface LotClassification {
  lotId: string;
  /** 'X' (Nenhuma) when the scene shows too little of the lot to read it. */
  status: DetectionStatus;
  /**
   * Calibrated probability, 0–1, that the lot is rightly read as built (C/E) or not built (V/B): the status
   * history's `precision`. 0 for 'X'.
   */
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
  /** Built/empty probability for this project (adapted to its corrections); defaults to the shipped model's. */
  project?: ProjectModel;
  /** The project's texture words (texture-words.ts); without it the lots' features have none. */
  dictionary?: TextureDictionary | null;
  /**
   * The scene is unlike the imagery the model knows (scene-familiarity.ts): every reading's confidence is capped
   * under the review threshold.
   */
  unfamiliar?: boolean;
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
  const project = input.project ?? projectModel(loadBuiltModel(), []);
  const source =
    input.raster ?? (input.sceneFile ? await openGeoTiff(input.sceneFile, DEFAULT_IMAGE_LIMITS) : null);
  if (!source) throw new Error('classifyScene needs a raster or a sceneFile');
  try {
    for await (const { lotId, features } of extractSceneFeatures(
      source,
      input.lots,
      input.previous,
      { bandRows: input.bandRows },
      input.dictionary,
    )) {
      yield features
        ? classifyFeatures(model, lotId, features, project, input.unfamiliar)
        : { lotId, status: 'X', confidence: 0, probabilities: {}, features: null };
    }
  } finally {
    if (!input.raster) await source.close();
  }
}

const BUILT: readonly string[] = ['C', 'E'];
const EMPTY: readonly string[] = ['V', 'B'];
const round3 = (value: number): number => Math.round(value * 1000) / 1000;

/**
 * Two models decide together. The built/empty model (calibrated, trained on real imagery too, adapted to the
 * project's corrections) says whether the lot has a building; the status model (model.json, trained on the
 * demo's scenes and their changes over time) says which status of that group: C or E when built, V or B when
 * not. Each group's probability is split between its two statuses in the status model's proportions. I
 * (Invasão) and O (Outros) are left to people: on real imagery the status model reads ordinary houses as I/O with
 * high confidence (Austin: 77 % → 65 % balanced accuracy when they were kept; bench/RESULTS.md).
 */
export function classifyFeatures(
  model: BoostedModel,
  lotId: string,
  features: LotFeatures,
  project: ProjectModel = projectModel(loadBuiltModel(), []),
  unfamiliar = false,
): LotClassification {
  const statusProbabilities = predictProbabilities(model, featureVector(features));
  const byClass = new Map(model.classes.map((c, i) => [c, statusProbabilities[i] as number]));
  const read = project.read(features);
  const reading = unfamiliar ? cappedReading(read) : read;
  const { pBuilt } = reading;
  const probabilities: Partial<Record<DetectionStatus, number>> = {};
  for (const [group, share] of [
    [BUILT, pBuilt],
    [EMPTY, 1 - pBuilt],
  ] as const) {
    const total = group.reduce((sum, c) => sum + (byClass.get(c) ?? 0), 0);
    for (const c of group)
      probabilities[c as DetectionStatus] = round3(
        share * (total > 0 ? (byClass.get(c) ?? 0) / total : 1 / group.length),
      );
  }
  const group = reading.built ? BUILT : EMPTY;
  const status = group.reduce((best, c) =>
    (byClass.get(c) ?? 0) > (byClass.get(best) ?? 0) ? c : best,
  ) as DetectionStatus;
  return {
    lotId,
    status,
    confidence: round3(confidenceOf(reading)),
    probabilities,
    features,
  };
}

/**
 * On a scene unlike the training imagery the model's probability says nothing of its error rate (Bali's crop
 * plots read built at 0.98): p(built) is pulled within UNFAMILIAR_CONFIDENCE_CAP of either side, the decision
 * kept, so that the reading is 'A revisar'.
 */
function cappedReading(reading: BuiltReading): BuiltReading {
  const cap = UNFAMILIAR_CONFIDENCE_CAP;
  return { built: reading.built, pBuilt: Math.min(cap, Math.max(1 - cap, reading.pBuilt)) };
}

/** Collects a streamed run into an array (tests, small scenes). */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
