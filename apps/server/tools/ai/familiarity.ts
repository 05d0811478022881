import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'prettier';
import {
  sampleSceneFeatures,
  sceneFamiliarity,
  type FamiliarityStats,
} from '../../src/features/detections/ai/scene-familiarity';
import type { LotFeatures } from '../../src/features/detections/ai/lot-features';
import { openGeoTiff } from '../../src/imagery/geotiff-source';
import { DEFAULT_IMAGE_LIMITS } from '../../src/imagery/limits';

import { FAMILIARITY_FEATURES, familiarityRanges } from './familiarity-ranges';
import { DATASET_CACHE_DIR, REPO_ROOT, sharedTestdata } from './paths';
import { loadRealCells } from './real-data';
import { gridCells, REAL_SETS } from './real-sets';
import { samplesOf, TEST_SEED, TRAINING_SEEDS, VALIDATION_SEED } from './splits';
import { buildDataset } from './training-data';

export const FAMILIARITY_FILE = join(REPO_ROOT, 'apps/server/src/features/detections/ai/familiarity.json');

/** Real scenes of ../shared/testdata/imagery the AI can read (≤ 2 m, colour), judged after the stats are written. */
const CHECKED_SCENES = [
  'bali_drone_ortho_rgba_utm50s_0.35m.tif',
  'odm_orthophoto_rgba_utm15n_0.5m.tif',
  'colorado_hro_rgb_0.15m_nad83_utm13n.tif',
  'cog_jpeg_ycbcr_epsg3857_0.6m.tif',
];

/**
 * `npm run ai:familiarity`: the ranges of familiarity.json (scene-familiarity.ts) from the lots the models
 * were trained on: every grid of the real sets that may train a shipped model (SpaceNet Rio, Kampala drone) and
 * the demo's training split, each a source of its own. Then prints the share of lots outside them on every
 * labelled set (the held-out ones too), the demo's validation and test layouts and the real scenes of
 * ../shared/testdata/imagery, with whether the scene would be judged unfamiliar. Deterministic.
 */
async function main(): Promise<void> {
  const testdata = sharedTestdata();
  if (!testdata.found) throw new Error(`ai:familiarity needs the labelled real sets: ${testdata.reason}`);
  const log = (line: string) => console.log(line);
  const cells = await loadRealCells(testdata.dir, log);
  const mayTrain = new Set(REAL_SETS.filter((s) => s.mayTrain).map((s) => s.name));
  const demo = await buildDataset({ seeds: TRAINING_SEEDS, cacheDir: DATASET_CACHE_DIR, log });
  const sources = new Map<string, LotFeatures[]>();
  for (const cell of cells.filter((c) => mayTrain.has(c.set)))
    sources.set(cell.set, [...(sources.get(cell.set) ?? []), cell.features]);
  sources.set(
    'synthetic',
    samplesOf(demo, 'train').map((lot) => lot.features),
  );
  const stats: FamiliarityStats = {
    format: 'mirante-familiarity-1',
    features: [...FAMILIARITY_FEATURES],
    ranges: familiarityRanges([...sources.values()], FAMILIARITY_FEATURES),
    training: {
      sources: Object.fromEntries([...sources].map(([name, lots]) => [name, lots.length])),
      ranges:
        "per feature, each source's 1st-99th percentile, united over the sources (every grid of the real sets, the demo's training split)",
    },
  };
  writeFileSync(FAMILIARITY_FILE, await format(JSON.stringify(stats), { parser: 'json', printWidth: 110 }));
  console.log(`familiarity.json: ${stats.features.length} features`);

  const report = (name: string, lots: readonly LotFeatures[]) => {
    const { unfamiliarShare, unfamiliar } = sceneFamiliarity(stats, lots);
    console.log(
      `| ${name} | ${lots.length} | ${(unfamiliarShare * 100).toFixed(1)} % | ${unfamiliar ? 'unfamiliar' : 'familiar'} |`,
    );
  };
  console.log('| lots of | read | outside the ranges | scene judged |\n|---|---|---|---|');
  for (const set of REAL_SETS)
    report(
      `${set.name}${set.mayTrain ? ' (trains)' : ' (held out)'}`,
      cells.filter((c) => c.set === set.name && c.grid === 0).map((c) => c.features),
    );
  for (const [label, seed] of [
    ['demo validation layout', VALIDATION_SEED],
    ['demo test layout (the shipped demo)', TEST_SEED],
  ] as const) {
    const lots = await buildDataset({ seeds: [seed], cacheDir: DATASET_CACHE_DIR, log });
    report(
      label,
      lots.map((l) => l.features),
    );
  }
  for (const file of CHECKED_SCENES) {
    const source = await openGeoTiff(join(testdata.dir, 'imagery', file), DEFAULT_IMAGE_LIMITS);
    try {
      const { lots } = gridCells(source, new Uint8Array(source.width * source.height));
      report(file, await sampleSceneFeatures(source, lots, lots.length));
    } finally {
      await source.close();
    }
  }
}

await main();
