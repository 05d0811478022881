import { describe, expect, it } from 'vitest';
import type { ElevationGrid } from '../volume/dsm-volume';
import {
  differenceFigures,
  differenceRgba,
  subtractModels,
  typicalLargeChange,
} from './elevation-difference';

/** A 1 m grid sampled from a height function at cell centres, its north-west corner at (x0, y0). */
function grid(width: number, height: number, x0: number, y0: number, at: (x: number, y: number) => number) {
  const values = new Float32Array(width * height);
  for (let row = 0; row < height; row++)
    for (let col = 0; col < width; col++) values[row * width + col] = at(x0 + col + 0.5, y0 - row - 0.5);
  return {
    width,
    height,
    originX: x0,
    originY: y0,
    cellWidth: 1,
    cellHeight: 1,
    values,
    nodata: -9999,
  } satisfies ElevationGrid;
}

const same = (x: number, y: number): [number, number] => [x, y];
// A tilted plane: bilinear interpolation reproduces it exactly, wherever the earlier grid's cells fall.
const ground = (x: number, y: number) => 100 + 0.05 * x - 0.02 * y;

describe('the difference of two elevation models', () => {
  it('gives the known cut and fill of a raised and a lowered block on a shifted, tilted grid', () => {
    const earlier = grid(60, 60, -5.5, 55.5, ground);
    const later = grid(40, 40, 0, 40, (x, y) => {
      if (x > 5 && x < 15 && y > 5 && y < 15) return ground(x, y) + 2; // 100 m² raised 2 m
      if (x > 20 && x < 30 && y > 20 && y < 26) return ground(x, y) - 0.5; // 60 m² lowered 0.5 m
      if (x > 30 && y < 5) return ground(x, y) + 0.05; // within a 0.1 m tolerance
      return ground(x, y);
    });
    const difference = subtractModels(later, earlier, same);
    const figures = differenceFigures(difference, 0.1);
    expect(figures.fill).toBeCloseTo(200, 3);
    expect(figures.cut).toBeCloseTo(30, 3);
    expect(figures.net).toBeCloseTo(170, 3);
    expect(figures.fillArea).toBe(100);
    expect(figures.cutArea).toBe(60);
    expect(figures.measuredArea).toBe(1600);
    expect(figures.nodataCells).toBe(0);
    expect(differenceFigures(difference, 0.01).fill).toBeCloseTo(200 + 50 * 0.05, 2);
    expect(typicalLargeChange(difference, 0.1)).toBeCloseTo(2, 6);
  });

  it('leaves out the cells either model has no data for, and paints them transparent', () => {
    const earlier = grid(10, 10, 0, 10, () => 50);
    const later = grid(10, 10, 0, 10, () => 51);
    later.values[0] = -9999;
    earlier.values[99] = -9999;
    const difference = subtractModels(later, earlier, same);
    const figures = differenceFigures(difference, 0.1);
    // The last cell's neighbours in the earlier model include its nodata cell: bilinear needs all four.
    expect(figures.nodataCells).toBeGreaterThanOrEqual(2);
    expect(figures.fill).toBeCloseTo(figures.measuredArea, 6);
    const { pixels } = differenceRgba(difference, 0.1, 1, 2048);
    expect(pixels[3]).toBe(0);
    expect(pixels[(1 * 10 + 1) * 4 + 3]).toBeGreaterThan(0);
  });
});
