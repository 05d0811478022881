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

/** Largest gap (source pixels) allowed between the per-tile affine mapping and any exact control point. */
const AFFINE_TOLERANCE = 0.1;

/**
 * The affine map output pixel → source pixel through three corners of the grid, or null when any of the
 * 17 × 17 exactly projected control points is further than the tolerance from it (then the grid is used).
 * Returns [u at (0,0), du/dx, du/dy, v at (0,0), dv/dx, dv/dy] in output pixel units.
 */
function affineOf(grid: Float64Array): number[] | null {
  const right = (GRID_POINTS - 1) * 2;
  const bottom = (GRID_POINTS - 1) * GRID_POINTS * 2;
  const u0 = grid[0]!;
  const v0 = grid[1]!;
  const dudx = (grid[right]! - u0) / TILE_SIZE;
  const dvdx = (grid[right + 1]! - v0) / TILE_SIZE;
  const dudy = (grid[bottom]! - u0) / TILE_SIZE;
  const dvdy = (grid[bottom + 1]! - v0) / TILE_SIZE;
  for (let gy = 0; gy < GRID_POINTS; gy++) {
    for (let gx = 0; gx < GRID_POINTS; gx++) {
      const at = (gy * GRID_POINTS + gx) * 2;
      const x = gx * GRID_STEP;
      const y = gy * GRID_STEP;
      // Written so that NaN (a point proj4 could not map) also falls back to the grid.
      if (!(Math.abs(u0 + dudx * x + dudy * y - grid[at]!) <= AFFINE_TOLERANCE)) return null;
      if (!(Math.abs(v0 + dvdx * x + dvdy * y - grid[at + 1]!) <= AFFINE_TOLERANCE)) return null;
    }
  }
  return [u0, dudx, dudy, v0, dvdx, dvdy];
}

/** Source positions of the pixel centres of output row `py`, interpolated in the control grid. */
function gridRow(grid: Float64Array, py: number, us: Float64Array, vs: Float64Array): void {
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
    us[px] = (1 - fy) * top + fy * bottom;
    vs[px] = (1 - fy) * topRow + fy * bottomRow;
  }
}

/** Bit offsets of R, G, B and A in a pixel read as one 32-bit word (the platform's byte order). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const R = LITTLE_ENDIAN ? 0 : 24;
const G = LITTLE_ENDIAN ? 8 : 16;
const B = LITTLE_ENDIAN ? 16 : 8;
const A = LITTLE_ENDIAN ? 24 : 0;

/** `bytes` as 32-bit words, one a pixel (copied when its offset is not a multiple of 4). */
function pixelWords(bytes: Uint8Array): Uint32Array {
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.length >> 2);
}

/**
 * Renders one 256 px tile by inverse mapping: each output pixel centre is located in the source (one affine
 * map per tile when it is within 0.1 px of every control point, else through the control grid) and sampled
 * bilinearly in 8-bit fixed point (nearest at the edges of the data, so nodata never bleeds in). Pixels are
 * read and written as 32-bit words: one bounds-checked load per pixel instead of four.
 * Writes into `out` (all zero on entry); returns it, or null when the tile holds no data (`out` still all zero).
 */
export function renderTile(
  grid: Float64Array,
  source: LoadedWindow,
  out: Uint8Array = new Uint8Array(TILE_SIZE * TILE_SIZE * 4),
): Uint8Array | null {
  const { window } = source;
  const src = pixelWords(source.rgba);
  if (out.byteOffset % 4 !== 0)
    throw new Error('renderTile: o buffer de saída deve estar alinhado a 4 bytes.');
  const target = new Uint32Array(out.buffer, out.byteOffset, out.length >> 2);
  const width = window.x1 - window.x0;
  const height = window.y1 - window.y0;
  const affine = affineOf(grid);
  const us = new Float64Array(TILE_SIZE);
  const vs = new Float64Array(TILE_SIZE);
  // Integer source coordinates are pixel centres: shift by half a pixel and into the window.
  const shiftU = 0.5 + window.x0;
  const shiftV = 0.5 + window.y0;
  const maxU = width - 0.5;
  const maxV = height - 0.5;
  let any = false;
  for (let py = 0; py < TILE_SIZE; py++) {
    if (affine) {
      const [u0, dudx, dudy, v0, dvdx, dvdy] = affine as [number, number, number, number, number, number];
      const rowU = u0 + dudx * 0.5 + dudy * (py + 0.5);
      const rowV = v0 + dvdx * 0.5 + dvdy * (py + 0.5);
      for (let px = 0; px < TILE_SIZE; px++) {
        us[px] = rowU + dudx * px;
        vs[px] = rowV + dvdx * px;
      }
    } else {
      gridRow(grid, py, us, vs);
    }
    for (let px = 0, at = py * TILE_SIZE; px < TILE_SIZE; px++, at++) {
      const u = us[px]! - shiftU;
      const v = vs[px]! - shiftV;
      if (!(u > -0.5 && v > -0.5 && u < maxU && v < maxV)) continue;
      // u, v > -0.5 here, so truncation is the floor clamped at 0 (a negative fraction means "clamp").
      const x0 = u | 0;
      const y0 = v | 0;
      let wx = ((u - x0) * 256 + 0.5) | 0;
      let wy = ((v - y0) * 256 + 0.5) | 0;
      if (wx < 0) wx = 0;
      if (wy < 0) wy = 0;
      const x1 = x0 + 1 < width ? x0 + 1 : x0;
      const y1 = y0 + 1 < height ? y0 + 1 : y0;
      const a = src[y0 * width + x0]!;
      const b = src[y0 * width + x1]!;
      const c = src[y1 * width + x0]!;
      const d = src[y1 * width + x1]!;
      if ((((a & b & c & d) >>> A) & 255) !== 255) {
        const nearest = src[(((v < 0 ? 0 : v) + 0.5) | 0) * width + (((u < 0 ? 0 : u) + 0.5) | 0)]!;
        if (((nearest >>> A) & 255) === 0) continue;
        target[at] = nearest;
        any = true;
        continue;
      }
      const w11 = wx * wy;
      const w10 = (wx << 8) - w11;
      const w01 = (wy << 8) - w11;
      const w00 = 65_536 - w10 - w01 - w11;
      const red =
        (((a >>> R) & 255) * w00 +
          ((b >>> R) & 255) * w10 +
          ((c >>> R) & 255) * w01 +
          ((d >>> R) & 255) * w11 +
          32_768) >>
        16;
      const green =
        (((a >>> G) & 255) * w00 +
          ((b >>> G) & 255) * w10 +
          ((c >>> G) & 255) * w01 +
          ((d >>> G) & 255) * w11 +
          32_768) >>
        16;
      const blue =
        (((a >>> B) & 255) * w00 +
          ((b >>> B) & 255) * w10 +
          ((c >>> B) & 255) * w01 +
          ((d >>> B) & 255) * w11 +
          32_768) >>
        16;
      target[at] = (red << R) | (green << G) | (blue << B) | (255 << A);
      any = true;
    }
  }
  return any ? out : null;
}
