import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'prettier';
import {
  BUILT_L2,
  fitBuiltModel,
  fitPlatt,
  outOfSetScores,
  SYNTHETIC_SAMPLES,
  syntheticSamples,
  type BuiltSample,
} from './built-training';
import { DATASET_CACHE_DIR, REPO_ROOT, sharedTestdata } from './paths';
import { loadRealCells } from './real-data';
import { REAL_SETS } from './real-sets';
import { samplesOf, TRAINING_SEEDS } from './splits';
import { buildDataset } from './training-data';

export const BUILT_MODEL_FILE = join(REPO_ROOT, 'apps/server/src/features/detections/ai/built-model.json');

/**
 * `npm run ai:train-built`: trains the built/empty model (built-model.json) on the real sets that may train a
 * shipped model (labelled/README.md: SpaceNet Rio, Kampala drone) and a fixed draw of the demo's training split,
 * then fits its Platt calibration on each real set's scores from a model trained without that set.
 * Needs ../shared/testdata (or SHARED_TESTDATA). Deterministic: the same data give the same file.
 */
async function main(): Promise<void> {
  const started = performance.now();
  const testdata = sharedTestdata();
  if (!testdata.found) throw new Error(`ai:train-built needs the labelled real sets: ${testdata.reason}`);
  const mayTrain = new Set(REAL_SETS.filter((s) => s.mayTrain).map((s) => s.name));
  const cells = await loadRealCells(testdata.dir, (line) => console.log(line));
  const real: BuiltSample[] = cells
    .filter((c) => mayTrain.has(c.set))
    .map((c) => ({ source: c.set, built: c.built, features: c.features }));
  const demo = await buildDataset({
    seeds: TRAINING_SEEDS,
    cacheDir: DATASET_CACHE_DIR,
    log: (l) => console.log(l),
  });
  const synthetic = syntheticSamples(samplesOf(demo, 'train'), SYNTHETIC_SAMPLES);
  const calibration = fitPlatt(outOfSetScores(real, synthetic));
  const counts = Object.fromEntries(
    [...mayTrain].map((set) => [
      set,
      {
        built: real.filter((s) => s.source === set && s.built).length,
        empty: real.filter((s) => s.source === set && !s.built).length,
      },
    ]),
  );
  const model = {
    ...fitBuiltModel([...real, ...synthetic], {
      data: 'real: SpaceNet Rio de Janeiro (CC BY-SA 4.0, SpaceNet on AWS / Maxar) and fAIr Kampala drone (labels ODbL © OpenStreetMap contributors, imagery OpenAerialMap); synthetic: demo allotment generator, training split',
      cells: '12 x 25 m; built = building share >= 25 %, empty = no building, others left out',
      realCells: counts,
      syntheticSamples: synthetic.length,
      weights: 'each source (real set, synthetic) weighs the same in total',
      l2: BUILT_L2,
      calibration: 'Platt scaling on each real set scored by a model trained without it',
    }),
    calibration,
  };
  const json = await format(JSON.stringify(model), { parser: 'json', printWidth: 110 });
  writeFileSync(BUILT_MODEL_FILE, json);
  console.log(
    `built-model.json: ${model.features.length} features, calibration a=${calibration.a.toFixed(3)} b=${calibration.b.toFixed(3)}, ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

await main();
