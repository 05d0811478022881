/** Accuracy, per-class precision/recall and the confusion matrix of predicted vs true labels. */
export interface Evaluation {
  classes: string[];
  samples: number;
  accuracy: number;
  /** confusion[true][predicted]. */
  confusion: number[][];
  precision: number[];
  recall: number[];
  support: number[];
  /** Mean over the classes present of per-class F1: the rare classes (I, O) count as much as V. */
  macroF1: number;
}

export function evaluate(
  classes: readonly string[],
  truth: readonly string[],
  predicted: readonly string[],
): Evaluation {
  const index = new Map(classes.map((c, i) => [c, i]));
  const confusion = classes.map(() => classes.map(() => 0));
  let correct = 0;
  truth.forEach((t, i) => {
    const ti = index.get(t);
    const pi = index.get(predicted[i] ?? '');
    if (ti === undefined || pi === undefined) return;
    confusion[ti]![pi]! += 1;
    if (ti === pi) correct += 1;
  });
  const support = confusion.map((row) => row.reduce((a, b) => a + b, 0));
  const predictedCount = classes.map((_, p) => confusion.reduce((sum, row) => sum + (row[p] as number), 0));
  const precision = classes.map((_, c) =>
    predictedCount[c] ? (confusion[c]![c] as number) / (predictedCount[c] as number) : 0,
  );
  const recall = classes.map((_, c) =>
    support[c] ? (confusion[c]![c] as number) / (support[c] as number) : 0,
  );
  const present = classes.map((_, c) => c).filter((c) => (support[c] as number) > 0);
  const f1 = (c: number): number => {
    const p = precision[c] as number;
    const r = recall[c] as number;
    return p + r > 0 ? (2 * p * r) / (p + r) : 0;
  };
  return {
    classes: [...classes],
    samples: truth.length,
    accuracy: truth.length ? correct / truth.length : 0,
    confusion,
    precision,
    recall,
    support,
    macroF1: present.length ? present.reduce((sum, c) => sum + f1(c), 0) / present.length : 0,
  };
}

export const percent = (value: number): string => `${(value * 100).toFixed(1)} %`;

/** Markdown tables: per-class P/R and the confusion matrix (rows true, columns predicted). */
export function evaluationMarkdown(
  title: string,
  e: Evaluation,
  names: Readonly<Record<string, string>>,
): string {
  const lines = [
    `#### ${title}: ${e.samples} lot-scenes, accuracy ${percent(e.accuracy)}, macro-F1 ${percent(e.macroF1)}`,
    '',
    '| class | support | precision | recall |',
    '|---|---|---|---|',
    ...e.classes.map(
      (c, i) =>
        `| ${c} ${names[c] ?? ''} | ${e.support[i]} | ${percent(e.precision[i] ?? 0)} | ${percent(e.recall[i] ?? 0)} |`,
    ),
    '',
    `| true ↓ / predicted → | ${e.classes.join(' | ')} |`,
    `|---|${e.classes.map(() => '---').join('|')}|`,
    ...e.classes.map((c, i) => `| ${c} | ${(e.confusion[i] ?? []).join(' | ')} |`),
  ];
  return lines.join('\n');
}

/** Plain-text version for the terminal. */
export function evaluationText(title: string, e: Evaluation): string {
  const pad = (s: string | number, w = 7): string => String(s).padStart(w);
  const lines = [
    `${title}: ${e.samples} samples, accuracy ${percent(e.accuracy)}, macro-F1 ${percent(e.macroF1)}`,
    `${pad('class')}${pad('support', 9)}${pad('prec', 9)}${pad('recall', 9)}`,
    ...e.classes.map(
      (c, i) =>
        `${pad(c)}${pad(e.support[i] ?? 0, 9)}${pad(percent(e.precision[i] ?? 0), 9)}${pad(percent(e.recall[i] ?? 0), 9)}`,
    ),
    `confusion (rows true, columns predicted): ${e.classes.join(' ')}`,
    ...e.classes.map((c, i) => `${pad(c)} ${(e.confusion[i] ?? []).map((v) => pad(v, 6)).join('')}`),
  ];
  return lines.join('\n');
}
