import { BUILT_FEATURES } from './built-training';
import type { LotFeatures } from '../../src/features/detections/ai/lot-features';

/**
 * A scene's familiarity is judged on the built/empty model's own features: what decides built or not. The colour
 * ratios that shift from one sensor to another are left out: the shipped model does not read them (Austin's
 * aerial imagery falls outside the training colours on 61 % of its lots, yet inside on these on 98 %).
 */
export const FAMILIARITY_FEATURES = BUILT_FEATURES;

/** Percentiles of each source kept as its range: the 1 % at each end are taken as outliers. */
export const RANGE_PERCENTILES = [0.01, 0.99] as const;

function percentile(sorted: readonly number[], p: number): number {
  const at = p * (sorted.length - 1);
  const below = Math.floor(at);
  const above = Math.min(sorted.length - 1, below + 1);
  return (sorted[below] as number) + (at - below) * ((sorted[above] as number) - (sorted[below] as number));
}

/** Per feature, each source's [1st, 99th] percentile range, united over the sources. */
export function familiarityRanges(
  sources: readonly (readonly LotFeatures[])[],
  features: readonly string[],
): [number, number][] {
  return features.map((name) => {
    let low = Infinity;
    let high = -Infinity;
    for (const lots of sources) {
      const values = lots
        .map((lot) => (lot as Record<string, number | undefined>)[name] ?? Number.NaN)
        .filter(Number.isFinite)
        .sort((a, b) => a - b);
      if (values.length === 0) continue;
      low = Math.min(low, percentile(values, RANGE_PERCENTILES[0]));
      high = Math.max(high, percentile(values, RANGE_PERCENTILES[1]));
    }
    if (!Number.isFinite(low)) throw new Error(`no training lot has the feature ${name}`);
    return [low, high];
  });
}
