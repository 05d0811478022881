import { simplify, booleanValid, polygon as turfPolygon } from '@turf/turf';
import type { Polygon, Position } from 'geojson';
import { boxMean } from './box-mean';
import { gridToLonLat, type ChangeGrid } from './change-grid';
import { hysteresisMask, labelComponents } from './hysteresis';
import { cloudMask } from './cloud-mask';
import { maskPolygons, type GridPolygon } from './mask-polygons';
import { closeMask } from './morphology';
import { patchConfidence } from './patch-confidence';
import { residualChange } from './relative-normalisation';
import { brightnessGrid, vegetationIndexGrid } from './vegetation-index';

/** The entities and their fields: numeric layer type 0 reforestation (REFO), 1 deforestation (DEFO), 2 other analysis (GAMBIRA). */
export type ChangeCategory = 'REFO' | 'DEFO' | 'GAMBIRA';

export interface DetectorSettings {
  /** Minimum mapping unit, m²: smaller changes (and smaller unchanged islands inside one) are not mapped. */
  minAreaM2: number;
  /** Radius of the smoothing of each scene's index, metres (seedling rows, crowns and gaps average out). */
  smoothingM: number;
  /** Strong change: at least this many robust standard deviations of its stratum's residual change… */
  strongSigmas: number;
  /** …and never under this index difference, for any cell of a patch. */
  minDelta: number;
  /** A cell joins a strong change's patch from this share of the strong threshold on (hysteresis). */
  weakShare: number;
  /** A patch's outline runs where its change falls to this share of its core's median change. */
  edgeShare: number;
  /**
   * Gaps narrower than this (m) between parts of one change are closed before the minimum unit is applied: a
   * clearing crossed by a stream is one clearing, not two halves of which the smaller falls under the unit.
   */
  gapM: number;
}

/**
 * ExG − ExR above which a (smoothed) cell is vegetation: the index's own zero (Meyer & Camargo Neto 2008). A loss
 * is read only where the before scene was vegetation, a gain only where the after scene is: bare ground whose
 * colour drifts with the season (a clearing's soil and litter) changes its index too, but no vegetation changed.
 */
export const VEGETATION_INDEX = 0;

/**
 * Defaults fit for the demo area (2 m grid): the smallest demo change is ~2,400 m². MapBiomas Alerta maps
 * nothing under 0.3 ha; an APP restoration may need less, hence 0.1 ha and configurable per analysis.
 */
export const DEFAULT_DETECTOR_SETTINGS: DetectorSettings = {
  minAreaM2: 1000,
  smoothingM: 8,
  strongSigmas: 8,
  minDelta: 0.03,
  weakShare: 0.5,
  edgeShare: 0.35,
  gapM: 12,
};

export interface ChangePatch {
  category: ChangeCategory;
  /** Lon/lat (EPSG:4326), simplified to about half a cell. */
  geometry: Polygon;
  /** Area of the mapped polygon, m² (grid cells). */
  areaM2: number;
  /** How clearly the change was seen, 0–1 (patch-confidence.ts): margin over the threshold, support, extent. */
  confidence: number;
  /** Mean index change of the patch after the pair's seasonal normalisation (gain > 0). */
  meanChange: number;
  /** Mean ExG − ExR of the patch in each scene. */
  indexBefore: number;
  indexAfter: number;
  /** Grid bounds [column0, row0, column1, row1) of the patch (for previews). */
  cellBounds: [number, number, number, number];
}

export interface ChangeInput {
  grid: ChangeGrid;
  /** RGBA of each scene on `grid` (alpha 0: no data). */
  before: Uint8Array;
  after: Uint8Array;
  /** 1 inside the analysed area (the project's boundary). */
  area: Uint8Array;
}

/**
 * Each patch's outline where its change falls to a share of its core's median change (like a half-maximum edge): a
 * strong clearing is not widened by the hysteresis into the noise around it, a faint planting keeps its rows.
 */
function coreRelativeEdges(
  mask: Uint8Array,
  signed: Float32Array,
  z: Float32Array,
  width: number,
  height: number,
  high: number,
  share: number,
): Uint8Array {
  const { labels, count } = labelComponents(mask, width, height);
  const cores: number[][] = Array.from({ length: count + 1 }, () => []);
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i] as number;
    if (label > 0 && (z[i] as number) >= high) cores[label]?.push(signed[i] as number);
  }
  const halves = cores.map((core) => {
    core.sort((a, b) => a - b);
    return (core[Math.floor(core.length / 2)] ?? 0) * share;
  });
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i] as number;
    if (label > 0 && (signed[i] as number) >= (halves[label] as number)) out[i] = 1;
  }
  return out;
}

function smoothedIndex(rgba: Uint8Array, input: ChangeInput, radius: number, cloudy: Uint8Array) {
  const { width, height } = input.grid;
  const cells = width * height;
  const index = vegetationIndexGrid(rgba, cells);
  const brightness = brightnessGrid(rgba, cells);
  for (let i = 0; i < cells; i++) {
    if (input.area[i] === 0 || cloudy[i] === 1) {
      index[i] = Number.NaN;
      brightness[i] = Number.NaN;
    }
  }
  return {
    index: boxMean(index, width, height, radius),
    brightness: boxMean(brightness, width, height, radius),
  };
}

/** Cells of a grid polygon (pixel centres inside it) that are in `mask` (all of them without one). */
function polygonCells(mask: Uint8Array | null, polygon: GridPolygon, width: number): number[] {
  const xs = (polygon.rings[0] ?? []).map((p) => p[0] ?? 0);
  const ys = (polygon.rings[0] ?? []).map((p) => p[1] ?? 0);
  const cells: number[] = [];
  for (let y = Math.floor(Math.min(...ys)); y < Math.ceil(Math.max(...ys)); y++) {
    for (let x = Math.floor(Math.min(...xs)); x < Math.ceil(Math.max(...xs)); x++) {
      if ((mask === null || mask[y * width + x] === 1) && insideRings(polygon.rings, x + 0.5, y + 0.5))
        cells.push(y * width + x);
    }
  }
  return cells;
}

function insideRings(rings: Position[][], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi = 0, yi = 0] = ring[i] as Position;
      const [xj = 0, yj = 0] = ring[j] as Position;
      if (yi > y !== yj > y && x < xi + ((y - yi) / (yj - yi)) * (xj - xi)) inside = !inside;
    }
  }
  return inside;
}

function toLonLat(grid: ChangeGrid, polygon: GridPolygon): Polygon {
  const exact: Polygon = {
    type: 'Polygon',
    coordinates: polygon.rings.map((ring) => ring.map(([x = 0, y = 0]) => gridToLonLat(grid, x, y))),
  };
  const tolerance = (grid.cellLat + grid.cellLon) / 4;
  const simplified = simplify(turfPolygon(exact.coordinates), { tolerance }).geometry;
  return booleanValid(simplified) ? simplified : exact;
}

const mean = (values: Float32Array, cells: number[]) =>
  cells.reduce((sum, i) => sum + (Number.isFinite(values[i] as number) ? (values[i] as number) : 0), 0) /
  Math.max(1, cells.length);

/**
 * The vegetation changes between two scenes of one area: ExG − ExR of each scene (smoothed), the after − before
 * difference normalised for the season (relative-normalisation.ts), a threshold per scene pair from the
 * difference's own noise (robust σ) with hysteresis, the gain and loss masks turned into polygons (holes kept)
 * and the minimum mapping unit applied. Loss of vegetation is DEFO, gain REFO; a loss is read only on cells that
 * were vegetation before (ExG − ExR above VEGETATION_INDEX), a gain only on cells that are vegetation after, so
 * the detector proposes no other change (GAMBIRA stays for the ADMIN's drawn detections). Thick clouds, their
 * shadows and thin clouds (haze-mask.ts) of either scene are not read. Sorted by area, largest first.
 */
export function detectChange(
  input: ChangeInput,
  settings: DetectorSettings = DEFAULT_DETECTOR_SETTINGS,
): ChangePatch[] {
  const { grid } = input;
  const { width, height } = grid;
  const radius = Math.max(1, Math.round(settings.smoothingM / grid.cellSizeM));
  const cloudy = cloudMask(input, radius);
  const before = smoothedIndex(input.before, input, radius, cloudy);
  const after = smoothedIndex(input.after, input, radius, cloudy);
  const residual = residualChange(before.index, after.index, before.brightness);
  const high = settings.strongSigmas;
  const low = high * settings.weakShare;
  const minCells = settings.minAreaM2 / (grid.cellSizeM * grid.cellSizeM);
  const patches: ChangePatch[] = [];
  for (const direction of [1, -1] as const) {
    const signed = residual.change.map((v) => v * direction);
    // Vegetation where it was lost (before) or gained (after): bare soil whose colour drifts is no change.
    const vegetation = direction === 1 ? after.index : before.index;
    const gated = residual.z.map((v, i) =>
      (signed[i] as number) >= settings.minDelta && (vegetation[i] as number) > VEGETATION_INDEX
        ? v * direction
        : -Infinity,
    );
    const mask = coreRelativeEdges(
      hysteresisMask(gated, width, height, low, high),
      signed,
      gated,
      width,
      height,
      high,
      settings.edgeShare,
    );
    const gap = Math.round(settings.gapM / 2 / grid.cellSizeM);
    for (const polygon of maskPolygons(
      closeMask(mask, width, height, gap, input.area),
      width,
      height,
      minCells,
    )) {
      const cells = polygonCells(mask, polygon, width);
      if (cells.length === 0) continue;
      const indexBefore = mean(before.index, cells);
      const indexAfter = mean(after.index, cells);
      const confidence = patchConfidence({
        z: polygonCells(null, polygon, width).map((i) => {
          const z = gated[i] as number;
          return Number.isFinite(z) ? z : 0;
        }),
        areaCells: polygon.cells,
        minCells,
        strong: high,
        weak: low,
      });
      const xs = (polygon.rings[0] ?? []).map((p) => p[0] ?? 0);
      const ys = (polygon.rings[0] ?? []).map((p) => p[1] ?? 0);
      patches.push({
        category: direction === 1 ? 'REFO' : 'DEFO',
        geometry: toLonLat(grid, polygon),
        areaM2: polygon.cells * grid.cellSizeM * grid.cellSizeM,
        confidence,
        meanChange: mean(residual.change, cells),
        indexBefore,
        indexAfter,
        cellBounds: [
          Math.floor(Math.min(...xs)),
          Math.floor(Math.min(...ys)),
          Math.ceil(Math.max(...xs)),
          Math.ceil(Math.max(...ys)),
        ],
      });
    }
  }
  return patches.sort((a, b) => b.areaM2 - a.areaM2);
}
