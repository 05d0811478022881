import { describe, expect, it } from 'vitest';
import { emptyGrey, type GreyImage } from './grey-image';
import { phaseCorrelate } from './phase-correlation';
import { refineShift } from './refine-shift';

const FIELD = 512;

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Noise blurred twice by a 3×3 box: broadband like ground seen from above, smooth enough to interpolate. */
function field(seed: number): Float64Array {
  const next = random(seed);
  let values = new Float64Array(FIELD * FIELD).map(() => next() * 255);
  for (let pass = 0; pass < 2; pass++) {
    const blurred = new Float64Array(values.length);
    for (let y = 1; y < FIELD - 1; y++) {
      for (let x = 1; x < FIELD - 1; x++) {
        let sum = 0;
        for (let j = -1; j <= 1; j++) for (let i = -1; i <= 1; i++) sum += values[(y + j) * FIELD + x + i]!;
        blurred[y * FIELD + x] = sum / 9;
      }
    }
    values = blurred;
  }
  return values;
}

/** A `size` window of the field with its content moved by (dx, dy) pixels (bilinear between its samples). */
function view(values: Float64Array, size: number, dx: number, dy: number): GreyImage {
  const image = emptyGrey(size, size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const sx = x + 150 - dx;
      const sy = y + 150 - dy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const at = (u: number, v: number) => values[v * FIELD + u]!;
      image.grey[y * size + x] =
        (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) +
        (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy;
      image.valid[y * size + x] = 1;
    }
  }
  return image;
}

describe('phase correlation and its refinement', () => {
  const ground = field(3);

  it.each([
    [3, -5],
    [-12, 8],
    [30, -27],
  ])('phase correlation finds a whole shift of (%d, %d) px', (dx, dy) => {
    const result = phaseCorrelate(view(ground, 128, 0, 0), view(ground, 128, dx, dy));
    expect(result.dx).toBeCloseTo(dx, 1);
    expect(result.dy).toBeCloseTo(dy, 1);
    expect(result.peakRatio).toBeGreaterThan(5);
  });

  it.each([
    [3.4, -5.7],
    [-12.25, 8.5],
    [0.3, 0.1],
  ])('with the refinement, a shift of (%d, %d) px to a few hundredths of a pixel', (dx, dy) => {
    const reference = view(ground, 128, 0, 0);
    const moving = view(ground, 128, dx, dy);
    const coarse = phaseCorrelate(reference, moving);
    expect(Math.abs(coarse.dx - dx)).toBeLessThan(0.6);
    expect(Math.abs(coarse.dy - dy)).toBeLessThan(0.6);
    const refined = refineShift(reference, moving, coarse);
    expect(Math.abs(refined.dx - dx)).toBeLessThan(0.05);
    expect(Math.abs(refined.dy - dy)).toBeLessThan(0.05);
    expect(refined.correlation).toBeGreaterThan(0.95);
  });

  it('finds no clear peak between two unrelated grounds', () => {
    const result = phaseCorrelate(view(ground, 128, 0, 0), view(field(9), 128, 0, 0));
    expect(result.peakRatio).toBeLessThan(2);
  });

  it('ignores pixels outside the footprint', () => {
    const reference = view(ground, 128, 0, 0);
    const moving = view(ground, 128, 6.5, -4.25);
    for (let i = 0; i < 128 * 40; i++) moving.valid[i] = 0;
    const refined = refineShift(reference, moving, phaseCorrelate(reference, moving));
    expect(Math.abs(refined.dx - 6.5)).toBeLessThan(0.05);
    expect(Math.abs(refined.dy + 4.25)).toBeLessThan(0.05);
  });
});
