import { describe, expect, it } from 'vitest';
import { area as turfArea } from '@turf/turf';
import type { Polygon } from 'geojson';
import { areaMask, gridOver } from './change-grid';
import { detectChange } from './detect-change';

/** A 400 × 300 m area at 2 m cells, pasture with a forest block; textured so σ is not zero. */
const region: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [-47.0, -22.0],
      [-47.0 + 400 / 103_000, -22.0],
      [-47.0 + 400 / 103_000, -22.0 + 300 / 110_574],
      [-47.0, -22.0 + 300 / 110_574],
      [-47.0, -22.0],
    ],
  ],
};
const grid = gridOver(region, 2);
const mask = areaMask(grid, region);

function scene(paint: (x: number, y: number) => [number, number, number]): Uint8Array {
  const rgba = new Uint8Array(grid.width * grid.height * 4);
  for (let y = 0; y < grid.height; y++) {
    for (let x = 0; x < grid.width; x++) {
      const [r, g, b] = paint(x, y);
      const jitter = ((x * 73856093) ^ (y * 19349663)) % 9;
      const o = (y * grid.width + x) * 4;
      rgba.set([r + jitter, g + jitter, b + jitter, 255], o);
    }
  }
  return rgba;
}

const inForest = (x: number, y: number) => x >= 20 && x < 120 && y >= 20 && y < 120;
const inClearing = (x: number, y: number) => x >= 40 && x < 80 && y >= 40 && y < 70; // 80 × 60 m = 4,800 m²
const forest: [number, number, number] = [45, 75, 40];
const pasture: [number, number, number] = [120, 125, 80];
const soil: [number, number, number] = [150, 95, 65];

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

  it('does not map a change smaller than the minimum mapping unit', () => {
    const after = scene((x, y) => (inClearing(x, y) ? soil : inForest(x, y) ? forest : pasture));
    const settings = {
      minAreaM2: 6000,
      smoothingM: 8,
      strongSigmas: 8,
      minDelta: 0.03,
      weakShare: 0.5,
      edgeShare: 0.35,
    };
    expect(detectChange({ grid, before, after, area: mask }, settings)).toEqual([]);
  });

  it('reads nothing outside the analysed area', () => {
    const after = scene((x, y) => (inClearing(x, y) ? soil : inForest(x, y) ? forest : pasture));
    const outside = new Uint8Array(mask.length);
    expect(detectChange({ grid, before, after, area: outside })).toEqual([]);
  });
});
