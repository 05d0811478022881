import { loadBuiltModel, type BuiltModel } from '../../src/features/detections/ai/built-model';
import { classifyFeatures, loadCommittedModel } from '../../src/features/detections/ai/classify-scene';
import type { LotFeatures } from '../../src/features/detections/ai/lot-features';
import { projectModel } from '../../src/features/detections/ai/project-adaptation';
import { toSample } from './adaptation-selection';
import { binaryScores } from './binary-scores';
import { fitPlatt, outOfSetScores, SYNTHETIC_SAMPLES, syntheticSamples } from './built-training';
import { percent } from './evaluation';
import { DATASET_CACHE_DIR, sharedTestdata } from './paths';
import { loadRealCells } from './real-data';
import { zeroShotBase } from './real-eval';
import { REAL_SETS } from './real-sets';
import { samplesOf, TRAINING_SEEDS } from './splits';
import { buildDataset } from './training-data';

const DRAW_SEEDS = [11, 1, 2, 3, 4, 5, 6, 7, 8];

/**
 * `SHARED_TESTDATA=… npx tsx apps/server/tools/ai/zero-shot-spread.ts`: how much ai:eval's leave-one-set-out
 * zero-shot balanced accuracy of Rio and Kampala (grid 0) depends on the 100 synthetic lots drawn (seed 11 is
 * ai:eval's) and on the calibration: the shipped one (which saw the scored set's out-of-set scores), Platt fitted
 * without the scored set, and none (the logistic's own ½). Prints only.
 */
async function main(): Promise<void> {
  const testdata = sharedTestdata();
  if (!testdata.found) throw new Error(testdata.reason);
  const cells = await loadRealCells(testdata.dir, console.log);
  const demo = samplesOf(
    await buildDataset({ seeds: TRAINING_SEEDS, cacheDir: DATASET_CACHE_DIR, log: console.log }),
    'train',
  );
  const shipped = loadBuiltModel();
  const status = loadCommittedModel();
  const trainable = REAL_SETS.filter((s) => s.mayTrain).map((s) => s.name);
  const real = cells.filter((c) => trainable.includes(c.set) && c.grid === 0).map(toSample);
  const balanced = (model: BuiltModel, set: string): number => {
    const own = cells.filter((c) => c.set === set && c.grid === 0);
    const plain = projectModel(model, []);
    const readings = own.map((c) => {
      const r = classifyFeatures(status, c.cellId, c.features as LotFeatures, plain);
      return { built: r.status === 'C' || r.status === 'E', confidence: r.confidence };
    });
    return binaryScores(
      own.map((c) => c.built),
      readings,
    ).balancedAccuracy;
  };
  console.log('| draw seed | set | shipped calibration | Platt without the set | no calibration |');
  for (const seed of DRAW_SEEDS) {
    const synthetic = syntheticSamples(demo, SYNTHETIC_SAMPLES, seed);
    for (const set of trainable) {
      const base = zeroShotBase(set, cells, synthetic, shipped);
      const without = fitPlatt(outOfSetScores(real, synthetic).filter((s) => s.source !== set));
      const identity = { a: 1, b: 0 };
      console.log(
        `| ${seed} | ${set} | ${percent(balanced(base, set))} | ${percent(balanced({ ...base, calibration: without }, set))} | ${percent(balanced({ ...base, calibration: identity }, set))} |`,
      );
    }
  }
}

await main();
