/**
 * The environment change detector measured on the demo environment area's ground truth, on the 2 m grid of
 * `detect-change.demo.test.ts` and on the 1 m grid the app uses (environment.processor.ts): the IoU of the best
 * detected polygon of the right category with each changed patch of each analysis, and, over every pair of the
 * analyses' scenes, the largest area of a detected polygon outside the ground the truth says changed (the test
 * requires it under the minimum mapping unit).
 *
 * `npm run bench:environment-demo` prints the tables; `-- --write` also records them in bench/RESULTS.md.
 */
import os from 'node:os';
import { area as turfArea, difference, feature, featureCollection, intersect, union } from '@turf/turf';
import { demoSite } from '@mirante/demo/demo-sites';
import { environmentAnalyses } from '@mirante/demo/environment-detections';
import type { EnvironmentTruth } from '@mirante/demo/environment-site';
import { DEMO_SITES } from '@mirante/demo/sites';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { areaMask, gridOver } from '../../apps/server/src/features/environment/detector/change-grid';
import {
  DEFAULT_DETECTOR_SETTINGS,
  detectChange,
} from '../../apps/server/src/features/environment/detector/detect-change';
import { sampleScene } from '../../apps/server/src/features/environment/detector/sample-scene';
import { RESULTS_FILE } from '../../apps/server/tools/ai/paths';
import { writeResultsSection } from '../../apps/server/tools/ai/results-section';
import { sceneRasterSource } from '../../apps/server/tools/ai/scene-raster-source';

const EPSG = 31982;
const GRIDS_M = [2, 1];

const iou = (a: Polygon, b: Polygon): number => {
  const shared = intersect(featureCollection([feature(a), feature(b)]));
  const overlap = shared ? turfArea(shared) : 0;
  return overlap / (turfArea(a) + turfArea(b) - overlap);
};

const site = await demoSite('environment', 2025);
const truth = site.groundTruth() as EnvironmentTruth[];
const boundary = DEMO_SITES.environment.outline as Polygon;
const analyses = environmentAnalyses(truth);
const dates = [...new Set(analyses.flatMap((a) => [a.beforeDate, a.afterDate]))].sort();
const pairs = dates.flatMap((before, i) => dates.slice(i + 1).map((after) => [before, after] as const));

const changedGround = (before: string, after: string): Feature<Polygon | MultiPolygon> | null => {
  const changed = truth
    .filter((t) => t.changedSince < after && t.afterDate > before)
    .map((t) => feature(t.geometry as Polygon));
  return changed.length < 2 ? (changed[0] ?? null) : union(featureCollection(changed));
};

const iouRows = new Map<string, string[]>();
const falseRows: string[] = [];
const cpu = process.cpuUsage();
for (const cell of GRIDS_M) {
  const grid = gridOver(boundary, cell);
  const area = areaMask(grid, boundary);
  const scenes = new Map<string, Uint8Array>();
  for (const date of dates) {
    const scene = site.render(site.dates.indexOf(date), cell);
    scenes.set(date, await sampleScene(sceneRasterSource(scene, EPSG), grid));
  }
  const detect = (before: string, after: string) =>
    detectChange({
      grid,
      before: scenes.get(before) as Uint8Array,
      after: scenes.get(after) as Uint8Array,
      area,
    });
  for (const analysis of analyses) {
    const patches = detect(analysis.beforeDate, analysis.afterDate);
    for (const change of analysis.changes) {
      const key = `| ${analysis.beforeDate} → ${analysis.afterDate} | ${change.type} ${change.name} |`;
      const best = Math.max(
        0,
        ...patches
          .filter((p) => p.category === change.type)
          .map((p) => iou(p.geometry, change.geometry as Polygon)),
      );
      iouRows.set(key, [...(iouRows.get(key) ?? []), best.toFixed(2)]);
    }
  }
  let worst = { area: 0, where: 'none' };
  let above = 0;
  for (const [before, after] of pairs) {
    const changed = changedGround(before, after);
    for (const patch of detect(before, after)) {
      const outside = changed
        ? difference(featureCollection([feature(patch.geometry), changed]))
        : feature(patch.geometry);
      const outsideM2 = outside ? turfArea(outside) : 0;
      if (outsideM2 > DEFAULT_DETECTOR_SETTINGS.minAreaM2) above += 1;
      if (outsideM2 > worst.area)
        worst = { area: outsideM2, where: `${before} → ${after}, ${patch.category}` };
    }
  }
  falseRows.push(
    `| ${cell} m | ${pairs.length} | ${Math.round(worst.area)} m² (${worst.where}) | ${above} |`,
  );
}
const used = process.cpuUsage(cpu);
const lines = [
  `## Environment detector on the demo ground truth (\`npm run bench:environment-demo\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
  '',
  'Demo environment area (seed 2025), scenes rendered at the grid cell and resampled onto it; default settings',
  `(minimum unit ${DEFAULT_DETECTOR_SETTINGS.minAreaM2} m²). IoU of the best detected polygon of the patch's category`,
  `with the truth polygon. CPU ${((used.user + used.system) / 1e6).toFixed(0)} s (render and detect, both grids);`,
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}.`,
  '',
  `| analysis | changed patch | ${GRIDS_M.map((c) => `IoU, ${c} m grid`).join(' | ')} |`,
  `|---|---|${GRIDS_M.map(() => '---').join('|')}|`,
  ...[...iouRows].map(([key, values]) => `${key} ${values.join(' | ')} |`),
  '',
  'Unchanged ground: every pair of the analyses’ scenes; the largest area of one detected polygon outside the',
  'truth patches whose change overlaps the pair (`changedSince` < after, `afterDate` > before), and how many',
  'polygons reach more than the minimum unit outside them.',
  '',
  '| grid | pairs | largest area outside the changed ground | polygons above the unit |',
  '|---|---|---|---|',
  ...falseRows,
];
const text = lines.join('\n');
console.log(text);
if (process.argv.includes('--write')) writeResultsSection(RESULTS_FILE, 'environment-demo', text);
