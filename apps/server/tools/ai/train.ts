import { writeFileSync } from 'node:fs';
import { format } from 'prettier';
import { DEFAULT_BOOSTING, trainBoostedTrees } from './gradient-boosting';
import { DATASET_CACHE_DIR, MODEL_FILE } from './paths';
import { samplesOf, TEST_SEED, TRAINING_SEEDS, VALIDATION_SEED } from './splits';
import { buildDataset } from './training-data';
import { classWeights, toTrainingSet } from './training-set';

/** `npm run ai:train`: renders the labelled demo scenes, trains on the training split, writes model.json. */
async function main(): Promise<void> {
  const started = performance.now();
  // The test layout is not rendered here: training cannot depend on it.
  const dataset = await buildDataset({
    seeds: TRAINING_SEEDS,
    cacheDir: DATASET_CACHE_DIR,
    log: (line) => console.log(line),
  });
  const training = samplesOf(dataset, 'train');
  const set = toTrainingSet(training);
  const weights = classWeights(set);
  console.log(`training on ${training.length} lot-scenes (${set.features.length} features)`);
  const model = trainBoostedTrees(set, weights, DEFAULT_BOOSTING);
  model.training = {
    ...model.training,
    data: 'demo allotment generator (packages/demo), 0.4 m, every monthly scene',
    trainingSeeds: TRAINING_SEEDS,
    trainingScenes: 'date index % 3 != 2',
    sameLotsLater: 'scenes with date index % 3 == 2 of the training seeds',
    validation: `all scenes of seed ${VALIDATION_SEED} (unseen layout; parameters chosen on it by ai:tune)`,
    test: `all scenes of seed ${TEST_SEED} (unseen layout, used neither for training nor for tuning)`,
    classWeights: weights.map((w) => Number(w.toFixed(3))),
  };
  const json = await format(JSON.stringify(model), { parser: 'json', printWidth: 110 });
  writeFileSync(MODEL_FILE, json);
  console.log(
    `model.json: ${model.trees.length} trees, ${(json.length / 1024).toFixed(0)} KB, ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

await main();
