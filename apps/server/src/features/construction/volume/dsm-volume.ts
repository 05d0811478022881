import earcut from 'earcut';

/**
 * An elevation model (DSM) in a projected, metric CRS: row 0 is the north edge, column 0 the west edge. Heights
 * in metres; `nodata` cells (and NaN) are no data.
 */
export interface ElevationGrid {
  width: number;
  height: number;
  /** Easting of the west edge of column 0. */
  originX: number;
  /** Northing of the north edge of row 0. */
  originY: number;
  /** Cell size in metres (both positive). */
  cellWidth: number;
  cellHeight: number;
  values: ArrayLike<number>;
  nodata: number | null;
}

/** The base surfaces of WebODM's volume tool, the typed height among them. */
export const BASE_METHODS = ['triangulate', 'plane', 'lowest', 'average', 'highest', 'custom'] as const;
export type BaseMethod = (typeof BASE_METHODS)[number];

export type Point2 = readonly [number, number];

export interface VolumeFigures {
  /** m³ of material above the base (or gained since the earlier model). */
  fill: number;
  /** m³ of material missing below the base (or removed since the earlier model). */
  cut: number;
  /** fill − cut */
  net: number;
  /** m² of the cells measured (centre inside the polygon, with data). */
  measuredArea: number;
  /** Cells inside the polygon without data (not counted). */
  nodataCells: number;
}

const hasData = (grid: ElevationGrid, value: number) =>
  Number.isFinite(value) && (grid.nodata === null || value !== grid.nodata);

/** The height at a point by bilinear interpolation of cell centres; null where a needed cell has no data. */
export function heightAt(grid: ElevationGrid, x: number, y: number): number | null {
  const fx = (x - grid.originX) / grid.cellWidth - 0.5;
  const fy = (grid.originY - y) / grid.cellHeight - 0.5;
  const col = Math.min(Math.max(Math.floor(fx), 0), grid.width - 2);
  const row = Math.min(Math.max(Math.floor(fy), 0), grid.height - 2);
  if (
    grid.width < 2 ||
    grid.height < 2 ||
    fx < -0.5 ||
    fy < -0.5 ||
    fx > grid.width - 0.5 ||
    fy > grid.height - 0.5
  )
    return null;
  const tx = Math.min(Math.max(fx - col, 0), 1);
  const ty = Math.min(Math.max(fy - row, 0), 1);
  const at = (r: number, c: number) => grid.values[r * grid.width + c] as number;
  const corners = [at(row, col), at(row, col + 1), at(row + 1, col), at(row + 1, col + 1)];
  if (!corners.every((value) => hasData(grid, value))) return null;
  const [a, b, c, d] = corners as [number, number, number, number];
  return (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty;
}

/** Ray-casting point-in-polygon test on one ring (closed or not). */
function inside(ring: readonly Point2[], x: number, y: number): boolean {
  let result = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as Point2;
    const [xj, yj] = ring[j] as Point2;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) result = !result;
  }
  return result;
}

/** The least-squares plane z = a·x + b·y + c through the points (coordinates centred for stability). */
function fitPlane(points: readonly (readonly [number, number, number])[]): (x: number, y: number) => number {
  const n = points.length;
  const mx = points.reduce((sum, p) => sum + p[0], 0) / n;
  const my = points.reduce((sum, p) => sum + p[1], 0) / n;
  const mz = points.reduce((sum, p) => sum + p[2], 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  let sxz = 0;
  let syz = 0;
  for (const [x, y, z] of points) {
    const [dx, dy, dz] = [x - mx, y - my, z - mz];
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
    sxz += dx * dz;
    syz += dy * dz;
  }
  const det = sxx * syy - sxy * sxy;
  const a = det === 0 ? 0 : (sxz * syy - syz * sxy) / det;
  const b = det === 0 ? 0 : (syz * sxx - sxz * sxy) / det;
  return (x, y) => mz + a * (x - mx) + b * (y - my);
}

/**
 * The base surface through the polygon's vertices (WebODM's methods): `triangulate` interpolates linearly on
 * a triangulation of the vertices, `plane` is their least-squares plane, `lowest`/`average`/`highest` a flat
 * base at that vertex height, `custom` a flat base at the typed height.
 */
export function baseSurface(
  method: BaseMethod,
  vertices: readonly (readonly [number, number, number])[],
  customHeight?: number,
): (x: number, y: number) => number {
  const heights = vertices.map((vertex) => vertex[2]);
  switch (method) {
    case 'custom':
      return () => customHeight ?? 0;
    case 'lowest':
      return constant(Math.min(...heights));
    case 'highest':
      return constant(Math.max(...heights));
    case 'average':
      return constant(heights.reduce((sum, value) => sum + value, 0) / heights.length);
    case 'plane':
      return fitPlane(vertices);
    case 'triangulate':
      return triangulated(vertices);
  }
}

const constant = (value: number) => () => value;

/** Linear interpolation on the polygon's own triangulation (earcut), the plane as a fallback at the edges. */
function triangulated(vertices: readonly (readonly [number, number, number])[]) {
  const flat = vertices.flatMap((vertex) => [vertex[0], vertex[1]]);
  const indexes = earcut(flat);
  const triangles: [number, number, number][][] = [];
  for (let i = 0; i < indexes.length; i += 3) {
    triangles.push(
      [0, 1, 2].map((k) => [...(vertices[indexes[i + k] as number] as [number, number, number])]),
    );
  }
  const fallback = fitPlane(vertices);
  return (x: number, y: number) => {
    for (const [[x1, y1, z1], [x2, y2, z2], [x3, y3, z3]] of triangles as [
      [number, number, number],
      [number, number, number],
      [number, number, number],
    ][]) {
      const det = (y2 - y3) * (x1 - x3) + (x3 - x2) * (y1 - y3);
      if (det === 0) continue;
      const l1 = ((y2 - y3) * (x - x3) + (x3 - x2) * (y - y3)) / det;
      const l2 = ((y3 - y1) * (x - x3) + (x1 - x3) * (y - y3)) / det;
      const l3 = 1 - l1 - l2;
      if (l1 >= -1e-9 && l2 >= -1e-9 && l3 >= -1e-9) return l1 * z1 + l2 * z2 + l3 * z3;
    }
    return fallback(x, y);
  };
}

/** Calls `visit(x, y, value)` for every cell whose centre lies inside the ring; counts those without data. */
function eachCellInside(
  grid: ElevationGrid,
  ring: readonly Point2[],
  visit: (x: number, y: number, value: number) => void,
): number {
  const xs = ring.map((point) => point[0]);
  const ys = ring.map((point) => point[1]);
  const colStart = Math.max(0, Math.floor((Math.min(...xs) - grid.originX) / grid.cellWidth));
  const colEnd = Math.min(grid.width - 1, Math.ceil((Math.max(...xs) - grid.originX) / grid.cellWidth));
  const rowStart = Math.max(0, Math.floor((grid.originY - Math.max(...ys)) / grid.cellHeight));
  const rowEnd = Math.min(grid.height - 1, Math.ceil((grid.originY - Math.min(...ys)) / grid.cellHeight));
  let nodata = 0;
  for (let row = rowStart; row <= rowEnd; row++) {
    const y = grid.originY - (row + 0.5) * grid.cellHeight;
    for (let col = colStart; col <= colEnd; col++) {
      const x = grid.originX + (col + 0.5) * grid.cellWidth;
      if (!inside(ring, x, y)) continue;
      const value = grid.values[row * grid.width + col] as number;
      if (hasData(grid, value)) visit(x, y, value);
      else nodata++;
    }
  }
  return nodata;
}

function figures(
  grid: ElevationGrid,
  ring: readonly Point2[],
  difference: (x: number, y: number, z: number) => number | null,
) {
  const cellArea = grid.cellWidth * grid.cellHeight;
  let fill = 0;
  let cut = 0;
  let cells = 0;
  let skipped = 0;
  const nodataCells = eachCellInside(grid, ring, (x, y, z) => {
    const dz = difference(x, y, z);
    if (dz === null) {
      skipped++;
      return;
    }
    cells++;
    if (dz > 0) fill += dz * cellArea;
    else cut -= dz * cellArea;
  });
  return { fill, cut, net: fill - cut, measuredArea: cells * cellArea, nodataCells: nodataCells + skipped };
}

/** The polygon's outer ring without its closing point. */
const openRing = (ring: readonly Point2[]) => {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return first && last && first[0] === last[0] && first[1] === last[1] ? ring.slice(0, -1) : ring;
};

/**
 * Volume of a polygon (in the grid's CRS) against a base: the base is read at the polygon's vertices from the
 * model (as WebODM's `calc_volume` does), then every cell inside adds (height − base) × cell area to fill
 * (above) or cut (below). Null when a vertex falls where the model has no data (except with a typed height).
 */
export function polygonVolume(
  grid: ElevationGrid,
  ring: readonly Point2[],
  method: BaseMethod,
  customHeight?: number,
): (VolumeFigures & { baseAtVertices: number[] }) | null {
  const vertices: [number, number, number][] = [];
  for (const [x, y] of openRing(ring)) {
    const z = method === 'custom' ? (customHeight ?? 0) : heightAt(grid, x, y);
    if (z === null) return null;
    vertices.push([x, y, z]);
  }
  const base = baseSurface(method, vertices, customHeight);
  return {
    ...figures(grid, ring, (x, y, z) => z - base(x, y)),
    baseAtVertices: vertices.map((vertex) => base(vertex[0], vertex[1])),
  };
}

/**
 * Cut and fill between two models over a polygon: each cell of the later model against the earlier model's
 * height at the same place (bilinear); fill is material gained, cut material removed.
 */
export function differenceVolume(
  before: ElevationGrid,
  after: ElevationGrid,
  ring: readonly Point2[],
): VolumeFigures {
  return figures(after, ring, (x, y, z) => {
    const earlier = heightAt(before, x, y);
    return earlier === null ? null : z - earlier;
  });
}
