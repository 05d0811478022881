import { classifyFeatures, loadCommittedModel } from '../../src/features/detections/ai/classify-scene';
import { evaluate, evaluationText, type Evaluation } from './evaluation';
import { evalReportMarkdown, type SplitResults } from './eval-report';
import { DATASET_CACHE_DIR, RESULTS_FILE } from './paths';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadBuiltModel } from '../../src/features/detections/ai/built-model';
import { unreadableReason } from '../../src/features/detections/ai/scene-readability';
import { openGeoTiff } from '../../src/imagery/geotiff-source';
import { DEFAULT_IMAGE_LIMITS } from '../../src/imagery/limits';
import { SYNTHETIC_SAMPLES, syntheticSamples } from './built-training';
import { loadRealCells } from './real-data';
import { evaluateRealSets } from './real-eval';
import { realEvalMarkdown, type ReadabilityVerdict, type RealEvaluation } from './real-eval-report';
import { sharedTestdata } from './paths';
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

/** The real sets (zero-shot, after corrections) and the readability verdicts, when ../shared/testdata is there. */
async function realEvaluation(
  training: readonly LabelledLot[],
): Promise<{ real: RealEvaluation; readability: ReadabilityVerdict[] }> {
  const testdata = sharedTestdata();
  if (!testdata.found) return { real: { run: false, reason: testdata.reason }, readability: [] };
  const cells = await loadRealCells(testdata.dir, (line) => console.log(line));
  const synthetic = syntheticSamples(training, SYNTHETIC_SAMPLES);
  const results = evaluateRealSets(cells, synthetic, loadBuiltModel(), loadCommittedModel());
  const readability: ReadabilityVerdict[] = [];
  const imagery = join(testdata.dir, 'imagery');
  for (const file of readdirSync(imagery)
    .filter((f) => f.endsWith('.tif'))
    .sort()) {
    try {
      const source = await openGeoTiff(join(imagery, file), DEFAULT_IMAGE_LIMITS);
      readability.push({ file, reason: await unreadableReason(source) });
      await source.close();
    } catch (error) {
      readability.push({ file, reason: `not opened: ${(error as Error).message}` });
    }
  }
  return { real: { run: true, results }, readability };
}

/**
 * `npm run ai:eval [-- --write] [-- --real-only]`: scores model.json on the demo splits (unseen test layout first)
 * and on real imagery when ../shared/testdata is there. Prints only; --write records the ai section of
 * bench/RESULTS.md. --real-only renders only the training layouts (the synthetic draw of the real-set models) and
 * records only the ai-real section: for changes that cannot move the demo figures (the per-project adaptation).
 */
async function main(): Promise<void> {
  const write = process.argv.includes('--write');
  const realOnly = process.argv.includes('--real-only');
  const dataset = await buildDataset({
    seeds: realOnly ? TRAINING_SEEDS : [...TRAINING_SEEDS, VALIDATION_SEED, TEST_SEED],
    cacheDir: DATASET_CACHE_DIR,
    log: (line) => console.log(line),
  });
  const splits: Split[] = realOnly ? [] : ['test', 'validation', 'sameLotsLater', 'train'];
  const sizes = {} as Record<Split, number>;
  const results = {} as SplitResults;
  for (const split of splits) {
    const samples = samplesOf(dataset, split);
    sizes[split] = samples.length;
    results[split] = evaluateSamples(samples);
  }
  for (const split of splits) console.log(`\n${evaluationText(TITLES[split], results[split])}`);
  const { real, readability } = await realEvaluation(samplesOf(dataset, 'train'));
  const date = new Date().toISOString().slice(0, 10);
  console.log(`\n${realEvalMarkdown(real, readability, date)}`);
  if (!write) {
    console.log(`\nnot written: pass --write (npm run ai:eval -- --write) to record this in ${RESULTS_FILE}`);
    return;
  }
  if (!realOnly)
    writeResultsSection(
      RESULTS_FILE,
      'ai',
      evalReportMarkdown(loadCommittedModel(), results, sizes, real, date),
    );
  writeResultsSection(RESULTS_FILE, 'ai-real', realEvalMarkdown(real, readability, date));
  console.log(`\nwrote the ${realOnly ? 'ai-real section' : 'ai and ai-real sections'} of ${RESULTS_FILE}`);
}

await main();
