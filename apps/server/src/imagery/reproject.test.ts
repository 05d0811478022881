import { describe, expect, it } from 'vitest';
import { crsForEpsg } from './crs';
import type { GeoTransform } from './raster-source';
import { gridWindow, renderTile, tileSourceGrid } from './reproject';
import { lonLatToMercator, MERCATOR_HALF_WORLD, mercatorResolution, TILE_SIZE } from './tile-math';

describe('reprojection to Web Mercator', () => {
  const crs = crsForEpsg(31983);
  const transform: GeoTransform = {
    originX: 333_000,
    originY: 7_395_000,
    pixelWidth: 0.5,
    pixelHeight: -0.5,
  };
  const width = 400;
  const height = 300;

  it('reads SIRGAS 2000 / UTM 23S from epsg-index', () => {
    expect(crs.name).toBe('SIRGAS 2000 / UTM zone 23S');
    const [lon, lat] = crs.toLonLat(333_000, 7_395_000);
    expect(lon).toBeCloseTo(-46.63, 1);
    expect(lat).toBeCloseTo(-23.55, 1);
    const [x, y] = crs.fromLonLat(lon, lat);
    expect(x).toBeCloseTo(333_000, 4);
    expect(y).toBeCloseTo(7_395_000, 4);
  });

  it('puts a source pixel at its true Web Mercator position', () => {
    const marker = [123, 77] as const;
    const rgba = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i++) rgba.set([50, 80, 60, 255], i * 4);
    rgba.set([255, 0, 0, 255], (marker[1] * width + marker[0]) * 4);
    const [lon, lat] = crs.toLonLat(
      transform.originX + (marker[0] + 0.5) * transform.pixelWidth,
      transform.originY + (marker[1] + 0.5) * transform.pixelHeight,
    );
    const z = 20;
    const [mx, my] = lonLatToMercator(lon, lat);
    const globalX = (mx + MERCATOR_HALF_WORLD) / mercatorResolution(z);
    const globalY = (MERCATOR_HALF_WORLD - my) / mercatorResolution(z);
    const tileX = Math.floor(globalX / TILE_SIZE);
    const tileY = Math.floor(globalY / TILE_SIZE);
    const grid = tileSourceGrid(z, tileX, tileY, crs, transform);
    const window = gridWindow(grid, width, height)!;
    const windowRgba = new Uint8Array((window.x1 - window.x0) * (window.y1 - window.y0) * 4);
    for (let row = window.y0; row < window.y1; row++) {
      const from = (row * width + window.x0) * 4;
      windowRgba.set(
        rgba.subarray(from, from + (window.x1 - window.x0) * 4),
        (row - window.y0) * (window.x1 - window.x0) * 4,
      );
    }
    const tile = renderTile(grid, { window, rgba: windowRgba })!;
    let sumX = 0;
    let sumY = 0;
    let weight = 0;
    for (let py = 0; py < TILE_SIZE; py++) {
      for (let px = 0; px < TILE_SIZE; px++) {
        const at = (py * TILE_SIZE + px) * 4;
        const redness = tile[at]! - tile[at + 1]!;
        if (redness > 20) {
          sumX += (px + 0.5) * redness;
          sumY += (py + 0.5) * redness;
          weight += redness;
        }
      }
    }
    const foundX = tileX * TILE_SIZE + sumX / weight;
    const foundY = tileY * TILE_SIZE + sumY / weight;
    expect(Math.hypot(foundX - globalX, foundY - globalY)).toBeLessThan(0.5);
  });

  it('returns no tile where the source has no data', () => {
    const grid = tileSourceGrid(20, 0, 0, crs, transform);
    expect(gridWindow(grid, width, height)).toBeNull();
  });
});
