import { classifyFeatures, loadCommittedModel } from '../../src/features/detections/ai/classify-scene';
import { evaluate, evaluationText, type Evaluation } from './evaluation';
import { evalReportMarkdown, type SplitResults } from './eval-report';
import { DATASET_CACHE_DIR, RESULTS_FILE } from './paths';
import { realImageryCheck } from './real-imagery-check';
import { writeResultsSection } from './results-section';
import { samplesOf, TEST_SEED, TRAINING_SEEDS, VALIDATION_SEED, type Split } from './splits';
import { buildDataset, type LabelledLot } from './training-data';

function evaluateSamples(samples: readonly LabelledLot[]): Evaluation {
  const model = loadCommittedModel();
  return evaluate(
    model.classes,
    samples.map((s) => s.status),
    samples.map((s) => classifyFeatures(model, s.lotId, s.features).status),
  );
}

const TITLES: Record<Split, string> = {
  test: `Unseen layout (test, layout ${TEST_SEED})`,
  validation: `Unseen layout (validation, layout ${VALIDATION_SEED})`,
  sameLotsLater: `Same lots a month apart (layouts ${TRAINING_SEEDS.join(', ')})`,
  train: 'Training fit',
};

/**
 * `npm run ai:eval [-- --write]`: scores model.json on the demo splits (unseen test layout first) and on real
 * imagery when ../shared/testdata is there. Prints only; --write records the ai section of bench/RESULTS.md.
 */
async function main(): Promise<void> {
  const write = process.argv.includes('--write');
  const dataset = await buildDataset({
    seeds: [...TRAINING_SEEDS, VALIDATION_SEED, TEST_SEED],
    cacheDir: DATASET_CACHE_DIR,
    log: (line) => console.log(line),
  });
  const splits: Split[] = ['test', 'validation', 'sameLotsLater', 'train'];
  const sizes = {} as Record<Split, number>;
  const results = {} as SplitResults;
  for (const split of splits) {
    const samples = samplesOf(dataset, split);
    sizes[split] = samples.length;
    results[split] = evaluateSamples(samples);
  }
  for (const split of splits) console.log(`\n${evaluationText(TITLES[split], results[split])}`);
  const real = await realImageryCheck();
  console.log(real.run ? '\nreal imagery:' : `\nreal imagery: ${real.reason}`);
  if (real.run)
    for (const [cells, group] of Object.entries({
      'Atlanta cells with a building (right = C or E)': real.withBuilding,
      'Atlanta cells without a building (right = not C or E)': real.withoutBuilding,
      'Bali cells (no truth)': real.bali,
    }))
      console.log(
        `  ${cells}: ${group ? `${group.cells} cells, ${group.builtOrBuilding} read C or E; ${group.distribution}` : 'image missing'}`,
      );
  if (!write) {
    console.log(`\nnot written: pass --write (npm run ai:eval -- --write) to record this in ${RESULTS_FILE}`);
    return;
  }
  const markdown = evalReportMarkdown(
    loadCommittedModel(),
    results,
    sizes,
    real,
    new Date().toISOString().slice(0, 10),
  );
  writeResultsSection(RESULTS_FILE, 'ai', markdown);
  console.log(`\nwrote the ai section of ${RESULTS_FILE}`);
}

await main();
