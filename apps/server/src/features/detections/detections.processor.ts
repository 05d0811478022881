import { DETECTION_MESSAGES } from '@mirante/shared';
import { DEFAULT_IMAGE_LIMITS } from '../../imagery/limits';
import { openSceneSource } from '../../imagery/open-scene-source';
import type { Storage } from '../../storage/storage';
import type { DetectionProcessor, ProcessingReporter } from '../analyses';
import { loadBuiltModel } from './ai/built-model';
import { classifyScene, type LotClassification } from './ai/classify-scene';
import { projectModel, SELF_TRAINING_MAX_LOTS, type Correction } from './ai/project-adaptation';
import { unreadableReason } from './ai/scene-readability';
import { learnSceneDictionary } from './ai/scene-features';
import { parseTextureDictionary, type TextureDictionary } from './ai/texture-words';
import type { LotInput } from './ai/lot-scan';
import type { RasterSource } from '../../imagery/raster-source';
import type { LotFeatures } from './ai/lot-features';
import type { LotGeometry } from './ai/lot-mask';
import type { DetectionsRepo, ResultRow } from './detections.repo';
import { withLocalFile } from '../../storage/local-file';

const BATCH_SIZE = 500;
/** Progress before the first lot is read (context loaded, scene opened) and the share of reading lots. */
const START_PERCENT = 5;
const READ_PERCENT = 90;

/**
 * Results in batches for the writer, reporting progress as lots complete (every 5 %, so 10,000 lots cost
 * about 20 progress updates, not 10,000).
 */
async function* resultBatches(
  results: AsyncIterable<LotClassification>,
  total: number,
  report: ProcessingReporter,
): AsyncGenerator<ResultRow[]> {
  let batch: ResultRow[] = [];
  let done = 0;
  let reported = START_PERCENT;
  for await (const result of results) {
    batch.push({
      layerId: Number(result.lotId),
      status: result.status,
      confidence: result.confidence,
      features: result.features,
    });
    done += 1;
    if (batch.length >= BATCH_SIZE) {
      yield batch;
      batch = [];
    }
    const percent = Math.floor(START_PERCENT + (done / total) * READ_PERCENT);
    if (percent >= reported + 5) {
      reported = percent;
      await report.progress(percent);
    }
  }
  if (batch.length > 0) yield batch;
}

const isArea = (geometry: unknown): geometry is LotGeometry => {
  const type = (geometry as { type?: unknown } | null)?.type;
  return type === 'Polygon' || type === 'MultiPolygon';
};

/** Stored features are our own JSON (see ai/lot-features.ts); anything else is skipped. */
function previousMap(stored: Map<number, unknown>): Map<string, LotFeatures> {
  const out = new Map<string, LotFeatures>();
  for (const [layerId, features] of stored) {
    if (typeof features === 'object' && features !== null) out.set(String(layerId), features as LotFeatures);
  }
  return out;
}

const BUILT_STATUSES = new Set(['C', 'E']);
const EMPTY_STATUSES = new Set(['V', 'B']);

/** Manual statuses that say built (C/E) or not built (V/B), with the lot's stored features, to learn from. */
function correctionsOf(rows: readonly { status: string; features: unknown }[]): Correction[] {
  return rows.flatMap((row) =>
    (BUILT_STATUSES.has(row.status) || EMPTY_STATUSES.has(row.status)) &&
    typeof row.features === 'object' &&
    row.features !== null
      ? [{ features: row.features as LotFeatures, built: BUILT_STATUSES.has(row.status) }]
      : [],
  );
}

/**
 * The project's texture words: the stored ones, or learnt on this scene and stored when the project has none
 * yet (its first analysed scene), so that all its scenes' lots are described alike (ai/texture-words.ts).
 */
async function projectDictionary(
  repo: DetectionsRepo,
  analysis: { projectId: number; sceneId: number },
  raster: RasterSource,
  lots: readonly LotInput[],
): Promise<TextureDictionary | null> {
  const stored = parseTextureDictionary(await repo.textureDictionary(analysis.projectId));
  if (stored) return stored;
  const learnt = await learnSceneDictionary(raster, lots);
  if (!learnt) return null;
  return parseTextureDictionary(
    await repo.keepTextureDictionary(analysis.projectId, analysis.sceneId, learnt),
  );
}

/**
 * The `detections-process` job: reads every LOT of an allotment's analysed scene with the AI (features
 * against the project's previous analysed scene) and makes the readings the lots' status history at the
 * scene's date (source 'ai', precision = confidence). The project's manual corrections adapt the built/empty
 * model first (ai/project-adaptation.ts); a scene the model cannot read (grey, coarse, cloud) is not classified.
 * Throwing marks the analysis failed with the message.
 */
export function createDetectionsProcessor(repo: DetectionsRepo, storage: Storage): DetectionProcessor {
  return async ({ detectId }, report) => {
    const analysis = await repo.analysisContext(detectId);
    if (!analysis) throw new Error(DETECTION_MESSAGES.analysisNotFound);
    if (analysis.projectType !== 'ALLOTMENT') throw new Error(DETECTION_MESSAGES.onlyAllotments);
    const lots = (await repo.lots(analysis.projectId)).flatMap((lot) =>
      isArea(lot.geoJson) ? [{ id: String(lot.id), geometry: lot.geoJson }] : [],
    );
    if (lots.length === 0) throw new Error(DETECTION_MESSAGES.noLots);
    const previous = previousMap(await repo.previousFeatures(analysis.projectId, analysis.sceneDate));
    const corrections = correctionsOf(await repo.corrections(analysis.projectId));
    const uncorrected = (await repo.uncorrectedFeatures(analysis.projectId, SELF_TRAINING_MAX_LOTS)).flatMap(
      (features) => (typeof features === 'object' && features !== null ? [features as LotFeatures] : []),
    );
    const project = projectModel(loadBuiltModel(), corrections, undefined, uncorrected);
    const [west, south, east, north] = analysis.sourceBounds ?? [];
    const bounds =
      west !== undefined && south !== undefined && east !== undefined && north !== undefined
        ? { west, south, east, north }
        : null;

    await withLocalFile(storage, analysis.originalKey, async (file) => {
      const raster = await openSceneSource(file, analysis.sourceKind, bounds, DEFAULT_IMAGE_LIMITS);
      try {
        const unreadable = await unreadableReason(raster);
        if (unreadable) throw new Error(unreadable);
        const dictionary = await projectDictionary(repo, analysis, raster, lots);
        await report.progress(START_PERCENT);
        await repo.replaceResults(
          { detectId, sceneId: analysis.sceneId, date: analysis.sceneDate },
          resultBatches(classifyScene({ raster, lots, previous, project, dictionary }), lots.length, report),
        );
      } finally {
        await raster.close();
      }
    });
  };
}
