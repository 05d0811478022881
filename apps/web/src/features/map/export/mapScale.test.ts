import { describe, expect, it } from 'vitest';
import { formatScale, metresPerPixel, scaleBar, scaleDenominator } from './mapScale';

describe('map scale', () => {
  it('halves the metres per pixel at each zoom level and shrinks with latitude', () => {
    expect(metresPerPixel(0, 0)).toBeCloseTo(78_271.5, 0);
    expect(metresPerPixel(0, 1)).toBeCloseTo(metresPerPixel(0, 0) / 2, 6);
    expect(metresPerPixel(60, 10)).toBeCloseTo(metresPerPixel(0, 10) / 2, 6);
  });

  it('rounds the denominator to two significant digits', () => {
    const value = scaleDenominator(-23.3, 17);
    expect(value).toBeGreaterThan(2_000);
    expect(value).toBeLessThan(3_000);
    expect(value % 100).toBe(0);
    expect(formatScale(2500)).toBe('Escala 1:2.500');
  });

  it('picks a 1/2/5 bar that fits', () => {
    const bar = scaleBar(-23.3, 17, 120);
    expect([1, 2, 5].some((factor) => [10, 100, 1].some((ten) => bar.metres === factor * ten))).toBe(true);
    expect(bar.pixels).toBeLessThanOrEqual(120);
    expect(bar.pixels).toBeGreaterThan(120 / 5);
  });
});
