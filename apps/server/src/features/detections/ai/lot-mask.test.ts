import { forEachPixelSpan } from '@mirante/shared';
import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { crsForEpsg } from '../../../imagery/crs';
import type { GeoTransform } from '../../../imagery/raster-source';
import { lotToPixelPolygon, maskPixelCount } from './lot-mask';

const identity = (x: number, y: number): [number, number] => [x, y];
/** 1 unit per pixel, y up: pixel (0, 0) has its top-left corner at (0, 20). */
const grid: GeoTransform = { originX: 0, originY: 20, pixelWidth: 1, pixelHeight: -1 };

function square(x0: number, y0: number, x1: number, y1: number): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
        [x0, y0],
      ],
    ],
  };
}

describe('lot pixel mask', () => {
  it('fills exactly the pixels whose centre is inside an axis-aligned square', () => {
    const polygon = lotToPixelPolygon(square(2, 10, 6, 13), identity, grid, 20, 20);
    const spans: [number, number, number][] = [];
    forEachPixelSpan(polygon, 0, 20, 20, (row, x0, x1) => spans.push([row, x0, x1]));
    // y 10–13 → rows 7, 8, 9 (row 0 is y 19–20); x 2–6 → columns 2–5.
    expect(spans).toEqual([
      [7, 2, 6],
      [8, 2, 6],
      [9, 2, 6],
    ]);
    expect(polygon.area).toBe(12);
  });

  it('matches the area of a rotated polygon and leaves holes out', () => {
    const diamond: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [10, 0],
          [20, 10],
          [10, 20],
          [0, 10],
          [10, 0],
        ],
        [
          [8, 8],
          [8, 12],
          [12, 12],
          [12, 8],
          [8, 8],
        ],
      ],
    };
    const polygon = lotToPixelPolygon(diamond, identity, grid, 20, 20);
    expect(polygon.area).toBe(200 - 16);
    expect(Math.abs(maskPixelCount(polygon, 20) - polygon.area)).toBeLessThanOrEqual(4);
  });

  it('clips a lot partly outside the raster and skips one fully outside', () => {
    const partly = lotToPixelPolygon(square(-5, 0, 5, 10), identity, grid, 20, 20);
    expect(maskPixelCount(partly, 20)).toBe(50);
    expect(partly.area).toBe(100);
    const outside = lotToPixelPolygon(square(30, 0, 40, 10), identity, grid, 20, 20);
    expect(maskPixelCount(outside, 20)).toBe(0);
  });

  it('reprojects lon/lat lots into a UTM raster', () => {
    const utm = crsForEpsg(31982);
    const [x, y] = [400000, 7400000];
    const transform: GeoTransform = { originX: x, originY: y + 40, pixelWidth: 0.5, pixelHeight: -0.5 };
    const corners = [
      [x + 10, y + 10],
      [x + 20, y + 10],
      [x + 20, y + 20],
      [x + 10, y + 20],
      [x + 10, y + 10],
    ].map(([cx, cy]) => utm.toLonLat(cx as number, cy as number));
    const polygon = lotToPixelPolygon(
      { type: 'Polygon', coordinates: [corners] },
      utm.fromLonLat,
      transform,
      80,
      80,
    );
    expect(polygon.area).toBeCloseTo(400, 0);
    expect(maskPixelCount(polygon, 80)).toBe(400);
    expect(polygon.firstColumn).toBe(20);
    expect(polygon.firstRow).toBe(40);
  });
});
