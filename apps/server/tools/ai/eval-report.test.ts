import { describe, expect, it } from 'vitest';
import type { BoostedModel } from '../../src/features/detections/ai/boosted-model';
import { evaluate } from './evaluation';
import type { BinaryScores } from './binary-scores';
import { evalReportMarkdown, type SplitResults } from './eval-report';
import type { RealSetResult } from './real-eval';

const model: BoostedModel = {
  format: 'mirante-gbt-1',
  classes: ['V', 'C'],
  features: ['coverage'],
  bias: [0, 0],
  trees: [],
  training: { maxDepth: 3, samples: 4 },
};
const perfect = evaluate(['V', 'C'], ['V', 'C'], ['V', 'C']);
const half = evaluate(['V', 'C'], ['V', 'C'], ['V', 'V']);
const results: SplitResults = { test: half, validation: perfect, sameLotsLater: perfect, train: perfect };
const sizes = { test: 2, validation: 2, sameLotsLater: 2, train: 2 };

const scores: BinaryScores = {
  support: { built: 3, empty: 1 },
  confusion: { builtBuilt: 3, builtEmpty: 0, emptyBuilt: 1, emptyEmpty: 0 },
  balancedAccuracy: 0.5,
  ece: 0.2,
  reviewShare: 0,
  accuracyAbove: 0.75,
  accuracyBelow: null,
};

const realResult: RealSetResult = {
  set: 'spacenet-rio-westzone',
  place: 'Rio de Janeiro (satellite)',
  pixel: '0.5 m',
  mayTrain: true,
  zeroShotModel: 'x',
  adaptation: { l2: 0.3, temperature: 2, extras: true },
  adaptationChosenOn: ['fair-kampala-drone'],
  zeroShot: scores,
  zeroShotInterval: [0.4, 0.6],
  zeroShotAllGrids: scores,
  corrections: {
    projects: 4,
    runs: 40,
    adaptedRuns: 40,
    before: { balancedAccuracy: 0.5, ece: 0.2 },
    after: { balancedAccuracy: 0.9, ece: 0.05 },
    pooledEce: { before: 0.15, after: 0.04 },
    afterSpread: { sd: 0.02, min: 0.87, max: 0.93 },
  },
  reviewFirst: {
    projects: 4,
    runs: 4,
    adaptedRuns: 4,
    before: { balancedAccuracy: 0.8, ece: 0.1 },
    after: { balancedAccuracy: 0.85, ece: 0.08 },
    pooledEce: { before: 0.1, after: 0.07 },
    afterSpread: { sd: 0, min: 0.85, max: 0.85 },
  },
};

/** The summary table's data rows, in order. */
function summaryRows(markdown: string): string[] {
  const lines = markdown.split('\n');
  const header = lines.indexOf('| figure | data | n | result |');
  const end = lines.indexOf('', header);
  return lines.slice(header + 2, end);
}

describe('the ai section of bench/RESULTS.md', () => {
  it('leads the summary with the unseen test layout, then validation, same lots a month apart and training fit', () => {
    const rows = summaryRows(
      evalReportMarkdown(model, results, sizes, { run: false, reason: 'not run: x' }, '2026-01-01'),
    );
    expect(rows[0]).toMatch(/^\| \*\*Unseen layout \(test\)\*\* \| layout 2025 .*\*\*accuracy 50\.0 %/);
    expect(rows.slice(1, 4).map((row) => row.split(' | ')[0])).toEqual([
      '| Unseen layout (validation)',
      '| Same lots a month apart',
      '| Training fit',
    ]);
  });

  it('states in the same table that the real-imagery check did not run, and why', () => {
    const rows = summaryRows(
      evalReportMarkdown(
        model,
        results,
        sizes,
        { run: false, reason: 'not run: ../shared/testdata not found' },
        '2026-01-01',
      ),
    );
    expect(rows.at(-1)).toMatch(/^\| Real imagery \|.*\| not run: \.\.\/shared\/testdata not found \|$/);
  });

  it('gives each real set its zero-shot and after-corrections figures', () => {
    const rows = summaryRows(
      evalReportMarkdown(
        model,
        results,
        sizes,
        {
          run: true,
          results: [realResult],
        },
        '2026-01-01',
      ),
    );
    expect(rows.at(-1)).toContain('zero-shot balanced accuracy **50.0 %** (95 % interval 40.0 %–60.0 %');
    expect(rows.at(-1)).toContain('**90.0 %** on the rest (pooled ECE 0.040; 40 of 40 runs adapted');
    expect(rows.at(-1)).toContain('10 draws of the corrected lots: sd 2.0 pt, 87.0 %–93.0 %)');
  });

  it('says a set was not adapted when no project had enough corrections, instead of an after-corrections figure', () => {
    const rows = summaryRows(
      evalReportMarkdown(
        model,
        results,
        sizes,
        {
          run: true,
          results: [{ ...realResult, corrections: { ...realResult.corrections, adaptedRuns: 0 } }],
        },
        '2026-01-01',
      ),
    );
    expect(rows.at(-1)).toContain(
      'after 30 % corrected: not adapted (under 6 corrections of both classes per project)',
    );
  });
});
