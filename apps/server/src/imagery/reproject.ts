import type { SourceCrs } from './crs';
import { crsToPixel, type GeoTransform, type PixelWindow } from './raster-source';
import { mercatorToLonLat, TILE_SIZE, tileBounds } from './tile-math';

/** Output pixels between exactly projected control points; the rest are interpolated (error ≪ 0.1 px at 16). */
const GRID_STEP = 16;
const GRID_POINTS = TILE_SIZE / GRID_STEP + 1;

/**
 * For each control point of tile z/x/y (every 16 output pixels, at pixel corners), the continuous source
 * pixel coordinate it maps to: inverse mapping Web Mercator → lon/lat → source CRS → source pixel.
 */
export function tileSourceGrid(
  z: number,
  x: number,
  y: number,
  crs: SourceCrs,
  transform: GeoTransform,
): Float64Array {
  const bounds = tileBounds(z, x, y);
  const step = (bounds.maxX - bounds.minX) / TILE_SIZE;
  const grid = new Float64Array(GRID_POINTS * GRID_POINTS * 2);
  for (let gy = 0; gy < GRID_POINTS; gy++) {
    for (let gx = 0; gx < GRID_POINTS; gx++) {
      const [lon, lat] = mercatorToLonLat(
        bounds.minX + gx * GRID_STEP * step,
        bounds.maxY - gy * GRID_STEP * step,
      );
      const [sx, sy] = crs.fromLonLat(lon, lat);
      const [column, row] = crsToPixel(transform, sx, sy);
      const at = (gy * GRID_POINTS + gx) * 2;
      grid[at] = column;
      grid[at + 1] = row;
    }
  }
  return grid;
}

/** The source pixels a grid touches, widened by a margin for bilinear sampling, clamped to the image. */
export function gridWindow(grid: Float64Array, width: number, height: number): PixelWindow | null {
  let minColumn = Infinity;
  let minRow = Infinity;
  let maxColumn = -Infinity;
  let maxRow = -Infinity;
  for (let i = 0; i < grid.length; i += 2) {
    const column = grid[i]!;
    const row = grid[i + 1]!;
    if (!Number.isFinite(column) || !Number.isFinite(row)) continue;
    minColumn = Math.min(minColumn, column);
    maxColumn = Math.max(maxColumn, column);
    minRow = Math.min(minRow, row);
    maxRow = Math.max(maxRow, row);
  }
  const window = {
    x0: Math.max(0, Math.floor(minColumn) - 2),
    y0: Math.max(0, Math.floor(minRow) - 2),
    x1: Math.min(width, Math.ceil(maxColumn) + 2),
    y1: Math.min(height, Math.ceil(maxRow) + 2),
  };
  return window.x1 > window.x0 && window.y1 > window.y0 ? window : null;
}

export function unionWindows(a: PixelWindow | null, b: PixelWindow | null): PixelWindow | null {
  if (!a) return b;
  if (!b) return a;
  return {
    x0: Math.min(a.x0, b.x0),
    y0: Math.min(a.y0, b.y0),
    x1: Math.max(a.x1, b.x1),
    y1: Math.max(a.y1, b.y1),
  };
}

export interface LoadedWindow {
  window: PixelWindow;
  rgba: Uint8Array;
}

/**
 * Renders one 256 px tile by inverse mapping: each output pixel centre is located in the source through the
 * control grid and sampled bilinearly (nearest at the edges of the data, so nodata never bleeds in).
 * Returns null when the tile holds no data.
 */
export function renderTile(grid: Float64Array, source: LoadedWindow): Uint8Array | null {
  const out = new Uint8Array(TILE_SIZE * TILE_SIZE * 4);
  const { window, rgba } = source;
  const windowWidth = window.x1 - window.x0;
  const windowHeight = window.y1 - window.y0;
  let any = false;
  for (let py = 0; py < TILE_SIZE; py++) {
    const gy = Math.floor(py / GRID_STEP);
    const fy = (py + 0.5 - gy * GRID_STEP) / GRID_STEP;
    for (let px = 0; px < TILE_SIZE; px++) {
      const gx = Math.floor(px / GRID_STEP);
      const fx = (px + 0.5 - gx * GRID_STEP) / GRID_STEP;
      const i00 = (gy * GRID_POINTS + gx) * 2;
      const i10 = i00 + 2;
      const i01 = i00 + GRID_POINTS * 2;
      const i11 = i01 + 2;
      const top = (1 - fx) * grid[i00]! + fx * grid[i10]!;
      const bottom = (1 - fx) * grid[i01]! + fx * grid[i11]!;
      const topRow = (1 - fx) * grid[i00 + 1]! + fx * grid[i10 + 1]!;
      const bottomRow = (1 - fx) * grid[i01 + 1]! + fx * grid[i11 + 1]!;
      // Continuous source position, shifted so integer values are pixel centres.
      const u = (1 - fy) * top + fy * bottom - 0.5 - window.x0;
      const v = (1 - fy) * topRow + fy * bottomRow - 0.5 - window.y0;
      if (!(u > -0.5 && v > -0.5 && u < windowWidth - 0.5 && v < windowHeight - 0.5)) continue;
      const target = (py * TILE_SIZE + px) * 4;
      if (sampleBilinear(rgba, windowWidth, windowHeight, u, v, out, target)) any = true;
    }
  }
  return any ? out : null;
}

function sampleBilinear(
  rgba: Uint8Array,
  width: number,
  height: number,
  u: number,
  v: number,
  out: Uint8Array,
  target: number,
): boolean {
  const x0 = Math.max(0, Math.min(width - 1, Math.floor(u)));
  const y0 = Math.max(0, Math.min(height - 1, Math.floor(v)));
  const x1 = Math.min(width - 1, x0 + 1);
  const y1 = Math.min(height - 1, y0 + 1);
  const a = (y0 * width + x0) * 4;
  const b = (y0 * width + x1) * 4;
  const c = (y1 * width + x0) * 4;
  const d = (y1 * width + x1) * 4;
  const opaque = rgba[a + 3] === 255 && rgba[b + 3] === 255 && rgba[c + 3] === 255 && rgba[d + 3] === 255;
  if (!opaque) {
    const nearest =
      (Math.round(Math.max(0, Math.min(height - 1, v))) * width +
        Math.round(Math.max(0, Math.min(width - 1, u)))) *
      4;
    if (rgba[nearest + 3] === 0) return false;
    out[target] = rgba[nearest]!;
    out[target + 1] = rgba[nearest + 1]!;
    out[target + 2] = rgba[nearest + 2]!;
    out[target + 3] = rgba[nearest + 3]!;
    return true;
  }
  const fx = Math.max(0, Math.min(1, u - x0));
  const fy = Math.max(0, Math.min(1, v - y0));
  for (let channel = 0; channel < 3; channel++) {
    const topValue = rgba[a + channel]! * (1 - fx) + rgba[b + channel]! * fx;
    const bottomValue = rgba[c + channel]! * (1 - fx) + rgba[d + channel]! * fx;
    out[target + channel] = Math.round(topValue * (1 - fy) + bottomValue * fy);
  }
  out[target + 3] = 255;
  return true;
}
