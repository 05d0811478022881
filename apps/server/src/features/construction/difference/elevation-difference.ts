import { DIFFERENCE_ALPHA, differenceColour, differenceScale } from '@mirante/shared';
import { heightAt, type ElevationGrid } from '../volume/dsm-volume';

/**
 * The later surface minus the earlier one on the later model's grid, in metres; NaN where either model has
 * no data. Row 0 is the north edge.
 */
export interface DifferenceGrid {
  width: number;
  height: number;
  originX: number;
  originY: number;
  cellWidth: number;
  cellHeight: number;
  values: Float32Array;
}

export interface DifferenceFigures {
  cut: number;
  fill: number;
  net: number;
  cutArea: number;
  fillArea: number;
  measuredArea: number;
  nodataCells: number;
  maxCut: number;
  maxFill: number;
}

const hasData = (grid: ElevationGrid, value: number) =>
  Number.isFinite(value) && (grid.nodata === null || value !== grid.nodata);

/**
 * Each cell of the later model against the earlier model's height at the cell's centre (bilinear); `toEarlier`
 * carries a point of the later model's CRS into the earlier's (the identity when they share one).
 */
export function subtractModels(
  later: ElevationGrid,
  earlier: ElevationGrid,
  toEarlier: (x: number, y: number) => [number, number],
): DifferenceGrid {
  const values = new Float32Array(later.width * later.height);
  for (let row = 0; row < later.height; row++) {
    const y = later.originY - (row + 0.5) * later.cellHeight;
    for (let col = 0; col < later.width; col++) {
      const index = row * later.width + col;
      const z = later.values[index] as number;
      if (!hasData(later, z)) {
        values[index] = Number.NaN;
        continue;
      }
      const [ex, ey] = toEarlier(later.originX + (col + 0.5) * later.cellWidth, y);
      const before = heightAt(earlier, ex, ey);
      values[index] = before === null ? Number.NaN : z - before;
    }
  }
  return {
    width: later.width,
    height: later.height,
    originX: later.originX,
    originY: later.originY,
    cellWidth: later.cellWidth,
    cellHeight: later.cellHeight,
    values,
  };
}

/**
 * Cut, fill and net volumes (m³) of the cells whose change exceeds the tolerance: a change within it is noise
 * of the survey, neither drawn nor counted.
 */
export function differenceFigures(grid: DifferenceGrid, tolerance: number): DifferenceFigures {
  const cellArea = grid.cellWidth * grid.cellHeight;
  let cut = 0;
  let fill = 0;
  let cutCells = 0;
  let fillCells = 0;
  let measured = 0;
  let maxCut = 0;
  let maxFill = 0;
  for (const dz of grid.values) {
    if (Number.isNaN(dz)) continue;
    measured++;
    if (dz < -tolerance) {
      cut -= dz;
      cutCells++;
      maxCut = Math.max(maxCut, -dz);
    } else if (dz > tolerance) {
      fill += dz;
      fillCells++;
      maxFill = Math.max(maxFill, dz);
    }
  }
  return {
    cut: cut * cellArea,
    fill: fill * cellArea,
    net: (fill - cut) * cellArea,
    cutArea: cutCells * cellArea,
    fillArea: fillCells * cellArea,
    measuredArea: measured * cellArea,
    nodataCells: grid.values.length - measured,
    maxCut,
    maxFill,
  };
}

/** The 98th percentile of |change| over the cells beyond the tolerance (0 when none), to the nearest cm. */
export function typicalLargeChange(grid: DifferenceGrid, tolerance: number): number {
  const BIN = 0.01;
  const counts = new Map<number, number>();
  let total = 0;
  for (const dz of grid.values) {
    const size = Math.abs(dz);
    if (!(size > tolerance)) continue;
    const bin = Math.round(size / BIN);
    counts.set(bin, (counts.get(bin) ?? 0) + 1);
    total++;
  }
  if (total === 0) return 0;
  const wanted = total * 0.98;
  let seen = 0;
  for (const bin of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(bin) ?? 0;
    if (seen >= wanted) return bin * BIN;
  }
  return 0;
}

/** The ramp's end for this difference (see `differenceScale`). */
export const scaleOf = (grid: DifferenceGrid, tolerance: number) =>
  differenceScale(typicalLargeChange(grid, tolerance), tolerance);

/**
 * The coloured layer as RGBA pixels, at most `maxSide` pixels on its long edge (nearest cell): blue cut, red
 * fill, transparent within the tolerance and where there is no data.
 */
export function differenceRgba(
  grid: DifferenceGrid,
  tolerance: number,
  scale: number,
  maxSide: number,
): { width: number; height: number; pixels: Uint8Array } {
  const factor = Math.max(1, Math.max(grid.width, grid.height) / maxSide);
  const width = Math.max(1, Math.round(grid.width / factor));
  const height = Math.max(1, Math.round(grid.height / factor));
  const pixels = new Uint8Array(width * height * 4);
  for (let row = 0; row < height; row++) {
    const sourceRow = Math.min(grid.height - 1, Math.floor(((row + 0.5) * grid.height) / height));
    for (let col = 0; col < width; col++) {
      const sourceCol = Math.min(grid.width - 1, Math.floor(((col + 0.5) * grid.width) / width));
      const colour = differenceColour(grid.values[sourceRow * grid.width + sourceCol]!, tolerance, scale);
      if (!colour) continue;
      const at = (row * width + col) * 4;
      pixels[at] = colour[0];
      pixels[at + 1] = colour[1];
      pixels[at + 2] = colour[2];
      pixels[at + 3] = DIFFERENCE_ALPHA;
    }
  }
  return { width, height, pixels };
}
