import { DETECTION_MESSAGES } from '@mirante/shared';
import type { CpuPool } from '../../cpu/cpu-pool';
import { itemStream } from '../../cpu/item-stream';
import type { Storage } from '../../storage/storage';
import type { DetectionProcessor, ProcessingReporter } from '../analyses';
import type { LotReading } from './ai/detection-tasks';
import { SELF_TRAINING_MAX_LOTS, type Correction } from './ai/project-adaptation';
import { parseTextureDictionary, type TextureDictionary } from './ai/texture-words';
import type { LotFeatures } from './ai/lot-features';
import type { LotGeometry } from './ai/lot-mask';
import type { DetectionsRepo, ResultRow } from './detections.repo';
import { sceneOnDisk } from '../../imagery/scene-on-disk';
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
  results: AsyncIterable<LotReading>,
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
 * The project's texture words: the stored ones, or the ones learnt on this scene (`learnt`), stored when the
 * project has none yet (its first analysed scene), so that all its scenes' lots are described alike
 * (ai/texture-words.ts). Two analyses learning at once: the first stored wins.
 */
async function keptDictionary(
  repo: DetectionsRepo,
  analysis: { projectId: number; sceneId: number },
  learnt: TextureDictionary | null,
): Promise<TextureDictionary | null> {
  if (!learnt) return null;
  return parseTextureDictionary(
    await repo.keepTextureDictionary(analysis.projectId, analysis.sceneId, learnt),
  );
}

/**
 * The `detections-process` job: reads every LOT of an allotment's analysed scene with the AI (features
 * against the project's previous analysed scene) and makes the readings the lots' status history at the
 * scene's date (source 'ai', precision = confidence). The project's manual corrections adapt the built/empty
 * model first (ai/project-adaptation.ts); a scene the model cannot read (grey, coarse, cloud) is not classified;
 * one unlike the imagery it knows (ai/scene-familiarity.ts) is read with every lot 'A revisar' and the
 * analysis's review reason saying why.
 * Throwing marks the analysis failed with the message.
 */
export function createDetectionsProcessor(
  repo: DetectionsRepo,
  storage: Storage,
  cpu: CpuPool,
): DetectionProcessor {
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
    await withLocalFile(storage, analysis.originalKey, async (file) => {
      // Reading the scene (readability, texture words, every lot's features and scores) runs on the CPU pool.
      const scene = sceneOnDisk(file, analysis.sourceKind, analysis.sourceBounds);
      const stored = parseTextureDictionary(await repo.textureDictionary(analysis.projectId));
      const read = await cpu.run('readSceneForAi', {
        scene,
        lots,
        learnDictionary: !stored,
        corrections,
      });
      const unfamiliar = read.familiarity?.unfamiliar ?? false;
      await repo.setReviewReason(detectId, unfamiliar ? DETECTION_MESSAGES.unfamiliarScene : null);
      if (read.unreadable) throw new Error(read.unreadable);
      const dictionary = stored ?? (await keptDictionary(repo, analysis, read.dictionary));
      await report.progress(START_PERCENT);
      const readings = itemStream<LotReading>();
      const classified = cpu
        .run(
          'classifyLots',
          { scene, lots, previous, corrections, uncorrected, dictionary, unfamiliar },
          { onMessage: (batch) => readings.push(...(batch as LotReading[])) },
        )
        .then(readings.end, readings.fail);
      try {
        await repo.replaceResults(
          { detectId, sceneId: analysis.sceneId, date: analysis.sceneDate },
          resultBatches(readings.items(), lots.length, report),
        );
      } finally {
        await classified;
      }
    });
  };
}
