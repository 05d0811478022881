import { describe, expect, it } from 'vitest';
import { boxMean } from './box-mean';
import { hysteresisMask } from './hysteresis';
import { maskPolygons } from './mask-polygons';
import { closeMask } from './morphology';
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

describe('closing', () => {
  const W = 40;
  const H = 18;
  /** Two 10 × 10 blocks (rows 4–13) side by side with a `gap`-column strip between them. */
  const twoBlocks = (gap: number) => {
    const mask = new Uint8Array(W * H);
    for (let y = 4; y < 14; y++) {
      for (let x = 2; x < 12; x++) mask[y * W + x] = 1;
      for (let x = 12 + gap; x < 22 + gap; x++) mask[y * W + x] = 1;
    }
    return mask;
  };
  const everywhere = new Uint8Array(W * H).fill(1);
  const setCells = (mask: Uint8Array) => [...mask.keys()].filter((i) => mask[i] === 1);

  it('joins two parts across a strip narrower than twice its radius into one polygon, adding only the strip', () => {
    const closed = closeMask(twoBlocks(4), W, H, 3, everywhere);
    expect(maskPolygons(closed, W, H, 1)).toHaveLength(1);
    for (let x = 12; x < 16; x++) expect(closed[8 * W + x], `column ${x}`).toBe(1);
    for (const i of setCells(closed)) {
      const x = i % W;
      const y = Math.floor(i / W);
      expect(y >= 4 && y < 14 && x >= 2 && x < 26, `cell ${x}, ${y}`).toBe(true);
    }
  });

  it('leaves parts farther apart alone and never sets a cell outside the allowed area', () => {
    expect(Array.from(closeMask(twoBlocks(8), W, H, 3, everywhere))).toEqual(Array.from(twoBlocks(8)));
    const allowed = Uint8Array.from(everywhere, (_, i) => (i % W === 13 ? 0 : 1));
    const closed = closeMask(twoBlocks(4), W, H, 3, allowed);
    expect(setCells(closed).filter((i) => i % W === 13)).toEqual([]);
    expect(closed[8 * W + 12]).toBe(1);
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
