import { readFileSync } from 'node:fs';
import { AI_REVIEW_BELOW } from '@mirante/shared';
import type { RasterSource } from '../../../imagery/raster-source';
import type { LotFeatures } from './lot-features';
import type { LotInput } from './lot-scan';
import { extractSceneFeatures } from './scene-features';

/**
 * How the imagery the AI was trained on looks in the built/empty model's feature space (familiarity.json,
 * written by `npm run ai:familiarity` from the training lots): for each feature, the range that each training
 * source (every real set that trains the model, and the demo's synthetic scenes) spans between its 1st and 99th
 * percentile, united over the sources. A lot with a feature outside it is unlike every source.
 */
export interface FamiliarityStats {
  format: 'mirante-familiarity-1';
  features: string[];
  /** [low, high] per feature, in the order of `features`. */
  ranges: [number, number][];
  training: Record<string, unknown>;
}

/**
 * A scene is unlike the training imagery when at least this share of its lots falls outside the training ranges.
 * `npm run ai:familiarity` (2026-12-07): 4–5 % of the training sets' lots, 2–7 % of the held-out real sets
 * (Austin, Zanzibar), 3–4 % of the demo's held-out layouts; 70 % on the Bali drone orthomosaic of crop plots,
 * bare soil and a road (read 'Construído' at 0.98 before) and 44 % on an OpenDroneMap orthophoto of fields.
 */
export const UNFAMILIAR_SCENE_SHARE = 0.25;

/**
 * Confidence at most this on an unfamiliar scene: under the review threshold, so that every reading is listed
 * 'A revisar', and above ½, so the decision keeps its side.
 */
export const UNFAMILIAR_CONFIDENCE_CAP = Math.round((AI_REVIEW_BELOW - 0.05) * 100) / 100;

/**
 * At most this many lots (an even sample of the scene's) are read to judge a scene's familiarity: enough to tell
 * 25 % from the 2–7 % of familiar imagery (standard error of the share about 3 points). The sample spans the
 * whole scene, so its read is not cheap: on the demo's 0.4 m scene (600 lots) it cost 1.3 s of CPU against
 * 1.6 s for every lot's features (2026-12-07).
 */
export const FAMILIARITY_SAMPLE_LOTS = 200;

export function parseFamiliarityStats(json: unknown): FamiliarityStats {
  const stats = json as Partial<FamiliarityStats> | null;
  if (
    !stats ||
    stats.format !== 'mirante-familiarity-1' ||
    !Array.isArray(stats.features) ||
    !Array.isArray(stats.ranges) ||
    stats.ranges.length !== stats.features.length ||
    !stats.ranges.every(
      (r) => Array.isArray(r) && r.length === 2 && typeof r[0] === 'number' && typeof r[1] === 'number',
    )
  )
    throw new Error('familiarity.json is not a mirante-familiarity-1 file');
  return stats as FamiliarityStats;
}

let committed: FamiliarityStats | null = null;

export function loadFamiliarityStats(): FamiliarityStats {
  committed ??= parseFamiliarityStats(
    JSON.parse(readFileSync(new URL('./familiarity.json', import.meta.url), 'utf8')),
  );
  return committed;
}

const valueOf = (features: LotFeatures, name: string): number =>
  (features as Record<string, number | undefined>)[name] ?? Number.NaN;

/**
 * The training ranges widened to cover the lots a project's ADMIN corrected: the per-project model learnt their
 * look, so a scene that looks like them is familiar to it. Corrected lots lacking a feature leave it as it was.
 */
export function rangesWithCorrections(
  stats: FamiliarityStats,
  corrected: readonly LotFeatures[],
): [number, number][] {
  return stats.ranges.map(([low, high], i) => {
    const name = stats.features[i] as string;
    let lo = low;
    let hi = high;
    for (const features of corrected) {
      const value = valueOf(features, name);
      if (!Number.isFinite(value)) continue;
      lo = Math.min(lo, value);
      hi = Math.max(hi, value);
    }
    return [lo, hi];
  });
}

/** Whether one lot lies inside the ranges on every feature (a missing feature counts as outside). */
export function lotIsFamiliar(
  features: readonly string[],
  ranges: readonly (readonly [number, number])[],
  lot: LotFeatures,
): boolean {
  return features.every((name, i) => {
    const value = valueOf(lot, name);
    const [low, high] = ranges[i] as readonly [number, number];
    return Number.isFinite(value) && value >= low && value <= high;
  });
}

export interface SceneFamiliarity {
  /** Share of the read lots outside the ranges, 0–1 (0 when no lot was read). */
  unfamiliarShare: number;
  unfamiliar: boolean;
}

/** Judges a scene by its read lots' features (a sample of them is enough). */
export function sceneFamiliarity(
  stats: FamiliarityStats,
  lots: readonly LotFeatures[],
  corrected: readonly LotFeatures[] = [],
): SceneFamiliarity {
  if (lots.length === 0) return { unfamiliarShare: 0, unfamiliar: false };
  const ranges = rangesWithCorrections(stats, corrected);
  const outside = lots.filter((lot) => !lotIsFamiliar(stats.features, ranges, lot)).length;
  const unfamiliarShare = outside / lots.length;
  return { unfamiliarShare, unfamiliar: unfamiliarShare >= UNFAMILIAR_SCENE_SHARE };
}

/** Features of an even sample of at most `max` lots of a scene (lots the scene shows too little of left out). */
export async function sampleSceneFeatures(
  source: RasterSource,
  lots: readonly LotInput[],
  max: number,
): Promise<LotFeatures[]> {
  const step = Math.max(1, lots.length / max);
  const sample = Array.from(
    { length: Math.min(lots.length, max) },
    (_, i) => lots[Math.floor(i * step)] as LotInput,
  );
  const out: LotFeatures[] = [];
  for await (const { features } of extractSceneFeatures(source, sample)) if (features) out.push(features);
  return out;
}
