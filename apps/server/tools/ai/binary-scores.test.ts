import { describe, expect, it } from 'vitest';
import { balancedAccuracyInterval, binaryScores, wilsonInterval } from './binary-scores';

describe('balanced accuracy interval', () => {
  it('gives the Wilson interval of a proportion (10 of 10 right: 72.2 %–100 %)', () => {
    const [low, high] = wilsonInterval(10, 10);
    expect(low).toBeCloseTo(0.7225, 3);
    expect(high).toBe(1);
  });

  it('does not collapse to a point when every cell of a small set is right (4 built, 10 empty)', () => {
    const truth = [...Array<boolean>(4).fill(true), ...Array<boolean>(10).fill(false)];
    const scores = binaryScores(
      truth,
      truth.map((built) => ({ built, confidence: 0.9 })),
    );
    expect(scores.balancedAccuracy).toBe(1);
    const [low, high] = balancedAccuracyInterval(scores);
    expect(low).toBeCloseTo((wilsonInterval(4, 4)[0] + wilsonInterval(10, 10)[0]) / 2, 9);
    expect(low).toBeLessThan(0.7);
    expect(high).toBe(1);
  });
});
