import { describe, expect, it } from 'vitest';
import type { AreaGeometry } from '@mirante/shared';
import { deriveGeometry, limitLayerOf, validateAreaGeometry } from './geometry';

// A square of about 111 m × 111 m at the equator (0.001°).
const square: AreaGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [0.001, 0],
      [0.001, 0.001],
      [0, 0.001],
      [0, 0],
    ],
  ],
};

describe('project geometry', () => {
  it('derives area, perimeter, bbox and centre', () => {
    const derived = deriveGeometry(square);
    expect(derived.areaM2).toBeGreaterThan(12_300);
    expect(derived.areaM2).toBeLessThan(12_400);
    expect(derived.perimeterM).toBeGreaterThan(444);
    expect(derived.perimeterM).toBeLessThan(446);
    expect(derived.bbox).toEqual([0, 0, 0.001, 0.001]);
    expect(derived.center[0]).toBeCloseTo(0.0005, 6);
  });

  it('accepts a valid polygon', () => expect(() => validateAreaGeometry(square)).not.toThrow());

  it('rejects an open ring', () => {
    const open: AreaGeometry = {
      type: 'Polygon',
      coordinates: [square.coordinates[0]!.slice(0, 4) as [number, number][]],
    };
    expect(() => validateAreaGeometry(open)).toThrow(/não está fechado|ao menos 4/);
  });

  it('rejects a self-intersecting bow tie', () => {
    const bowTie: AreaGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ],
      ],
    };
    expect(() => validateAreaGeometry(bowTie)).toThrow(/cruza a si mesmo/);
  });

  it(
    'accepts a 100 000-vertex wavy boundary, refuses it once two vertices are swapped into a crossing, and refuses a dense zigzag as too complex',
    { timeout: 60_000 },
    () => {
      const outline = (n: number, radiusAt: (i: number, angle: number) => number): [number, number][] =>
        Array.from({ length: n }, (_, i) => {
          const angle = (2 * Math.PI * i) / n;
          const radius = radiusAt(i, angle);
          return [-47 + radius * Math.cos(angle), -23 + radius * Math.sin(angle)];
        });
      const closed = (points: [number, number][]): AreaGeometry => ({
        type: 'Polygon',
        coordinates: [[...points, points[0]!]],
      });
      const wavy = outline(100_000, (_, angle) => 0.01 + 0.0005 * Math.sin(50 * angle));
      expect(() => validateAreaGeometry(closed(wavy))).not.toThrow();
      const crossed = [...wavy];
      [crossed[10], crossed[12]] = [crossed[12]!, crossed[10]!];
      expect(() => validateAreaGeometry(closed(crossed))).toThrow(/cruza a si mesmo/);
      const zigzag = outline(20_000, (i) => (i % 2 ? 0.01 : 0.011));
      expect(() => validateAreaGeometry(closed(zigzag))).toThrow(/complexa demais para validar/);
    },
  );

  it('rejects coordinates outside lon/lat', () => {
    const utm: AreaGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          [400000, 7400000],
          [400100, 7400000],
          [400100, 7400100],
          [400000, 7400000],
        ],
      ],
    };
    expect(() => validateAreaGeometry(utm)).toThrow(/coordenadas/);
  });

  it('cuts the outline out of the world for the limit layer', () => {
    const limit = limitLayerOf(square);
    expect(limit.type).toBe('Polygon');
    if (limit.type === 'Polygon') expect(limit.coordinates).toHaveLength(2);
  });
});
