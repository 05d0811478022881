import { DETECTION_TYPES } from '@mirante/shared';
import type { BoostedModel } from '../../src/features/detections/ai/boosted-model';
import { evaluationMarkdown, percent, type Evaluation } from './evaluation';
import { realSummaryRows, type RealEvaluation } from './real-eval-report';
import { TEST_SEED, TRAINING_SEEDS, VALIDATION_SEED, type Split } from './splits';

export type SplitResults = Record<Split, Evaluation>;

const demoResult = (e: Evaluation): string =>
  `accuracy ${percent(e.accuracy)}, macro-F1 ${percent(e.macroF1)}`;

const DETECTION_NAMES = Object.fromEntries(DETECTION_TYPES.map((type) => [type.key, type.name]));

/** The ai section of bench/RESULTS.md: one summary table (unseen layout first, real imagery in it: details in the ai-real section), then details. */
export function evalReportMarkdown(
  model: BoostedModel,
  results: SplitResults,
  sizes: Record<keyof SplitResults, number>,
  real: RealEvaluation,
  date: string,
): string {
  const rounds = model.trees.length / model.classes.length;
  return [
    `## Detections AI (\`npm run ai:eval -- --write\`, ${date})`,
    '',
    `Model (\`model.json\`): softmax gradient-boosted trees (${rounds} rounds × ${model.classes.length} classes, depth ≤ ${String(model.training.maxDepth)}), ` +
      `${model.features.length} features per lot (apps/server/src/features/detections/ai/lot-features.ts), ` +
      `trained on ${String(model.training.samples)} lot-scenes: demo layouts ${TRAINING_SEEDS.join(', ')}, scenes with date index % 3 ≠ 2. ` +
      "The status read is the status model's choice within the group the built/empty model (`built-model.json`, trained on real and synthetic lots) decides: C/E or V/B; the demo rows below measure that combination. " +
      'Demo scenes are rendered in memory at 0.4 m by the same generator for every split: the demo rows measure new lots ' +
      'of the same synthetic world; only the real-imagery rows say anything about real images.',
    '',
    '| figure | data | n | result |',
    '|---|---|---|---|',
    `| **Unseen layout (test)** | layout ${TEST_SEED} (the shipped demo), all 18 scenes: lots, blocks and streets used neither for training nor for tuning | ${sizes.test} | **${demoResult(results.test)}** |`,
    `| Unseen layout (validation) | layout ${VALIDATION_SEED}, all 18 scenes; the training parameters are chosen on it (\`ai:tune\`) | ${sizes.validation} | ${demoResult(results.validation)} |`,
    `| Same lots a month apart | layouts ${TRAINING_SEEDS.join(', ')}, scenes with date index % 3 = 2: lots the model was trained on, a month before or after | ${sizes.sameLotsLater} | ${demoResult(results.sameLotsLater)} |`,
    `| Training fit | the training split itself (fit, not generalisation) | ${sizes.train} | ${demoResult(results.train)} |`,
    ...realSummaryRows(real),
    '',
    evaluationMarkdown(`Unseen layout (test, layout ${TEST_SEED})`, results.test, DETECTION_NAMES),
    '',
    evaluationMarkdown(
      `Unseen layout (validation, layout ${VALIDATION_SEED})`,
      results.validation,
      DETECTION_NAMES,
    ),
    '',
    evaluationMarkdown('Same lots a month apart', results.sameLotsLater, DETECTION_NAMES),
  ].join('\n');
}
