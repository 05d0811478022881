import { writeFileSync } from 'node:fs';
import { format } from 'prettier';
import { classWeights, toTrainingSet } from './training-set';
import { DEFAULT_BOOSTING, trainBoostedTrees } from './gradient-boosting';
import { DATASET_CACHE_DIR, MODEL_FILE } from './paths';
import { buildDataset, HELD_OUT_SEED, splitOf, TRAINING_SEEDS } from './training-data';

/** `npm run ai:train`: renders the labelled demo scenes, trains on the training split, writes model.json. */
async function main(): Promise<void> {
  const started = performance.now();
  const dataset = await buildDataset({ cacheDir: DATASET_CACHE_DIR, log: (line) => console.log(line) });
  const training = dataset.filter((s) => splitOf(s) === 'train');
  const set = toTrainingSet(training);
  const weights = classWeights(set);
  console.log(`training on ${training.length} lot-scenes (${set.features.length} features)`);
  const model = trainBoostedTrees(set, weights, DEFAULT_BOOSTING);
  model.training = {
    ...model.training,
    data: 'demo allotment generator (packages/demo), 0.4 m, every monthly scene',
    trainingSeeds: TRAINING_SEEDS,
    trainingScenes: 'date index % 3 != 2',
    heldOut: `scenes with date index % 3 == 2 of the training seeds; all scenes of seed ${HELD_OUT_SEED}`,
    classWeights: weights.map((w) => Number(w.toFixed(3))),
  };
  const json = await format(JSON.stringify(model), { parser: 'json', printWidth: 110 });
  writeFileSync(MODEL_FILE, json);
  console.log(
    `model.json: ${model.trees.length} trees, ${(json.length / 1024).toFixed(0)} KB, ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

await main();
