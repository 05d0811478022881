import { describe, expect, it } from 'vitest';
import {
  FOREST as forest,
  PASTURE as pasture,
  SOIL as soil,
  inForest,
  paintScene,
  type Rgb,
  syntheticGrid as grid,
  syntheticMask as mask,
} from '../../../../test/synthetic-change-area';
import { DEFAULT_DETECTOR_SETTINGS, detectChange } from './detect-change';

const inClearing = (x: number, y: number) => x >= 130 && x < 170 && y >= 40 && y < 70; // 80 × 60 m of pasture

/** Cloud opacity at a cell: opaque core of 40 m radius, a soft edge fading out over the next 40 m. */
function cloudAlpha(x: number, y: number, cx: number, cy: number): number {
  const d = Math.hypot(x - cx, y - cy);
  if (d <= 20) return 1;
  if (d >= 40) return 0;
  const t = (40 - d) / 20;
  return t * t * (3 - 2 * t);
}

interface Sky {
  cloud: { cx: number; cy: number };
  /** The cloud's shadow: cast 60 m east and 40 m south, light cut to 45 % and tinted by the blue sky. */
  shadow: boolean;
}

function scene(ground: (x: number, y: number) => Rgb, sky: Sky | null): Uint8Array {
  return paintScene((x, y) => {
    let [r, g, b] = ground(x, y);
    if (sky?.shadow && cloudAlpha(x - 30, y - 20, sky.cloud.cx, sky.cloud.cy) > 0.5) {
      [r, g, b] = [r * 0.45 + 4, g * 0.45 + 6, b * 0.45 + 12];
    }
    const a = sky ? cloudAlpha(x, y, sky.cloud.cx, sky.cloud.cy) : 0;
    return [r + (235 - r) * a, g + (238 - g) * a, b + (242 - b) * a];
  });
}

const landscape = (x: number, y: number): Rgb => (inForest(x, y) ? forest : pasture);
const cloudOverForest: Sky = { cloud: { cx: 60, cy: 60 }, shadow: true };

describe('clouds in one scene of the pair', () => {
  const clear = scene(landscape, null);
  const minArea = DEFAULT_DETECTOR_SETTINGS.minAreaM2;

  it('a cloud and its shadow over unchanged forest and pasture make no patch above the minimum unit', () => {
    const cloudy = scene(landscape, cloudOverForest);
    const afterCloudy = detectChange({ grid, before: clear, after: cloudy, area: mask });
    const beforeCloudy = detectChange({ grid, before: cloudy, after: clear, area: mask });
    expect(afterCloudy.filter((p) => p.areaM2 >= minArea)).toEqual([]);
    expect(beforeCloudy.filter((p) => p.areaM2 >= minArea)).toEqual([]);
  });

  it('a haze over the whole forest (thin cloud, 35 % white) is no deforestation', () => {
    const hazy = scene(landscape, null).map((v, i) =>
      i % 4 === 3 || !inForest(Math.floor(i / 4) % grid.width, Math.floor(i / 4 / grid.width))
        ? v
        : Math.round(v + (238 - v) * 0.35),
    );
    const patches = detectChange({ grid, before: clear, after: hazy, area: mask });
    expect(patches.filter((p) => p.areaM2 >= minArea)).toEqual([]);
  });

  it('a real clearing under a thin cloud’s edge is still found whole', () => {
    const cleared = (x: number, y: number): Rgb => (inClearing(x, y) ? soil : landscape(x, y));
    const veiled = scene(cleared, null).map((v, i) => {
      const x = Math.floor(i / 4) % grid.width;
      const y = Math.floor(i / 4 / grid.width);
      return i % 4 === 3 || Math.hypot(x - 150, y - 100) > 25 ? v : Math.round(v + (238 - v) * 0.25);
    });
    const patches = detectChange({ grid, before: clear, after: veiled, area: mask });
    expect(patches.map((p) => p.category)).toEqual(['DEFO']);
    expect(patches[0]?.areaM2).toBeGreaterThan(4800 * 0.8);
  });

  it('a real clearing beside the cloud is still found, as the only patch', () => {
    const cleared = (x: number, y: number): Rgb => (inClearing(x, y) ? soil : landscape(x, y));
    const after = scene(cleared, cloudOverForest);
    const patches = detectChange({ grid, before: clear, after, area: mask });
    expect(patches.map((p) => p.category)).toEqual(['DEFO']);
    expect(patches[0]?.areaM2).toBeGreaterThan(4800 * 0.8);
    expect(patches[0]?.areaM2).toBeLessThan(4800 * 1.25);
  });

  it('a dark burn scar on a clear day is still a change (shadows are looked for only in a cloudy scene)', () => {
    const burnt = scene((x, y) => (inClearing(x, y) ? [28, 26, 24] : landscape(x, y)), null);
    const patches = detectChange({ grid, before: clear, after: burnt, area: mask });
    expect(patches.map((p) => p.category)).toEqual(['DEFO']);
  });

  it('a planting that grew (darker, greener) in a cloudy scene is still found, not taken for a shadow', () => {
    const planted = scene((x, y) => (inClearing(x, y) ? soil : landscape(x, y)), null);
    const grown = scene(landscape, cloudOverForest);
    const patches = detectChange({ grid, before: planted, after: grown, area: mask });
    expect(patches.map((p) => p.category)).toEqual(['REFO']);
  });
});
