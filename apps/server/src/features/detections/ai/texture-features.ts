import type { RgbaWindow } from './lot-accumulator';

/** Ground size (metres) of the cells texture is measured on, whatever the scene's resolution. */
export const TEXTURE_CELL_METRES = 0.5;

/**
 * Features measured on the lot resampled to ~0.5 m cells, relative to the lot's own brightness, so that a drone
 * orthomosaic (7.5 cm), an aerial photo (0.3 m) and a satellite scene (0.5 m) of the same kind of ground give
 * similar numbers. These feed the built/empty model (built-model.ts), which must work on imagery of customers
 * the model never saw.
 */
export const TEXTURE_FEATURES = [
  /** Mean brightness 0–1. */
  'tBrightness',
  /** Standard deviation of brightness / mean brightness. */
  'tContrast',
  /** (p90 − p10) / p50 of brightness. */
  'tSpread',
  /** Mean |ΔL| to the next cell right and below, / mean brightness: fine texture at 0.5 m. */
  'tGradient',
  /** The same two cells away (1 m): coarser structure such as roof edges and walls. */
  'tGradient2',
  /** Share of cells whose relative |ΔL| exceeds 0.25: edge density. */
  'tEdges',
  /** Share of non-vegetated cells with relative |ΔL| under 0.04: flat surfaces such as roofs and slabs. */
  'tFlat',
  /** Concentration of gradient directions folded on 90° (0 random, 1 all edges parallel/perpendicular). */
  'tOrientation',
  /** Mean normalised excess green and share of cells with ExG > 0.05. */
  'tExg',
  'tVegetation',
  /**
   * 10th percentile of the cells' excess green: how green the lot's least green tenth is (bare soil, roofs, paving
   * read low; a lawn or a canopy with a few roof cells reads higher). Used by the per-project model.
   */
  'tExgLow',
  /** Mean saturation (max − min) / max and its spread across cells. */
  'tSaturation',
  'tSaturationStd',
  /** Spread of chromaticity (r and b) across cells: how many different materials. */
  'tChromaStd',
  /** Cells darker than 0.6 × the lot's median (shadows cast by walls) and brighter than 1.4 × (roofs, slabs). */
  'tDark',
  'tBright',
  /** Grey cells (saturation < 0.12, not dark): concrete, fibre-cement, metal roofs, asphalt. */
  'tGrey',
  /** Red-brown cells ((r − b) / (r + g + b) > 0.12): bare soil, murram, ceramic tiles. */
  'tReddish',
] as const;

export type TextureFeatureName = (typeof TEXTURE_FEATURES)[number];

/** Per-lot sums of R, G, B and valid-pixel count per texture cell, over the lot's bounding box. */
export interface TextureAccumulator {
  stride: number;
  firstCellColumn: number;
  firstCellRow: number;
  cellColumns: number;
  cellRows: number;
  /** 4 slots per cell: R, G, B, count; allocated on the lot's first pixel (all lots are created up front). */
  sums: Float32Array | null;
}

/** Raster pixels per texture cell side: 1 at 0.4–0.7 m, 7 for a 7.5 cm drone mosaic. */
export function textureStride(pixelMetres: number): number {
  return Math.max(1, Math.round(TEXTURE_CELL_METRES / pixelMetres));
}

export function createTextureAccumulator(
  stride: number,
  firstColumn: number,
  lastColumn: number,
  firstRow: number,
  lastRow: number,
): TextureAccumulator {
  const firstCellColumn = Math.floor(firstColumn / stride);
  const firstCellRow = Math.floor(firstRow / stride);
  const cellColumns = Math.max(0, Math.floor(lastColumn / stride) - firstCellColumn + 1);
  const cellRows = Math.max(0, Math.floor(lastRow / stride) - firstCellRow + 1);
  return {
    stride,
    firstCellColumn,
    firstCellRow,
    cellColumns,
    cellRows,
    sums: null,
  };
}

/** Adds pixels [x0, x1) of raster row `row` to the lot's texture cells. */
export function accumulateTexture(
  acc: TextureAccumulator,
  window: RgbaWindow,
  row: number,
  x0: number,
  x1: number,
): void {
  const { rgba, columns } = window;
  const base = ((row - window.firstRow) * columns - window.firstColumn) * 4;
  const cellRow = Math.floor(row / acc.stride) - acc.firstCellRow;
  if (cellRow < 0 || cellRow >= acc.cellRows) return;
  const rowBase = cellRow * acc.cellColumns;
  acc.sums ??= new Float32Array(acc.cellColumns * acc.cellRows * 4);
  const s = acc.sums;
  for (let x = x0; x < x1; x++) {
    const i = base + x * 4;
    if (rgba[i + 3] === 0) continue;
    const cell = (rowBase + Math.floor(x / acc.stride) - acc.firstCellColumn) * 4;
    s[cell]! += rgba[i] as number;
    s[cell + 1]! += rgba[i + 1] as number;
    s[cell + 2]! += rgba[i + 2] as number;
    s[cell + 3]! += 1;
  }
}

const EDGE_RELATIVE = 0.25;
const FLAT_RELATIVE = 0.04;

function zeros(): Record<TextureFeatureName, number> {
  return Object.fromEntries(TEXTURE_FEATURES.map((name) => [name, 0])) as Record<TextureFeatureName, number>;
}

/** The texture features of one lot (zeros when fewer than 8 cells are covered). */
export function textureFeatures(acc: TextureAccumulator): Record<TextureFeatureName, number> {
  const { cellColumns: w, cellRows: h, sums: s } = acc;
  if (!s) return zeros();
  const minCount = Math.max(1, (acc.stride * acc.stride) / 2);
  const lum = new Float32Array(w * h).fill(-1);
  const values: number[] = [];
  let exgSum = 0;
  let vegetation = 0;
  let satSum = 0;
  let satSquares = 0;
  let chromaR = 0;
  let chromaR2 = 0;
  let chromaB = 0;
  let chromaB2 = 0;
  let grey = 0;
  let reddish = 0;
  const vegetated = new Uint8Array(w * h);
  const exgValues: number[] = [];
  for (let c = 0; c < w * h; c++) {
    const count = s[c * 4 + 3] as number;
    if (count < minCount) continue;
    const r = (s[c * 4] as number) / count;
    const g = (s[c * 4 + 1] as number) / count;
    const b = (s[c * 4 + 2] as number) / count;
    const sum = r + g + b || 1;
    const l = sum / 3;
    lum[c] = l;
    values.push(l);
    const exg = (2 * g - r - b) / sum;
    exgSum += exg;
    exgValues.push(exg);
    if (exg > 0.05) {
      vegetation += 1;
      vegetated[c] = 1;
    }
    const max = Math.max(r, g, b);
    const sat = max > 0 ? (max - Math.min(r, g, b)) / max : 0;
    satSum += sat;
    satSquares += sat * sat;
    chromaR += r / sum;
    chromaR2 += (r / sum) ** 2;
    chromaB += b / sum;
    chromaB2 += (b / sum) ** 2;
    if ((r - b) / sum > 0.12 && r > g) reddish += 1;
    if (sat < 0.12 && l >= 40) grey += 1;
  }
  const n = values.length;
  if (n < 8) return zeros();
  const sorted = Float64Array.from(values).sort();
  const at = (q: number): number => sorted[Math.min(n - 1, Math.floor(q * n))] as number;
  const median = at(0.5);
  let mean = 0;
  let squares = 0;
  for (const v of values) {
    mean += v;
    squares += v * v;
  }
  mean /= n;
  const scale = mean + 10;
  const std = Math.sqrt(Math.max(0, squares / n - mean * mean));
  let dark = 0;
  let bright = 0;
  for (const v of values) {
    if (v < 0.6 * median) dark += 1;
    if (v > 1.4 * median) bright += 1;
  }
  let gradSum = 0;
  let gradCount = 0;
  let edges = 0;
  let flat = 0;
  let flatCandidates = 0;
  let grad2Sum = 0;
  let grad2Count = 0;
  let orientationX = 0;
  let orientationY = 0;
  let orientationWeight = 0;
  const get = (x: number, y: number): number =>
    x < 0 || y < 0 || x >= w || y >= h ? -1 : (lum[y * w + x] as number);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const l = lum[y * w + x] as number;
      if (l < 0) continue;
      const right = get(x + 1, y);
      const below = get(x, y + 1);
      if (right >= 0 && below >= 0) {
        const d = (Math.abs(right - l) + Math.abs(below - l)) / 2 / scale;
        gradSum += d;
        gradCount += 1;
        if (d > EDGE_RELATIVE) edges += 1;
        if (!vegetated[y * w + x]) {
          flatCandidates += 1;
          if (d < FLAT_RELATIVE) flat += 1;
        }
      }
      const right2 = get(x + 2, y);
      const below2 = get(x, y + 2);
      if (right2 >= 0 && below2 >= 0) {
        grad2Sum += (Math.abs(right2 - l) + Math.abs(below2 - l)) / 2 / scale;
        grad2Count += 1;
      }
      const left = get(x - 1, y);
      const above = get(x, y - 1);
      if (left >= 0 && right >= 0 && above >= 0 && below >= 0) {
        const gx = right - left;
        const gy = below - above;
        const magnitude = Math.hypot(gx, gy);
        if (magnitude > 0) {
          const angle = 4 * Math.atan2(gy, gx);
          orientationX += magnitude * Math.cos(angle);
          orientationY += magnitude * Math.sin(angle);
          orientationWeight += magnitude;
        }
      }
    }
  }
  const satMean = satSum / n;
  return {
    tBrightness: mean / 255,
    tContrast: std / scale,
    tSpread: (at(0.9) - at(0.1)) / (median + 10),
    tGradient: gradCount ? gradSum / gradCount : 0,
    tGradient2: grad2Count ? grad2Sum / grad2Count : 0,
    tEdges: gradCount ? edges / gradCount : 0,
    tFlat: flatCandidates ? flat / flatCandidates : 0,
    tOrientation: orientationWeight ? Math.hypot(orientationX, orientationY) / orientationWeight : 0,
    tExg: exgSum / n,
    tVegetation: vegetation / n,
    tExgLow: Float64Array.from(exgValues).sort()[Math.floor(0.1 * n)] as number,
    tSaturation: satMean,
    tSaturationStd: Math.sqrt(Math.max(0, satSquares / n - satMean * satMean)),
    tChromaStd:
      Math.sqrt(Math.max(0, chromaR2 / n - (chromaR / n) ** 2)) +
      Math.sqrt(Math.max(0, chromaB2 / n - (chromaB / n) ** 2)),
    tDark: dark / n,
    tBright: bright / n,
    tGrey: grey / n,
    tReddish: reddish / n,
  };
}
