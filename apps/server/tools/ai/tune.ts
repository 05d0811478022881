import { classifyFeatures } from '../../src/features/detections/ai/classify-scene';
import type { BoostedModel } from '../../src/features/detections/ai/boosted-model';
import { evaluate, percent, type Evaluation } from './evaluation';
import { DEFAULT_BOOSTING, trainBoostedTrees, type BoostingParameters } from './gradient-boosting';
import { DATASET_CACHE_DIR, RESULTS_FILE } from './paths';
import { writeResultsSection } from './results-section';
import { samplesOf, TRAINING_SEEDS, VALIDATION_SEED } from './splits';
import { buildDataset, type LabelledLot } from './training-data';
import { classWeights, inverseClassWeights, toTrainingSet } from './training-set';

/** The candidates: tree depth and class weighting; rounds are read off each model at checkpoints. */
const DEPTHS = [3, 4, 5];
const WEIGHTINGS = { 'sqrt inverse frequency': classWeights, 'inverse frequency': inverseClassWeights };
const MAX_ROUNDS = 200;
const CHECKPOINTS = [40, 80, 120, 160, 200];

interface Candidate {
  depth: number;
  weighting: string;
  rounds: number;
  validation: Evaluation;
}

/** The model after its first `rounds` rounds (trees are round-major). */
const firstRounds = (model: BoostedModel, rounds: number): BoostedModel => ({
  ...model,
  trees: model.trees.slice(0, rounds * model.classes.length),
});

function score(model: BoostedModel, samples: readonly LabelledLot[]): Evaluation {
  return evaluate(
    model.classes,
    samples.map((s) => s.status),
    samples.map((s) => classifyFeatures(model, s.lotId, s.features).status),
  );
}

const isDefault = (c: Candidate): boolean =>
  c.depth === DEFAULT_BOOSTING.maxDepth &&
  c.rounds === DEFAULT_BOOSTING.rounds &&
  c.weighting === 'sqrt inverse frequency';

/**
 * `npm run ai:tune [-- --write]`: trains each candidate on the training split and scores it on the validation
 * layout (seed 404) only; the test layout is not rendered. Prints the table and the pick (best macro-F1); with
 * --write records them in bench/RESULTS.md. Changing DEFAULT_BOOSTING to the pick is a human decision (then
 * `npm run ai:train`).
 */
async function main(): Promise<void> {
  const write = process.argv.includes('--write');
  const dataset = await buildDataset({
    seeds: [...TRAINING_SEEDS, VALIDATION_SEED],
    cacheDir: DATASET_CACHE_DIR,
    log: (line) => console.log(line),
  });
  const set = toTrainingSet(samplesOf(dataset, 'train'));
  const validation = samplesOf(dataset, 'validation');
  const candidates: Candidate[] = [];
  for (const [weighting, weightsOf] of Object.entries(WEIGHTINGS)) {
    for (const depth of DEPTHS) {
      const started = performance.now();
      const params: BoostingParameters = { ...DEFAULT_BOOSTING, maxDepth: depth, rounds: MAX_ROUNDS };
      const model = trainBoostedTrees(set, weightsOf(set), params);
      const scored = CHECKPOINTS.map((rounds): Candidate => ({
        depth,
        weighting,
        rounds,
        validation: score(firstRounds(model, rounds), validation),
      }));
      candidates.push(...scored);
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      const f1s = scored.map((c) => `${c.rounds} rounds ${percent(c.validation.macroF1)}`).join(', ');
      console.log(`depth ${depth}, ${weighting} class weights (${seconds} s): validation macro-F1 ${f1s}`);
    }
  }
  const best = candidates.reduce((a, b) => (b.validation.macroF1 > a.validation.macroF1 ? b : a));
  const current = candidates.find(isDefault);
  const describe = (c: Candidate): string =>
    `depth ${c.depth}, ${c.rounds} rounds, ${c.weighting} class weights`;
  const verdict =
    current === undefined
      ? 'DEFAULT_BOOSTING is not among the candidates.'
      : isDefault(best)
        ? `The validation pick is DEFAULT_BOOSTING (${describe(best)}).`
        : `The validation pick (${describe(best)}, macro-F1 ${percent(best.validation.macroF1)}) differs from DEFAULT_BOOSTING (${describe(current)}, ${percent(current.validation.macroF1)}).`;
  console.log(`\n${verdict}`);
  if (!write) {
    console.log(`not written: pass --write to record this in ${RESULTS_FILE}`);
    return;
  }
  const rows = candidates.map(
    (c) =>
      `| ${c.depth} | ${c.weighting} | ${c.rounds} | ${percent(c.validation.accuracy)} | ${percent(c.validation.macroF1)} |${isDefault(c) ? ' shipped' : ''}${c === best ? ' **pick**' : ''} |`,
  );
  writeResultsSection(
    RESULTS_FILE,
    'ai-tune',
    [
      `### Detections AI tuning (\`npm run ai:tune\`, ${new Date().toISOString().slice(0, 10)})`,
      '',
      `Trained on the training split (seeds ${TRAINING_SEEDS.join(', ')}, scenes with date index % 3 ≠ 2), scored on the ` +
        `validation layout (seed ${VALIDATION_SEED}, all scenes). The test layout (seed 2025) is not rendered by ai:tune. ` +
        'Pick: best macro-F1 (mean per-class F1, so I and O weigh as much as V).',
      '',
      '| depth | class weights | rounds | validation accuracy | validation macro-F1 | |',
      '|---|---|---|---|---|---|',
      ...rows,
      '',
      verdict,
    ].join('\n'),
  );
  console.log(`wrote the ai-tune section of ${RESULTS_FILE}`);
}

await main();
