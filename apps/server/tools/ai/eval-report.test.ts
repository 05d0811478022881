import { describe, expect, it } from 'vitest';
import type { BoostedModel } from '../../src/features/detections/ai/boosted-model';
import { evaluate } from './evaluation';
import { evalReportMarkdown, type SplitResults } from './eval-report';

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
    const scores = {
      support: { built: 3, empty: 1 },
      confusion: { builtBuilt: 3, builtEmpty: 0, emptyBuilt: 1, emptyEmpty: 0 },
      balancedAccuracy: 0.5,
      ece: 0.2,
      reviewShare: 0,
      accuracyAbove: 0.75,
      accuracyBelow: null,
    };
    const rows = summaryRows(
      evalReportMarkdown(
        model,
        results,
        sizes,
        {
          run: true,
          results: [
            {
              set: 'spacenet-rio-westzone',
              place: 'Rio de Janeiro (satellite)',
              pixel: '0.5 m',
              mayTrain: true,
              zeroShotModel: 'x',
              zeroShot: scores,
              projects: 1,
              restBefore: { balancedAccuracy: 0.5, ece: 0.2 },
              restAfter: { balancedAccuracy: 0.9, ece: 0.05 },
            },
          ],
        },
        '2026-01-01',
      ),
    );
    expect(rows.at(-1)).toContain('zero-shot balanced accuracy **50.0 %**');
    expect(rows.at(-1)).toContain('**90.0 %** on the rest');
  });
});
