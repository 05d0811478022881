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
