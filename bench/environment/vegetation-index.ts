/**
 * The environment detector's vegetation index checked on real imagery: the DetecTree Zurich tiles (0.5 m RGB
 * orthophotos with tree-canopy masks, `../shared/testdata/labelled/detectree-zurich-trees`, read in place: its
 * licence is not verified, so it is not copied into the repository). Pixel precision, recall and F1 of
 * "vegetation" against the tree mask for ExG − ExR (the detector's index, at its own threshold 0 and at a
 * per-tile Otsu threshold, raw and smoothed 3×3) and, for comparison, GLI and VARI at a per-tile Otsu threshold.
 *
 * `npm run bench:environment-index` prints the table; `-- --write` also records it in bench/RESULTS.md.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import os from 'node:os';
import { fromFile } from 'geotiff';
import { boxMean } from '../../apps/server/src/features/environment/detector/box-mean';
import { otsuThreshold } from '../../apps/server/src/features/environment/detector/otsu';
import { excessGreenMinusRed } from '../../apps/server/src/features/environment/detector/vegetation-index';
import { RESULTS_FILE, sharedTestdata } from '../../apps/server/tools/ai/paths';
import { writeResultsSection } from '../../apps/server/tools/ai/results-section';

type Index = (r: number, g: number, b: number) => number;
const gli: Index = (r, g, b) => (2 * g + r + b === 0 ? Number.NaN : (2 * g - r - b) / (2 * g + r + b));
const vari: Index = (r, g, b) =>
  g + r - b === 0 ? Number.NaN : Math.max(-2, Math.min(2, (g - r) / (g + r - b)));

interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

async function band(file: string): Promise<{ width: number; height: number; data: Uint8Array[] }> {
  const image = await (await fromFile(file)).getImage();
  const rasters = (await image.readRasters()) as unknown as Uint8Array[];
  return { width: image.getWidth(), height: image.getHeight(), data: [...rasters] };
}

function score(values: Float32Array, threshold: number, truth: Uint8Array, into: Counts): Counts {
  const tile: Counts = { tp: 0, fp: 0, fn: 0 };
  values.forEach((v, i) => {
    const predicted = v > threshold;
    const actual = truth[i] === 1;
    if (predicted && actual) tile.tp += 1;
    else if (predicted) tile.fp += 1;
    else if (actual) tile.fn += 1;
  });
  into.tp += tile.tp;
  into.fp += tile.fp;
  into.fn += tile.fn;
  return tile;
}

const f1 = ({ tp, fp, fn }: Counts) => {
  const precision = tp / Math.max(1, tp + fp);
  const recall = tp / Math.max(1, tp + fn);
  return { precision, recall, f1: (2 * precision * recall) / Math.max(1e-9, precision + recall) };
};

const testdata = sharedTestdata();
if (!testdata.found) {
  console.log(testdata.reason);
  process.exit(0);
}
const dir = join(testdata.dir, 'labelled/detectree-zurich-trees');
const tiles = readdirSync(join(dir, 'img'))
  .filter((f) => f.endsWith('.tif'))
  .sort();
const variants = {
  'ExG − ExR, threshold 0 (Meyer & Camargo Neto)': { index: excessGreenMinusRed, otsu: false, smooth: 0 },
  'ExG − ExR, Otsu per tile': { index: excessGreenMinusRed, otsu: true, smooth: 0 },
  'ExG − ExR 3×3 mean, Otsu per tile': { index: excessGreenMinusRed, otsu: true, smooth: 1 },
  'GLI, Otsu per tile': { index: gli, otsu: true, smooth: 0 },
  'VARI, Otsu per tile': { index: vari, otsu: true, smooth: 0 },
} as const;
const pooled = new Map<string, Counts>(Object.keys(variants).map((k) => [k, { tp: 0, fp: 0, fn: 0 }]));
const perTile: string[] = [];
for (const tile of tiles) {
  const rgb = await band(join(dir, 'img', tile));
  const mask = (await band(join(dir, 'response_img', tile))).data[0] as Uint8Array;
  const cells = rgb.width * rgb.height;
  const row: string[] = [tile];
  for (const [name, variant] of Object.entries(variants)) {
    let values: Float32Array<ArrayBufferLike> = new Float32Array(cells);
    for (let i = 0; i < cells; i++) {
      values[i] = variant.index(rgb.data[0]?.[i] ?? 0, rgb.data[1]?.[i] ?? 0, rgb.data[2]?.[i] ?? 0);
    }
    if (variant.smooth > 0) values = boxMean(values, rgb.width, rgb.height, variant.smooth);
    const threshold = variant.otsu ? otsuThreshold(values) : 0;
    row.push(f1(score(values, threshold, mask, pooled.get(name) as Counts)).f1.toFixed(2));
  }
  perTile.push(`| ${row.join(' | ')} |`);
}

const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(', ');
const lines = [
  `## Environment vegetation index on real imagery (\`npm run bench:environment-index\`, ${when} UTC)`,
  '',
  `DetecTree Zurich tiles (${tiles.length} × 175×120 px, 0.5 m RGB, tree-canopy masks, probably LiDAR-derived).`,
  'Pixel scores of "index above threshold" against the tree mask, pooled over the tiles. The masks mark trees',
  'only, so lawns and gardens that any RGB vegetation index calls vegetation count as false positives: precision',
  `is a lower bound of what the index gets right about vegetation. Load average while it ran: ${load}.`,
  '',
  '| index and threshold | precision | recall | F1 |',
  '|---|---|---|---|',
  ...[...pooled].map(([name, counts]) => {
    const s = f1(counts);
    return `| ${name} | ${s.precision.toFixed(2)} | ${s.recall.toFixed(2)} | ${s.f1.toFixed(2)} |`;
  }),
  '',
  `| tile | ${Object.keys(variants).join(' | ')} |`,
  `|---|${Object.keys(variants)
    .map(() => '---')
    .join('|')}|`,
  ...perTile,
];
const text = lines.join('\n');
console.log(text);
if (process.argv.includes('--write')) writeResultsSection(RESULTS_FILE, 'environment-index', text);
