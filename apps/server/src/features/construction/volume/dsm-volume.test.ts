import { describe, expect, it } from 'vitest';
import {
  BASE_METHODS,
  differenceVolume,
  polygonVolume,
  type BaseMethod,
  type ElevationGrid,
  type Point2,
} from './dsm-volume';

// A 60 m × 60 m model at 10 cm in UTM-like coordinates, over ground tilted 4 % east and 2 % north.
const ORIGIN_X = 500_000;
const ORIGIN_Y = 7_410_000;
const SIZE = 60;
const CELL = 0.1;
const ground = (x: number, y: number) => 520 + 0.04 * (x - ORIGIN_X) + 0.02 * (y - (ORIGIN_Y - SIZE));
const CENTRE: Point2 = [ORIGIN_X + 30, ORIGIN_Y - 30];

/** A cone (radius 10 m, height 6 m) standing on the tilted ground. */
const cone = (x: number, y: number) => {
  const r = Math.hypot(x - CENTRE[0], y - CENTRE[1]);
  return r < 10 ? 6 * (1 - r / 10) : 0;
};
const CONE_VOLUME = (Math.PI * 10 * 10 * 6) / 3;

/** A box (8 m × 12 m, 3 m high) standing on the tilted ground. */
const box = (x: number, y: number) => (Math.abs(x - CENTRE[0]) < 4 && Math.abs(y - CENTRE[1]) < 6 ? 3 : 0);
const BOX_VOLUME = 8 * 12 * 3;

function grid(surface: (x: number, y: number) => number, nodata: number | null = null): ElevationGrid {
  const width = Math.round(SIZE / CELL);
  const values = new Float32Array(width * width);
  for (let row = 0; row < width; row++) {
    for (let col = 0; col < width; col++) {
      const x = ORIGIN_X + (col + 0.5) * CELL;
      const y = ORIGIN_Y - (row + 0.5) * CELL;
      values[row * width + col] = surface(x, y);
    }
  }
  return {
    width,
    height: width,
    originX: ORIGIN_X,
    originY: ORIGIN_Y,
    cellWidth: CELL,
    cellHeight: CELL,
    values,
    nodata,
  };
}

/** An irregular heptagon around the centre, 14–18 m out: the shapes stand well inside it. */
const RING: Point2[] = [0, 50, 110, 160, 200, 250, 310].map((degrees, index) => {
  const radius = 14 + (index % 3) * 2;
  const angle = (degrees * Math.PI) / 180;
  return [CENTRE[0] + radius * Math.cos(angle), CENTRE[1] + radius * Math.sin(angle)];
});
const CLOSED = [...RING, RING[0] as Point2];

function insideRing(x: number, y: number): boolean {
  let result = false;
  for (let i = 0, j = RING.length - 1; i < RING.length; j = i++) {
    const [xi, yi] = RING[i] as Point2;
    const [xj, yj] = RING[j] as Point2;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) result = !result;
  }
  return result;
}

/**
 * The reference for a flat base at `level`: the analytic surface integrated over the polygon at 4 cm
 * (2.5 times finer than the model), fill and cut apart.
 */
function flatReference(surface: (x: number, y: number) => number, level: number) {
  const step = 0.04;
  let fill = 0;
  let cut = 0;
  for (let x = CENTRE[0] - 19; x < CENTRE[0] + 19; x += step) {
    for (let y = CENTRE[1] - 19; y < CENTRE[1] + 19; y += step) {
      const px = x + step / 2;
      const py = y + step / 2;
      if (!insideRing(px, py)) continue;
      const dz = surface(px, py) - level;
      if (dz > 0) fill += dz * step * step;
      else cut -= dz * step * step;
    }
  }
  return { fill, cut };
}

const vertexHeights = RING.map(([x, y]) => ground(x, y));
const FLAT_LEVEL: Record<Exclude<BaseMethod, 'triangulate' | 'plane'>, number> = {
  lowest: Math.min(...vertexHeights),
  highest: Math.max(...vertexHeights),
  average: vertexHeights.reduce((sum, value) => sum + value, 0) / vertexHeights.length,
  custom: 521.5,
};

describe.each([
  ['a cone', cone, CONE_VOLUME],
  ['a box', box, BOX_VOLUME],
])('volume of %s on a tilted plane', (_name, shape, shapeVolume) => {
  const surface = (x: number, y: number) => ground(x, y) + shape(x, y);
  const model = grid(surface);

  it.each(['triangulate', 'plane'] as const)(
    'base %s: the ground through the vertices, fill = the shape within 1 per cent, no cut',
    (method) => {
      const result = polygonVolume(model, CLOSED, method);
      expect(result).not.toBeNull();
      expect(Math.abs((result?.fill ?? 0) - shapeVolume) / shapeVolume).toBeLessThan(0.01);
      expect(result?.cut ?? 1).toBeLessThan(0.01 * shapeVolume);
      expect(result?.net).toBeCloseTo((result?.fill ?? 0) - (result?.cut ?? 0), 6);
    },
  );

  it.each(['lowest', 'average', 'highest', 'custom'] as const)(
    'base %s: a flat base, fill and cut each within 1 per cent of the analytic integral',
    (method) => {
      const level = FLAT_LEVEL[method];
      const result = polygonVolume(model, CLOSED, method, method === 'custom' ? level : undefined);
      const reference = flatReference(surface, level);
      const total = reference.fill + reference.cut;
      expect(result?.baseAtVertices.every((value) => Math.abs(value - level) < 1e-3)).toBe(true);
      expect(Math.abs((result?.fill ?? 0) - reference.fill)).toBeLessThan(
        0.01 * Math.max(reference.fill, 0.01 * total),
      );
      expect(Math.abs((result?.cut ?? 0) - reference.cut)).toBeLessThan(
        0.01 * Math.max(reference.cut, 0.01 * total),
      );
    },
  );
});

describe('every base method is covered', () => {
  it('lists the six methods of WebODM', () => {
    expect([...BASE_METHODS].sort()).toEqual([
      'average',
      'custom',
      'highest',
      'lowest',
      'plane',
      'triangulate',
    ]);
  });
});

describe('nodata', () => {
  it('leaves cells without data out and counts them', () => {
    const hole = (x: number, y: number) =>
      Math.hypot(x - CENTRE[0], y - CENTRE[1]) < 2 ? -9999 : ground(x, y) + cone(x, y);
    const result = polygonVolume(grid(hole, -9999), CLOSED, 'plane');
    const holeCells = (Math.PI * 4) / (CELL * CELL);
    expect(Math.abs((result?.nodataCells ?? 0) - holeCells) / holeCells).toBeLessThan(0.02);
    // The cone's top, inside the hole, is not measured.
    expect(result?.fill ?? 0).toBeLessThan(CONE_VOLUME * 0.9);
  });

  it('gives no volume when a vertex lies where the model has no data, except with a typed height', () => {
    const voidModel = grid((x, y) => (x < ORIGIN_X + 20 ? Number.NaN : ground(x, y)));
    expect(polygonVolume(voidModel, CLOSED, 'plane')).toBeNull();
    expect(polygonVolume(voidModel, CLOSED, 'custom', 520)).not.toBeNull();
  });
});

describe('differenceVolume', () => {
  it('reads a cone built between two models as fill and its removal as cut, within 1 %', () => {
    const before = grid(ground);
    const after = grid((x, y) => ground(x, y) + cone(x, y));
    const built = differenceVolume(before, after, CLOSED);
    expect(Math.abs(built.fill - CONE_VOLUME) / CONE_VOLUME).toBeLessThan(0.01);
    expect(built.cut).toBeLessThan(0.01);
    const removed = differenceVolume(after, before, CLOSED);
    expect(Math.abs(removed.cut - CONE_VOLUME) / CONE_VOLUME).toBeLessThan(0.01);
    expect(removed.net).toBeCloseTo(-removed.cut, 6);
  });
});
