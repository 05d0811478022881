import { describe, expect, it } from 'vitest';
import { fromSirgasUtm } from '@mirante/shared';
import { clampRotation, formatDistance, geometryMeasures, lineLength, ringMeasures } from './measure';

// A 100 m × 100 m square surveyed in SIRGAS 2000 / UTM 22S (EPSG:31982) near Maringá.
const corner = fromSirgasUtm(31982);
const square: [number, number][] = [
  corner([400_000, 7_410_000]),
  corner([400_100, 7_410_000]),
  corner([400_100, 7_410_100]),
  corner([400_000, 7_410_100]),
];

describe('measuring', () => {
  it('measures geodesic lengths in metres', () => {
    expect(lineLength([[0, 0]])).toBe(0);
    expect(lineLength([square[0]!, square[1]!])).toBeCloseTo(100, 0);
  });

  it('measures the planar area (as surveyed in the UTM zone) and perimeter of open or closed rings', () => {
    const open = ringMeasures(square);
    expect(open.area.toFixed(2)).toBe('10000.00');
    expect(open.perimeter).toBeCloseTo(400, -1);
    expect(ringMeasures([...square, square[0]!]).area).toBeCloseTo(open.area, 3);
    expect(ringMeasures(square.slice(0, 2))).toEqual({ area: 0, perimeter: 0 });
  });

  it('sums the outer rings of multipolygons and ignores lines', () => {
    const one = geometryMeasures({ type: 'Polygon', coordinates: [[...square, square[0]!]] });
    const two = geometryMeasures({
      type: 'MultiPolygon',
      coordinates: [[[...square, square[0]!]], [[...square, square[0]!]]],
    });
    expect(two.area).toBeCloseTo(one.area * 2, 3);
    expect(geometryMeasures({ type: 'LineString', coordinates: square })).toEqual({ area: 0, perimeter: 0 });
  });

  it('formats metres below 1 km and kilometres above', () => {
    expect(formatDistance(999.5)).toBe('999,50 m');
    expect(formatDistance(1234.5)).toBe('1,235 km');
  });

  it('clamps the rotation to -360..360', () => {
    expect(clampRotation(400)).toBe(360);
    expect(clampRotation(-1000)).toBe(-360);
    expect(clampRotation(45)).toBe(45);
    expect(clampRotation(Number.NaN)).toBe(0);
  });
});
