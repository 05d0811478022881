import { AI_REVIEW_BELOW } from '@mirante/shared';
import { percent } from './evaluation';
import { CORRECTED_SHARE, DRAWS, type RealSetResult } from './real-eval';
import { BUILT_SHARE, CELL_HEIGHT_METRES, CELL_WIDTH_METRES } from './real-sets';

export type RealEvaluation = { run: false; reason: string } | { run: true; results: RealSetResult[] };

/** One verdict of the readability check per real image of ../shared/testdata/imagery. */
export interface ReadabilityVerdict {
  file: string;
  /** null: the model reads it. */
  reason: string | null;
}

const ece = (value: number): string => value.toFixed(3);

/** Rows of the ai section's summary table: one per real set, zero-shot and after corrections. */
export function realSummaryRows(real: RealEvaluation): string[] {
  if (!real.run) return [`| Real imagery | ../shared/testdata/labelled | — | ${real.reason} |`];
  return real.results.map(
    (r) =>
      `| Real imagery, ${r.place} ${r.pixel} (real, unseen${r.mayTrain ? ': left out of training' : ': evaluation-only set'}) | ${r.set}, ${CELL_WIDTH_METRES} × ${CELL_HEIGHT_METRES} m cells, built = C/E vs empty = V/B | ${r.zeroShot.support.built + r.zeroShot.support.empty} | zero-shot balanced accuracy **${percent(r.zeroShot.balancedAccuracy)}** (ECE ${ece(r.zeroShot.ece)}); after ${Math.round(CORRECTED_SHARE * 100)} % corrected: **${percent(r.restAfter.balancedAccuracy)}** on the rest |`,
  );
}

/** The ai-real section of bench/RESULTS.md. */
export function realEvalMarkdown(
  real: RealEvaluation,
  readability: readonly ReadabilityVerdict[],
  date: string,
): string {
  const lines = [
    `## Detections AI on real imagery (\`npm run ai:eval -- --write\`, ${date})`,
    '',
    `Real images with building labels (\`../shared/testdata/labelled\`), cut into ${CELL_WIDTH_METRES} × ${CELL_HEIGHT_METRES} m cells (no lot polygons exist over them). ` +
      `A cell is built when buildings cover ≥ ${BUILT_SHARE * 100} % of it, empty when no building pixel is in it; cells in between are left out. ` +
      'Read built = C or E, empty = V or B. Balanced accuracy = mean of the two recalls. ' +
      'Only SpaceNet Rio and Kampala may train a shipped model (labelled/README.md); Austin and Zanzibar are evaluation-only. ' +
      '**Zero-shot** is leave-one-set-out: Rio is scored by a model trained on Kampala + synthetic, Kampala by one trained on Rio + synthetic, Austin and Zanzibar by the shipped model (Rio + Kampala + synthetic). ' +
      `Calibration (Platt, 2 parameters) is fitted on Rio's and Kampala's out-of-set scores, so their ECE is not fully unseen; Austin's and Zanzibar's is. ` +
      `**After corrections**: per project (each tile or image), ${Math.round(CORRECTED_SHARE * 100)} % of the cells are corrected at random (${DRAWS} draws), the per-project model (project-adaptation.ts) is fitted on them, and the other ${100 - Math.round(CORRECTED_SHARE * 100)} % are scored (mean over projects × draws). ` +
      `'A revisar' = confidence < ${AI_REVIEW_BELOW}. ` +
      '**Caveat on selection**: the 5 features of the shipped model, its ridge penalty, the 100 synthetic lots, the per-project penalty and temperature were chosen by looking at these leave-one-set-out figures (a handful of candidates each), so they are somewhat optimistic; there is no untouched real test set. Kampala has 64 labelled cells and Zanzibar 14: their figures are coarse.',
    '',
  ];
  if (!real.run) return [...lines, real.reason].join('\n');
  lines.push(
    '| set (real) | model | support built / empty | confusion (built→built, built→empty, empty→built, empty→empty) | zero-shot balanced accuracy | ECE | a revisar: share, accuracy above / below | projects | rest 70 %: zero-shot → after corrections (balanced accuracy; ECE) |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of real.results) {
    const z = r.zeroShot;
    const c = z.confusion;
    const acc = (v: number | null): string => (v === null ? '—' : percent(v));
    lines.push(
      `| ${r.set} (${r.place}, ${r.pixel}) | ${r.zeroShotModel} | ${z.support.built} / ${z.support.empty} | ${c.builtBuilt}, ${c.builtEmpty}, ${c.emptyBuilt}, ${c.emptyEmpty} | **${percent(z.balancedAccuracy)}** | ${ece(z.ece)} | ${percent(z.reviewShare)}, ${acc(z.accuracyAbove)} / ${acc(z.accuracyBelow)} | ${r.projects} | ${percent(r.restBefore.balancedAccuracy)} → **${percent(r.restAfter.balancedAccuracy)}**; ECE ${ece(r.restBefore.ece)} → ${ece(r.restAfter.ece)} |`,
    );
  }
  lines.push(
    '',
    'Readability check (`scene-readability.ts`) on the real GeoTIFFs of `../shared/testdata/imagery`:',
    '',
  );
  lines.push('| image | verdict |', '|---|---|');
  for (const v of readability) lines.push(`| ${v.file} | ${v.reason ?? 'read'} |`);
  return lines.join('\n');
}
