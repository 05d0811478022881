import { DETECTION_TYPES } from '@mirante/shared';
import type { BoostedModel } from '../../src/features/detections/ai/boosted-model';
import { evaluationMarkdown, percent, type Evaluation } from './evaluation';
import type { CellGroup, RealImageryResult } from './real-imagery-check';
import { TEST_SEED, TRAINING_SEEDS, VALIDATION_SEED, type Split } from './splits';

export type SplitResults = Record<Split, Evaluation>;

const demoResult = (e: Evaluation): string =>
  `accuracy ${percent(e.accuracy)}, macro-F1 ${percent(e.macroF1)}`;

const correctShare = (correct: number, total: number): string =>
  `${correct} of ${total} right (${total ? percent(correct / total) : '—'})`;

function realImageryRows(real: RealImageryResult): string[] {
  if (!real.run) return [`| Real imagery | SpaceNet Atlanta and a Bali drone ortho | — | ${real.reason} |`];
  const row = (figure: string, data: string, group: CellGroup, result: string): string =>
    `| ${figure} | ${data} | ${group.cells} | ${result}; read as ${group.distribution || '—'} |`;
  const { withBuilding, withoutBuilding, bali } = real;
  return [
    row(
      'Real imagery: cells with a building',
      'SpaceNet Atlanta, 0.5 m panchromatic, 25 m cells ≥ 25 % covered by a building footprint; right = read as C or E',
      withBuilding,
      correctShare(withBuilding.builtOrBuilding, withBuilding.cells),
    ),
    row(
      'Real imagery: cells without a building',
      'the same image, 25 m cells with no footprint; right = not read as C or E',
      withoutBuilding,
      correctShare(withoutBuilding.cells - withoutBuilding.builtOrBuilding, withoutBuilding.cells),
    ),
    bali
      ? row(
          'Real imagery: Bali',
          'drone ortho, real RGB, 15 m cells, no footprints',
          bali,
          'no truth: distribution only',
        )
      : '| Real imagery: Bali | drone ortho | — | not run: image missing |',
  ];
}

const DETECTION_NAMES = Object.fromEntries(DETECTION_TYPES.map((type) => [type.key, type.name]));

/** The ai section of bench/RESULTS.md: one summary table (unseen layout first, real imagery in it), then details. */
export function evalReportMarkdown(
  model: BoostedModel,
  results: SplitResults,
  sizes: Record<keyof SplitResults, number>,
  real: RealImageryResult,
  date: string,
): string {
  const rounds = model.trees.length / model.classes.length;
  return [
    `## Detections AI (\`npm run ai:eval -- --write\`, ${date})`,
    '',
    `Model (\`model.json\`): softmax gradient-boosted trees (${rounds} rounds × ${model.classes.length} classes, depth ≤ ${String(model.training.maxDepth)}), ` +
      `${model.features.length} features per lot (apps/server/src/features/detections/ai/lot-features.ts), ` +
      `trained on ${String(model.training.samples)} lot-scenes: demo layouts ${TRAINING_SEEDS.join(', ')}, scenes with date index % 3 ≠ 2. ` +
      'Demo scenes are rendered in memory at 0.4 m by the same generator for every split: the demo rows measure new lots ' +
      'of the same synthetic world; only the real-imagery rows say anything about real images.',
    '',
    '| figure | data | n | result |',
    '|---|---|---|---|',
    `| **Unseen layout (test)** | layout ${TEST_SEED} (the shipped demo), all 18 scenes: lots, blocks and streets used neither for training nor for tuning | ${sizes.test} | **${demoResult(results.test)}** |`,
    `| Unseen layout (validation) | layout ${VALIDATION_SEED}, all 18 scenes; the training parameters are chosen on it (\`ai:tune\`) | ${sizes.validation} | ${demoResult(results.validation)} |`,
    `| Same lots a month apart | layouts ${TRAINING_SEEDS.join(', ')}, scenes with date index % 3 = 2: lots the model was trained on, a month before or after | ${sizes.sameLotsLater} | ${demoResult(results.sameLotsLater)} |`,
    `| Training fit | the training split itself (fit, not generalisation) | ${sizes.train} | ${demoResult(results.train)} |`,
    ...realImageryRows(real),
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
