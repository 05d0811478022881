import type { Feature, Polygon } from 'geojson';
import { displayDate } from '@mirante/shared';
import type { DemoLayerProperties } from './allotment-layers';
import type { EnvironmentTruth } from './environment-site';
import { lonLatToUtm, type Utm } from './projection';

/** One environment analysis of the demo: a before scene, an after scene and what changed between them. */
export interface EnvironmentAnalysis {
  /** YYYY-MM-DD of the before scene */
  beforeDate: string;
  /** YYYY-MM-DD of the after scene */
  afterDate: string;
  changes: EnvironmentTruth[];
}

/**
 * The analyses the ground truth implies: one per pair of scenes between which the generator changed something
 * (a clearing appears between two consecutive scenes; regrowth and plantings are measured from the scene where
 * they start to the last one). Sorted by after date, then before date.
 */
export function environmentAnalyses(truth: readonly EnvironmentTruth[]): EnvironmentAnalysis[] {
  const byPair = new Map<string, EnvironmentAnalysis>();
  for (const record of truth) {
    const key = `${record.beforeDate}/${record.afterDate}`;
    const analysis = byPair.get(key) ?? {
      beforeDate: record.beforeDate,
      afterDate: record.afterDate,
      changes: [],
    };
    analysis.changes.push(record);
    byPair.set(key, analysis);
  }
  return [...byPair.values()].sort(
    (a, b) => a.afterDate.localeCompare(b.afterDate) || a.beforeDate.localeCompare(b.beforeDate),
  );
}

/**
 * The environment demo's pair: its last scene and the latest one at least a year before it. The same season (the
 * detector still removes what the season changed, but has less to remove), and every kind of change the demo
 * holds lies between them: both plantings growing, the first clearing's regrowth, the second clearing.
 */
export function environmentDemoPair(dates: readonly string[]): [string, string] | null {
  const sorted = [...dates].sort();
  const after = sorted.at(-1);
  if (after === undefined) return null;
  const yearBefore = `${Number(after.slice(0, 4)) - 1}${after.slice(4)}`;
  const before = sorted.filter((date) => date <= yearBefore).at(-1);
  return before === undefined ? null : [before, after];
}

/** DD/MM/YYYY */

/** The entities and their fields Layer fields of a detected change, in the words an environmental analyst would use (pt-BR). */
const WORDING: Record<
  EnvironmentTruth['cause'],
  { title: string; category: string; color: string; describe(before: string, after: string): string }
> = {
  clearing: {
    title: 'Desmatamento',
    category: 'Supressão de vegetação nativa',
    color: '#d64541',
    describe: (before, after) =>
      `Supressão de vegetação nativa em APP: mata ciliar cortada entre ${before} e ${after}, ` +
      'solo exposto com leiras de galhos e tocos.',
  },
  regrowth: {
    title: 'Regeneração',
    category: 'Regeneração natural',
    color: '#3fa34d',
    describe: (before, after) =>
      `Regeneração natural da mata ciliar na área suprimida: rebrota de espécies pioneiras entre ${before} e ` +
      `${after}.`,
  },
  planting: {
    title: 'Reflorestamento',
    category: 'Plantio de mudas nativas',
    color: '#2e7d32',
    describe: (before, after) =>
      'Recomposição de mata ciliar em APP com plantio de mudas nativas em linhas, área cercada; ' +
      `crescimento das mudas entre ${before} e ${after}.`,
  },
};

/** Shoelace area of a lon/lat ring, in m² (measured in SIRGAS 2000 / UTM 22S). */
export function ringAreaM2(ring: readonly number[][]): number {
  const utm = ring.map((p): Utm => lonLatToUtm([p[0] ?? 0, p[1] ?? 0]));
  let sum = 0;
  for (let i = 1; i < utm.length; i++) {
    const a = utm[i - 1] as Utm;
    const b = utm[i] as Utm;
    sum += a[0] * b[1] - b[0] * a[1];
  }
  return Math.abs(sum) / 2;
}

/**
 * REFO/DEFO map layers of the demo environment project, one per change of every analysis: the polygon the
 * ground truth outlines, the two scenes' dates, a category and a description. Deterministic (same truth, same
 * layers, same source keys).
 */
export function environmentDetectionLayers(
  truth: readonly EnvironmentTruth[],
): Feature<Polygon, DemoLayerProperties>[] {
  return environmentAnalyses(truth).flatMap((analysis) =>
    analysis.changes.map((change): Feature<Polygon, DemoLayerProperties> => {
      const wording = WORDING[change.cause];
      const geometry = change.geometry as Polygon;
      return {
        type: 'Feature',
        geometry,
        properties: {
          type: change.type,
          name: `${wording.title} — ${change.patch}`,
          area: Math.round(ringAreaM2(geometry.coordinates[0] ?? [])),
          sourceKey: `${change.type}:${change.patch}:${analysis.beforeDate}:${analysis.afterDate}`,
          rect: wording.describe(displayDate(analysis.beforeDate), displayDate(analysis.afterDate)),
          category_name: wording.category,
          category_color: wording.color,
          detect_before_date: analysis.beforeDate,
          detect_after_date: analysis.afterDate,
        },
      };
    }),
  );
}
