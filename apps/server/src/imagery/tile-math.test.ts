import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import {
  lonLatToMercator,
  mercatorResolution,
  mercatorToLonLat,
  nativeZoomFor,
  overviewZoomFor,
  tileBounds,
  tileRangeFor,
} from './tile-math';

describe('tile math', () => {
  it('converts lon/lat to Web Mercator and back', () => {
    const [x, y] = lonLatToMercator(-46.6333, -23.5505);
    const [expectedX, expectedY] = proj4('EPSG:4326', 'EPSG:3857').forward([-46.6333, -23.5505]);
    expect(x).toBeCloseTo(expectedX!, 3);
    expect(y).toBeCloseTo(expectedY!, 3);
    const [lon, lat] = mercatorToLonLat(x, y);
    expect(lon).toBeCloseTo(-46.6333, 9);
    expect(lat).toBeCloseTo(-23.5505, 9);
  });

  it('gives tile bounds that tile the world with y growing southwards', () => {
    expect(tileBounds(0, 0, 0).maxX).toBeCloseTo(20_037_508.34, 1);
    const northWest = tileBounds(1, 0, 0);
    expect(northWest.minX).toBeCloseTo(-20_037_508.34, 1);
    expect(northWest.minY).toBeCloseTo(0, 6);
    expect(mercatorResolution(0)).toBeCloseTo(156_543.034, 2);
  });

  it('finds the tiles under a box, edges exclusive', () => {
    const tile = tileBounds(10, 380, 580);
    expect(tileRangeFor(tile, 10)).toEqual({ z: 10, minX: 380, maxX: 380, minY: 580, maxY: 580 });
    expect(tileRangeFor(tile, 11)).toEqual({ z: 11, minX: 760, maxX: 761, minY: 1160, maxY: 1161 });
  });

  it('chooses the native zoom from ground resolution and latitude', () => {
    // 0.3 m at São Paulo: zoom 19 is 0.27 m there.
    expect(nativeZoomFor(0.3, -23.55)).toBe(19);
    expect(nativeZoomFor(0.05, -23.55)).toBe(22);
    expect(nativeZoomFor(450, -8)).toBe(9);
    expect(nativeZoomFor(0.001, 0)).toBe(23);
  });

  it('finds the overview zoom where a box fits one tile', () => {
    expect(overviewZoomFor(tileBounds(14, 100, 100))).toBe(14);
    expect(overviewZoomFor({ minX: 0, minY: 0, maxX: 1000, maxY: 500 })).toBe(15);
  });
});
