import { describe, expect, it } from 'vitest';
import { donutSlices } from './donutSlices';

/** The numbers of a path, in order. */
const numbers = (path: string) => (path.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);

describe('donutSlices', () => {
  it('gives each value its share of the whole, in order', () => {
    const slices = donutSlices([1, 3], 100, 50);
    expect(slices.map((slice) => slice.share)).toEqual([0.25, 0.75]);
  });

  it('starts at 12 o’clock and goes clockwise: a quarter ends at 3 o’clock', () => {
    const [quarter] = donutSlices([1, 3], 100, 50);
    // M 0 -100 (top), A … to 100 0 (right), L 50 0, A … back to 0 -50.
    const [x0, y0, , , , , , x1, y1, x2, y2] = numbers(quarter!.path.replace(/[MALZ]/g, ' '));
    expect([x0, y0]).toEqual([0, -100]);
    expect([x1, y1]).toEqual([100, 0]);
    expect([x2, y2]).toEqual([50, 0]);
  });

  it('sets the large-arc flag only past half the ring', () => {
    const [small, large] = donutSlices([1, 3], 100, 50);
    expect(small!.path).toContain('A 100 100 0 0 1');
    expect(large!.path).toContain('A 100 100 0 1 1');
  });

  it('draws a single whole value as a closed ring of two halves', () => {
    const [whole] = donutSlices([7], 100, 50);
    expect(whole!.share).toBe(1);
    expect(whole!.path.match(/M /g)).toHaveLength(2);
  });

  it('gives zero and negative values no path and nothing when all are zero', () => {
    expect(donutSlices([0, -2, 5], 100, 50).map((slice) => slice.path === '')).toEqual([true, true, false]);
    expect(donutSlices([0, 0], 100, 50).every((slice) => slice.path === '' && slice.share === 0)).toBe(true);
  });
});
