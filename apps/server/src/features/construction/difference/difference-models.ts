import { DSM_DIFFERENCE_MESSAGES } from '@mirante/shared';
import { unprocessable } from '../../../http/app-error';
import type { ElevationModel } from '../volume/dsm-file';
import type { ElevationGrid } from '../volume/dsm-volume';

/** Box in a model's CRS: [west, south, east, north]. */
export type Box = [number, number, number, number];

/** Largest compared grid, in cells: a larger overlap is compared on coarser cells (whole cells of the model). */
export const DIFFERENCE_MAX_CELLS = 16_000_000;

const extentOf = (model: ElevationModel): Box => [
  model.originX,
  model.originY - model.height * model.cellHeight,
  model.originX + model.width * model.cellWidth,
  model.originY,
];

/** Whether two models stand on the same CRS (their GeoKeys say the same). */
export function sameCrs(a: ElevationModel, b: ElevationModel): boolean {
  return JSON.stringify(a.image.getGeoKeys()) === JSON.stringify(b.image.getGeoKeys());
}

/** The box, in `to`'s CRS, around the model `from`'s extent (its corners and edge midpoints carried over). */
function extentIn(from: ElevationModel, to: ElevationModel): Box {
  const [w, s, e, n] = extentOf(from);
  if (sameCrs(from, to)) return [w, s, e, n];
  const points = [
    [w, s],
    [e, s],
    [w, n],
    [e, n],
    [(w + e) / 2, s],
    [(w + e) / 2, n],
    [w, (s + n) / 2],
    [e, (s + n) / 2],
  ].map(([x, y]) => to.crs.fromLonLat(...from.crs.toLonLat(x!, y!)));
  const xs = points.map((point) => point[0]);
  const ys = points.map((point) => point[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The part of the later model's extent the earlier model also covers, in the later model's CRS. */
export function overlapBox(later: ElevationModel, earlier: ElevationModel): Box {
  const [w1, s1, e1, n1] = extentOf(later);
  const [w2, s2, e2, n2] = extentIn(earlier, later);
  const box: Box = [Math.max(w1, w2), Math.max(s1, s2), Math.min(e1, e2), Math.min(n1, n2)];
  if (!(box[2] - box[0] >= 2 * later.cellWidth && box[3] - box[1] >= 2 * later.cellHeight))
    throw unprocessable('ELEVATION_MODELS_APART', DSM_DIFFERENCE_MESSAGES.noOverlap);
  return box;
}

/** The box carried into the earlier model's CRS (unchanged when both share one). */
export function boxIn(box: Box, from: ElevationModel, to: ElevationModel): Box {
  if (sameCrs(from, to)) return box;
  const [w, s, e, n] = box;
  const points = [
    [w, s],
    [e, s],
    [w, n],
    [e, n],
  ].map(([x, y]) => to.crs.fromLonLat(...from.crs.toLonLat(x!, y!)));
  const xs = points.map((point) => point[0]);
  const ys = points.map((point) => point[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * The model's cells over a box (whole cells, plus `margin` cells around it, clipped to the model), read from
 * the file; when they would be more than `maxCells`, every `step`-th cell in each direction (nearest), so the
 * grid's cells are `step` model cells wide.
 */
export async function readBox(
  model: ElevationModel,
  [west, south, east, north]: Box,
  margin: number,
  maxCells = DIFFERENCE_MAX_CELLS,
): Promise<ElevationGrid> {
  const col0 = Math.max(0, Math.floor((west - model.originX) / model.cellWidth + 1e-9) - margin);
  const col1 = Math.min(model.width, Math.ceil((east - model.originX) / model.cellWidth - 1e-9) + margin);
  const row0 = Math.max(0, Math.floor((model.originY - north) / model.cellHeight + 1e-9) - margin);
  const row1 = Math.min(model.height, Math.ceil((model.originY - south) / model.cellHeight - 1e-9) + margin);
  const cols = col1 - col0;
  const rows = row1 - row0;
  const step = Math.max(1, Math.ceil(Math.sqrt((cols * rows) / maxCells)));
  const width = Math.max(1, Math.floor(cols / step));
  const height = Math.max(1, Math.floor(rows / step));
  const window = [col0, row0, col0 + width * step, row0 + height * step];
  const [values] = (await model.image.readRasters({
    window,
    width,
    height,
    resampleMethod: 'nearest',
  })) as unknown as [ArrayLike<number>];
  return {
    width,
    height,
    originX: model.originX + col0 * model.cellWidth,
    originY: model.originY - row0 * model.cellHeight,
    cellWidth: model.cellWidth * step,
    cellHeight: model.cellHeight * step,
    values,
    nodata: model.nodata,
  };
}
