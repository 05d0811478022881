import type { RasterSource } from './raster-source';
import { pixelToCrs } from './raster-source';
import { EARTH_RADIUS, lonLatToMercator, type MercatorBounds } from './tile-math';

/** The source's outline in Web Mercator, from points along its four edges (UTM edges curve slightly). */
export function mercatorFootprint(source: RasterSource): MercatorBounds {
  const steps = 32;
  const bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const add = (column: number, row: number) => {
    const [sx, sy] = pixelToCrs(source.transform, column, row);
    const [lon, lat] = source.crs.toLonLat(sx, sy);
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) return;
    const [x, y] = lonLatToMercator(lon, lat);
    bounds.minX = Math.min(bounds.minX, x);
    bounds.maxX = Math.max(bounds.maxX, x);
    bounds.minY = Math.min(bounds.minY, y);
    bounds.maxY = Math.max(bounds.maxY, y);
  };
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    add(t * source.width, 0);
    add(t * source.width, source.height);
    add(0, t * source.height);
    add(source.width, t * source.height);
  }
  return bounds;
}

/** Ground size of one source pixel at the image centre, in metres, and the centre's latitude. */
export function groundResolution(source: RasterSource): { metresPerPixel: number; latitude: number } {
  const cx = source.width / 2;
  const cy = source.height / 2;
  const lonLat = (column: number, row: number) =>
    source.crs.toLonLat(...pixelToCrs(source.transform, column, row));
  const [lon, lat] = lonLat(cx, cy);
  const [lonRight, latRight] = lonLat(cx + 1, cy);
  const [lonDown, latDown] = lonLat(cx, cy + 1);
  const metres = (dLon: number, dLat: number) => {
    const toRad = Math.PI / 180;
    const dx = dLon * toRad * EARTH_RADIUS * Math.cos(lat * toRad);
    const dy = dLat * toRad * EARTH_RADIUS;
    return Math.hypot(dx, dy);
  };
  const metresPerPixel = Math.min(
    metres(lonRight - lon, latRight - lat),
    metres(lonDown - lon, latDown - lat),
  );
  return { metresPerPixel, latitude: lat };
}
