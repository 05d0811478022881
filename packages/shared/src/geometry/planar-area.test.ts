import { describe, expect, it } from 'vitest';
import { fromSirgasUtm, planarArea, planarLength, sirgasUtmEpsg, toSirgasUtm } from './planar-area';

/** A lot surveyed in SIRGAS 2000 / UTM 23S (EPSG:31983): corners in metres, then read as lon/lat. */
function surveyedLot(epsg: number, [x0, y0]: [number, number], width: number, depth: number) {
  const inverse = fromSirgasUtm(epsg);
  const corners: [number, number][] = [
    [x0, y0],
    [x0 + width, y0],
    [x0 + width, y0 + depth],
    [x0, y0 + depth],
    [x0, y0],
  ];
  return { type: 'Polygon' as const, coordinates: [corners.map(inverse)] };
}

describe('planarArea', () => {
  it('measures a surveyed 12 × 30 m lot in São Paulo as 360.00 m²', () => {
    const lot = surveyedLot(31983, [333_600, 7_394_600], 12, 30);
    expect(sirgasUtmEpsg(lot.coordinates[0]![0]![0]!)).toBe(31983);
    expect(planarArea(lot).toFixed(2)).toBe('360.00');
  });

  it('measures in the zone it is given, subtracting holes and adding the parts of a multipolygon', () => {
    const outer = surveyedLot(31982, [500_000, 7_200_000], 100, 50).coordinates[0]!;
    const hole = surveyedLot(31982, [500_010, 7_200_010], 10, 10).coordinates[0]!.reverse();
    const other = surveyedLot(31982, [500_200, 7_200_000], 20, 20).coordinates;
    const geometry = { type: 'MultiPolygon' as const, coordinates: [[outer, hole], other] };
    expect(planarArea(geometry, 31982)).toBeCloseTo(5000 - 100 + 400, 6);
  });

  it('measures a line drawn along the lot’s 30 m side as 30.00 m', () => {
    const ring = surveyedLot(31983, [333_600, 7_394_600], 12, 30).coordinates[0]!;
    expect(planarLength(ring.slice(1, 3)).toFixed(2)).toBe('30.00');
    expect(planarLength(ring).toFixed(2)).toBe('84.00');
    expect(planarLength(ring.slice(0, 1))).toBe(0);
  });

  it('picks the SIRGAS 2000 / UTM zone of a longitude, clamped to Brazil’s 18S–25S', () => {
    expect(sirgasUtmEpsg(-46.63)).toBe(31983); // São Paulo, 23S
    expect(sirgasUtmEpsg(-53.46)).toBe(31982); // Cascavel, 22S
    expect(sirgasUtmEpsg(-60.02)).toBe(31980); // Manaus, 20S
    expect(sirgasUtmEpsg(-34.88)).toBe(31985); // Recife, 25S
    expect(sirgasUtmEpsg(-80)).toBe(31978);
    expect(sirgasUtmEpsg(10)).toBe(31985);
  });

  it('projects as the EPSG definition (central meridian, false easting and northing)', () => {
    const [x, y] = toSirgasUtm(31983)([-45, 0]);
    expect(x).toBeCloseTo(500_000, 6);
    expect(y).toBeCloseTo(10_000_000, 6);
    expect(() => toSirgasUtm(4326)).toThrow(RangeError);
  });
});
