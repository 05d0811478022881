import { describe, expect, it } from 'vitest';
import { forEachPixelSpan, toPixelRings } from './pixel-spans';

const identity = (x: number, y: number): [number, number] => [x, y];

function spansOf(rings: number[][][], width = 10, rowStart = 0, rowEnd = 10): [number, number, number][] {
  const spans: [number, number, number][] = [];
  forEachPixelSpan(toPixelRings(rings, identity), rowStart, rowEnd, width, (row, x0, x1) =>
    spans.push([row, x0, x1]),
  );
  return spans;
}

const square = (x0: number, y0: number, x1: number, y1: number): number[][] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
  [x0, y0],
];

describe('scanline fill of pixel polygons', () => {
  it('fills the pixels whose centre is inside a square, whether or not the ring is closed', () => {
    const expected = [
      [1, 2, 5],
      [2, 2, 5],
    ];
    expect(spansOf([square(2, 1, 5, 3)])).toEqual(expected);
    expect(spansOf([square(2, 1, 5, 3).slice(0, -1)])).toEqual(expected);
  });

  it('leaves a pixel out when the edge passes on the far side of its centre', () => {
    // x 2.6–5.4 holds the centres 3.5 and 4.5 only.
    expect(spansOf([square(2.6, 1, 5.4, 2)])).toEqual([[1, 3, 5]]);
  });

  it('leaves a hole out and fills two separate parts (even-odd rule)', () => {
    expect(spansOf([square(0, 0, 6, 3), square(2, 1, 4, 2)])).toEqual([
      [0, 0, 6],
      [1, 0, 2],
      [1, 4, 6],
      [2, 0, 6],
    ]);
    expect(spansOf([square(0, 0, 2, 1), square(5, 0, 7, 1)])).toEqual([
      [0, 0, 2],
      [0, 5, 7],
    ]);
  });

  it('clips to the raster columns and to the rows asked for', () => {
    expect(spansOf([square(-3, 0, 12, 4)], 10, 1, 3)).toEqual([
      [1, 0, 10],
      [2, 0, 10],
    ]);
    expect(spansOf([square(20, 0, 30, 4)])).toEqual([]);
  });
});
