import { describe, expect, it } from 'vitest';
import { boxMean } from './box-mean';
import { hysteresisMask } from './hysteresis';
import { maskPolygons } from './mask-polygons';
import { otsuThreshold } from './otsu';
import { residualChange } from './relative-normalisation';
import { excessGreenMinusRed } from './vegetation-index';

describe('ExG − ExR vegetation index', () => {
  it('is positive for green canopy, negative for red soil and dry grass, NaN for black', () => {
    expect(excessGreenMinusRed(40, 80, 35)).toBeGreaterThan(0.2);
    expect(excessGreenMinusRed(150, 90, 60)).toBeLessThan(-0.2);
    expect(excessGreenMinusRed(170, 150, 110)).toBeLessThan(0);
    expect(excessGreenMinusRed(0, 0, 0)).toBeNaN();
  });

  it('does not change with brightness (chromatic coordinates)', () => {
    expect(excessGreenMinusRed(40, 80, 35)).toBeCloseTo(excessGreenMinusRed(80, 160, 70), 10);
  });
});

describe('Otsu threshold', () => {
  it('falls between the two modes of a bimodal set', () => {
    const values = [
      ...Array.from({ length: 500 }, (_, i) => 0.1 + (i % 10) * 0.005),
      ...Array.from({ length: 300 }, (_, i) => 0.8 + (i % 10) * 0.005),
    ];
    const t = otsuThreshold(values);
    expect(t).toBeGreaterThan(0.14);
    expect(t).toBeLessThan(0.8);
  });

  it('is NaN for constant or empty input', () => {
    expect(otsuThreshold([0.3, 0.3, 0.3])).toBeNaN();
    expect(otsuThreshold([Number.NaN])).toBeNaN();
  });
});

describe('box mean', () => {
  it('averages the neighbourhood, ignores NaN neighbours and keeps NaN cells NaN', () => {
    const values = Float32Array.from([0, 3, Number.NaN, 6]);
    const out = boxMean(values, 2, 2, 1);
    expect(out[0]).toBeCloseTo(3);
    expect(out[2]).toBeNaN();
  });
});

describe('hysteresis', () => {
  it('keeps weak cells connected to a strong one and drops weak cells alone', () => {
    // Row: strong, weak, weak, gap, weak
    const values = Float32Array.from([10, 5, 5, 0, 5]);
    expect(Array.from(hysteresisMask(values, 5, 1, 4, 8))).toEqual([1, 1, 1, 0, 0]);
  });
});

describe('mask polygons', () => {
  const square = (size: number, hole: number) => {
    const mask = new Uint8Array(size * size);
    for (let y = 2; y < size - 2; y++) for (let x = 2; x < size - 2; x++) mask[y * size + x] = 1;
    const from = Math.floor((size - hole) / 2);
    for (let y = from; y < from + hole; y++) for (let x = from; x < from + hole; x++) mask[y * size + x] = 0;
    return mask;
  };

  it('keeps a hole at least as large as the minimum unit, fills a smaller one', () => {
    const mask = square(30, 6);
    const [kept] = maskPolygons(mask, 30, 30, 30);
    expect(kept?.rings).toHaveLength(2);
    expect(kept?.cells).toBeCloseTo(26 * 26 - 36, -1);
    const [filled] = maskPolygons(mask, 30, 30, 40);
    expect(filled?.rings).toHaveLength(1);
  });

  it('drops polygons under the minimum unit', () => {
    expect(maskPolygons(square(8, 0), 8, 8, 20)).toHaveLength(0);
    expect(maskPolygons(square(8, 0), 8, 8, 12)).toHaveLength(1);
  });
});

describe('seasonal normalisation', () => {
  it('removes a shift that depends on the land cover and leaves a real change', () => {
    const n = 2000;
    const before = new Float32Array(n);
    const after = new Float32Array(n);
    const brightness = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const forest = i < n / 2;
      const noise = ((i * 7919) % 100) / 10_000;
      before[i] = (forest ? 0.3 : 0.05) + noise;
      brightness[i] = forest ? 60 : 150;
      // Pasture dries (−0.1), forest barely changes (−0.01).
      after[i] = (before[i] as number) + (forest ? -0.01 : -0.1);
    }
    after[10] = 0.0; // one forest cell cleared
    const { change } = residualChange(before, after, brightness);
    expect(Math.abs(change[1500] as number)).toBeLessThan(0.01);
    expect(Math.abs(change[20] as number)).toBeLessThan(0.01);
    expect(change[10] as number).toBeLessThan(-0.25);
  });
});
