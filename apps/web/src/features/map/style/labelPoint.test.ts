import { describe, expect, it } from 'vitest';
import { labelPoint } from './labelPoint';

/** A 12 m × 30 m lot in Maringá (lng, lat), as the demo's lots are. */
const LNG = -51.9386;
const LAT = -23.4205;
const dx = 12 / (111_320 * Math.cos((LAT * Math.PI) / 180));
const dy = 30 / 111_320;
const lot = [
  [LNG, LAT],
  [LNG + dx, LAT],
  [LNG + dx, LAT + dy],
  [LNG, LAT + dy],
  [LNG, LAT],
];

describe('labelPoint', () => {
  it('puts a rectangular lot’s label at its centre, to a few centimetres, far from the origin', () => {
    const [lng, lat] = labelPoint(lot)!;
    expect(Math.abs(lng - (LNG + dx / 2)) * 111_320 * Math.cos((LAT * Math.PI) / 180)).toBeLessThan(0.1);
    expect(Math.abs(lat - (LAT + dy / 2)) * 111_320).toBeLessThan(0.1);
  });

  it('keeps an L-shaped lot’s label inside the lot (its centroid falls outside)', () => {
    // An L: a 30 m × 6 m bar along the bottom and a 6 m × 30 m bar up the left side.
    const ex = 30 / (111_320 * Math.cos((LAT * Math.PI) / 180));
    const ey = 30 / 111_320;
    const sx = ex / 5;
    const sy = ey / 5;
    const l = [
      [LNG, LAT],
      [LNG + ex, LAT],
      [LNG + ex, LAT + sy],
      [LNG + sx, LAT + sy],
      [LNG + sx, LAT + ey],
      [LNG, LAT + ey],
      [LNG, LAT],
    ];
    const [lng, lat] = labelPoint(l)!;
    const inBottomBar = lat > LAT && lat < LAT + sy && lng > LNG && lng < LNG + ex;
    const inLeftBar = lng > LNG && lng < LNG + sx && lat > LAT && lat < LAT + ey;
    expect(inBottomBar || inLeftBar).toBe(true);
  });

  it('answers null for a ring too short to be a polygon', () => {
    expect(labelPoint([[LNG, LAT]])).toBeNull();
  });
});
