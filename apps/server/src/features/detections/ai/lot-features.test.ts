import { describe, expect, it } from 'vitest';
import { accumulateSpan, createAccumulator, type RgbaWindow } from './lot-accumulator';
import { sceneFeatures, withChanges } from './lot-features';
import { accumulateTexture, createTextureAccumulator } from './texture-features';

/** A square patch of `size` pixels filled by `colour(x, y)`, fed whole to one lot. */
function patchFeatures(size: number, colour: (x: number, y: number) => [number, number, number]) {
  const rgba = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) rgba.set([...colour(x, y), 255], (y * size + x) * 4);
  const window: RgbaWindow = { rgba, firstRow: 0, rows: size, firstColumn: 0, columns: size };
  const acc = createAccumulator(size * size, createTextureAccumulator(1, 0, size - 1, 0, size - 1));
  for (let row = 0; row < size; row++) {
    accumulateSpan(acc, window, row, 0, size);
    accumulateTexture(acc.texture, window, row, 0, size);
  }
  const features = sceneFeatures(acc);
  if (!features) throw new Error('no features');
  return features;
}

describe('lot features', () => {
  const grass = patchFeatures(20, () => [70, 120, 50]);
  const soil = patchFeatures(20, () => [116, 56, 40]);
  const roof = patchFeatures(20, () => [178, 92, 62]);
  const concrete = patchFeatures(20, () => [190, 188, 182]);
  const checker = patchFeatures(20, (x, y) => ((x + y) % 2 ? [200, 200, 200] : [60, 60, 60]));

  it('gives a green patch a high vegetation index and a vegetation fraction of 1', () => {
    expect(grass.exg).toBeGreaterThan(0.2);
    expect(grass.vari).toBeGreaterThan(0.3);
    expect(grass.vegetationFraction).toBe(1);
    expect(soil.exg).toBeLessThan(0);
  });

  it('tells terra roxa from ceramic tiles and grey concrete', () => {
    expect(soil.soilFraction).toBe(1);
    expect(roof.ceramicFraction).toBe(1);
    expect(concrete.concreteFraction).toBe(1);
    expect(concrete.brightness).toBeGreaterThan(roof.brightness);
  });

  it('measures texture: a flat patch has no edges, a checkerboard is all edges', () => {
    expect(grass.gradient).toBe(0);
    expect(grass.edgeDensity).toBe(0);
    expect(checker.edgeDensity).toBeGreaterThan(0.9);
    expect(checker.brightnessStd).toBeGreaterThan(0.2);
  });

  it("reads tExgLow as the least green tenth's excess green: a lawn with a few soil rows reads the soil", () => {
    const lawnWithSoil = patchFeatures(20, (_, y) => (y < 3 ? [116, 56, 40] : [70, 120, 50]));
    const lawn = patchFeatures(20, () => [70, 120, 50]);
    expect(lawn.tExgLow).toBeCloseTo(grass.tExg ?? Number.NaN, 6);
    expect(lawnWithSoil.tExgLow).toBeCloseTo(soil.tExg ?? Number.NaN, 6);
    expect(lawnWithSoil.tExg).toBeGreaterThan(0.15);
  });

  it('leaves out no-data pixels and reports coverage', () => {
    const half = patchFeatures(10, () => [70, 120, 50]);
    expect(half.coverage).toBe(1);
    const rgba = new Uint8Array(4 * 4 * 4);
    rgba.set([70, 120, 50, 255], 0);
    const acc = createAccumulator(16, createTextureAccumulator(1, 0, 3, 0, 3));
    accumulateSpan(acc, { rgba, firstRow: 0, rows: 4, firstColumn: 0, columns: 4 }, 0, 0, 4);
    expect(sceneFeatures(acc)?.coverage).toBe(1 / 16);
  });

  it('computes changes against the previous scene', () => {
    const before = withChanges(grass, undefined);
    expect(before.hasPrevious).toBe(0);
    const after = withChanges(soil, before);
    expect(after.hasPrevious).toBe(1);
    expect(after.vegetationFractionChange).toBe(-1);
    expect(after.soilFractionChange).toBe(1);
  });
});
