import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'prettier';
import { leaveOutModel, selectAdaptation, toSample } from './adaptation-selection';
import { BUILT_L2, SYNTHETIC_SAMPLES, syntheticSamples, type BuiltSample } from './built-training';
import { DATASET_CACHE_DIR, REPO_ROOT, sharedTestdata } from './paths';
import { loadRealCells } from './real-data';
import { REAL_SETS } from './real-sets';
import { samplesOf, TRAINING_SEEDS } from './splits';
import { buildDataset } from './training-data';

export const BUILT_MODEL_FILE = join(REPO_ROOT, 'apps/server/src/features/detections/ai/built-model.json');

/**
 * `npm run ai:train-built`: trains the built/empty model (built-model.json) on the real sets that may train a
 * shipped model (labelled/README.md: SpaceNet Rio, Kampala drone) and a fixed draw of the demo's training split,
 * then fits its Platt calibration on each real set's scores from a model trained without that set, and chooses
 * the per-project adaptation settings on those sets (leave-one-set-out, adaptation-selection.ts). Grid 0 only
 * trains; the adaptation is simulated on every grid.
 * Needs ../shared/testdata (or SHARED_TESTDATA). Deterministic: the same data give the same file.
 */
async function main(): Promise<void> {
  const started = performance.now();
  const testdata = sharedTestdata();
  if (!testdata.found) throw new Error(`ai:train-built needs the labelled real sets: ${testdata.reason}`);
  const mayTrain = new Set(REAL_SETS.filter((s) => s.mayTrain).map((s) => s.name));
  const cells = (await loadRealCells(testdata.dir, (line) => console.log(line))).filter((c) =>
    mayTrain.has(c.set),
  );
  const real: BuiltSample[] = cells.filter((c) => c.grid === 0).map(toSample);
  const demo = await buildDataset({
    seeds: TRAINING_SEEDS,
    cacheDir: DATASET_CACHE_DIR,
    log: (l) => console.log(l),
  });
  const synthetic = syntheticSamples(samplesOf(demo, 'train'), SYNTHETIC_SAMPLES);

  const counts = Object.fromEntries(
    [...mayTrain].map((set) => [
      set,
      {
        built: real.filter((s) => s.source === set && s.built).length,
        empty: real.filter((s) => s.source === set && !s.built).length,
      },
    ]),
  );
  const fitted = leaveOutModel(real, synthetic);
  const adaptation = selectAdaptation(cells, synthetic, fitted.calibration);
  const model = {
    ...fitted,
    adaptation: adaptation.settings,
    training: {
      data: 'real: SpaceNet Rio de Janeiro (CC BY-SA 4.0, SpaceNet on AWS / Maxar) and fAIr Kampala drone (labels ODbL © OpenStreetMap contributors, imagery OpenAerialMap); synthetic: demo allotment generator, training split',
      cells: '12 x 25 m; built = building share >= 25 %, empty = no building, others left out',
      realCells: counts,
      syntheticSamples: synthetic.length,
      weights: 'each source (real set, synthetic) weighs the same in total',
      l2: BUILT_L2,
      calibration: 'Platt scaling on each real set scored by a model trained without it',
      adaptation: `chosen among the candidates of adaptation-selection.ts on ${adaptation.chosenOn.join(', ')} (leave-one-set-out, every grid): after-corrections balanced accuracy ${adaptation.balancedAccuracy.toFixed(3)}, pooled ECE ${adaptation.pooledEce.toFixed(3)}`,
    },
  };
  const { calibration } = model;
  const json = await format(JSON.stringify(model), { parser: 'json', printWidth: 110 });
  writeFileSync(BUILT_MODEL_FILE, json);
  console.log(
    `built-model.json: ${model.features.length} features, calibration a=${calibration.a.toFixed(3)} b=${calibration.b.toFixed(3)}, ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

await main();
