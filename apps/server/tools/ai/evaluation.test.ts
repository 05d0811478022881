import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluation';

describe('evaluation of predicted against true labels', () => {
  it('counts the confusion matrix, accuracy, per-class precision and recall', () => {
    const e = evaluate(['V', 'C'], ['V', 'V', 'V', 'C'], ['V', 'V', 'C', 'C']);
    expect(e.confusion).toEqual([
      [2, 1],
      [0, 1],
    ]);
    expect(e.accuracy).toBe(0.75);
    expect(e.precision).toEqual([1, 0.5]);
    expect(e.recall).toEqual([2 / 3, 1]);
  });

  it('gives a rare class as much weight as a common one in macro-F1, and leaves absent classes out', () => {
    // 98 V right, 2 I both missed: accuracy 98 %, but I's F1 is 0, so macro-F1 is about half.
    const truth = [...Array<string>(98).fill('V'), 'I', 'I'];
    const predicted = Array<string>(100).fill('V');
    const e = evaluate(['V', 'I', 'O'], truth, predicted);
    expect(e.accuracy).toBe(0.98);
    const vF1 = (2 * 0.98 * 1) / (0.98 + 1);
    expect(e.macroF1).toBeCloseTo(vF1 / 2, 10);
  });
});
