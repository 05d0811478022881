import { describe, expect, it } from 'vitest';
import { area as turfArea } from '@turf/turf';
import type { Polygon } from 'geojson';
import {
  FOREST as forest,
  PASTURE as pasture,
  SOIL as soil,
  inForest,
  paintScene as scene,
  type Rgb,
  syntheticGrid as grid,
  syntheticMask as mask,
} from '../../../../test/synthetic-change-area';
import { DEFAULT_DETECTOR_SETTINGS, detectChange } from './detect-change';

const inClearing = (x: number, y: number) => x >= 40 && x < 80 && y >= 40 && y < 70; // 80 × 60 m = 4,800 m²

describe('vegetation change detector on a synthetic pair', () => {
  const before = scene((x, y) => (inForest(x, y) ? forest : pasture));

  it('finds one DEFO patch where forest became soil, with its area', () => {
    const after = scene((x, y) => (inClearing(x, y) ? soil : inForest(x, y) ? forest : pasture));
    const patches = detectChange({ grid, before, after, area: mask });
    expect(patches).toHaveLength(1);
    const [patch] = patches;
    expect(patch?.category).toBe('DEFO');
    expect(patch?.areaM2).toBeGreaterThan(4800 * 0.8);
    expect(patch?.areaM2).toBeLessThan(4800 * 1.25);
    expect(turfArea(patch?.geometry as Polygon)).toBeGreaterThan(4800 * 0.8);
    expect(patch?.confidence).toBeGreaterThan(0.5);
    // Forest to bare soil is as clear as a change gets, and still not 100 % (a 4,800 m² patch, near the unit).
    expect(patch?.confidence).toBeLessThan(1);
  });

  it('finds REFO where soil became forest (the same pair reversed)', () => {
    const cleared = scene((x, y) => (inClearing(x, y) ? soil : inForest(x, y) ? forest : pasture));
    const patches = detectChange({ grid, before: cleared, after: before, area: mask });
    expect(patches.map((p) => p.category)).toEqual(['REFO']);
  });

  it('finds nothing between two identical scenes, nor where the season shifted every pasture alike', () => {
    expect(detectChange({ grid, before, after: before, area: mask })).toEqual([]);
    const drier = scene((x, y) => (inForest(x, y) ? forest : [135, 120, 80]));
    expect(detectChange({ grid, before, after: drier, area: mask })).toEqual([]);
  });

  it('finds nothing where bare soil only changed colour (redder, then browner): no vegetation in either scene', () => {
    const bare = (colour: Rgb) =>
      scene((x, y) => (inClearing(x, y) ? colour : inForest(x, y) ? forest : pasture));
    const redder = detectChange({ grid, before: bare([145, 98, 70]), after: bare(soil), area: mask });
    const greyer = detectChange({ grid, before: bare(soil), after: bare([145, 98, 70]), area: mask });
    expect(redder).toEqual([]);
    expect(greyer).toEqual([]);
  });

  it('does not map a change smaller than the minimum mapping unit', () => {
    const after = scene((x, y) => (inClearing(x, y) ? soil : inForest(x, y) ? forest : pasture));
    const settings = { ...DEFAULT_DETECTOR_SETTINGS, minAreaM2: 6000 };
    expect(detectChange({ grid, before, after, area: mask }, settings)).toEqual([]);
  });

  it('reads nothing outside the analysed area', () => {
    const after = scene((x, y) => (inClearing(x, y) ? soil : inForest(x, y) ? forest : pasture));
    const outside = new Uint8Array(mask.length);
    expect(detectChange({ grid, before, after, area: outside })).toEqual([]);
  });
});
