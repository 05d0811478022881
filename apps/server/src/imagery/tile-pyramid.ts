import { downsampleChildren } from './downsample';
import type { PixelWindow, RasterSource } from './raster-source';
import { gridWindow, renderTile, tileSourceGrid, unionWindows, type LoadedWindow } from './reproject';
import { createTileBuffers } from './tile-buffers';
import { tileRangeFor, type MercatorBounds, type TileRange } from './tile-math';

export interface PyramidSink {
  /**
   * Receives every non-empty tile as raw 256 × 256 RGBA. Its buffer is reused for a later tile once `done` has
   * been called: call it when finished with `rgba`, or never to keep it.
   */
  tile(z: number, x: number, y: number, rgba: Uint8Array, done: () => void): Promise<void>;
}

export interface PyramidOptions {
  source: RasterSource;
  bounds: MercatorBounds;
  minZoom: number;
  maxZoom: number;
  sink: PyramidSink;
  onProgress?: (fraction: number) => Promise<void> | void;
}

const key = (x: number, y: number) => `${x}/${y}`;

interface SourceRow {
  grids: Map<number, Float64Array>;
  loaded: Promise<LoadedWindow | null>;
}

/** The control grids of one row of native tiles and the read of the one source window under all of them. */
function readSourceRow(source: RasterSource, z: number, y: number, minX: number, maxX: number): SourceRow {
  const grids = new Map<number, Float64Array>();
  let window: PixelWindow | null = null;
  for (let x = minX; x <= maxX; x++) {
    const grid = tileSourceGrid(z, x, y, source.crs, source.transform);
    const tileWindow = gridWindow(grid, source.width, source.height);
    if (!tileWindow) continue;
    grids.set(x, grid);
    window = unionWindows(window, tileWindow);
  }
  const area = window;
  const loaded = area
    ? source.readRgba(area).then((rgba) => ({ window: area, rgba }))
    : Promise.resolve(null);
  // A failed read surfaces when the row is awaited; this keeps it from being reported as unhandled first.
  loaded.catch(() => undefined);
  return { grids, loaded };
}

/**
 * Builds every zoom from `maxZoom` down to `minZoom`. Only the native zoom reads the source, one row of
 * tiles (and the source window under it) at a time; each lower zoom is made from the four tiles under it as
 * soon as both of its child rows are done, so memory holds about two rows of tiles per zoom.
 */
export async function buildPyramid(options: PyramidOptions): Promise<{ tiles: number }> {
  const { source, bounds, minZoom, maxZoom, sink } = options;
  const ranges = new Map<number, TileRange>();
  for (let z = minZoom; z <= maxZoom; z++) ranges.set(z, tileRangeFor(bounds, z));
  const pending = new Map<number, Map<string, Uint8Array>>();
  for (let z = minZoom; z < maxZoom; z++) pending.set(z + 1, new Map());
  const buffers = createTileBuffers();
  let tiles = 0;

  const emit = async (z: number, x: number, y: number, rgba: Uint8Array) => {
    tiles++;
    const parentNeedsIt = pending.get(z);
    parentNeedsIt?.set(key(x, y), rgba);
    buffers.hold(rgba, parentNeedsIt ? 2 : 1);
    await sink.tile(z, x, y, rgba, () => buffers.release(rgba));
  };

  const buildParentRow = async (z: number, y: number) => {
    const range = ranges.get(z)!;
    const children = pending.get(z + 1)!;
    for (let x = range.minX; x <= range.maxX; x++) {
      const quadrants = [
        children.get(key(2 * x, 2 * y)) ?? null,
        children.get(key(2 * x + 1, 2 * y)) ?? null,
        children.get(key(2 * x, 2 * y + 1)) ?? null,
        children.get(key(2 * x + 1, 2 * y + 1)) ?? null,
      ] as const;
      const out = buffers.take();
      const parent = downsampleChildren(quadrants, out);
      if (parent) await emit(z, x, y, parent);
      else buffers.giveBack(out);
    }
    for (const [childKey, child] of [...children]) {
      const childY = Number(childKey.split('/')[1]);
      if (childY === 2 * y || childY === 2 * y + 1) {
        children.delete(childKey);
        buffers.release(child);
      }
    }
  };

  const finishRow = async (z: number, y: number): Promise<void> => {
    if (z <= minZoom) return;
    const range = ranges.get(z)!;
    if (y % 2 === 1 || y === range.maxY) {
      await buildParentRow(z - 1, Math.floor(y / 2));
      await finishRow(z - 1, Math.floor(y / 2));
    }
  };

  const top = ranges.get(maxZoom)!;
  const rows = top.maxY - top.minY + 1;
  // The next row's source window is read (and decoded) while this row is rendered: two windows in memory.
  const loadRow = (y: number): SourceRow | null =>
    y <= top.maxY ? readSourceRow(source, maxZoom, y, top.minX, top.maxX) : null;
  let next = loadRow(top.minY);
  for (let y = top.minY; y <= top.maxY; y++) {
    const current = next!;
    next = loadRow(y + 1);
    const loaded = await current.loaded;
    if (loaded) {
      for (const [x, grid] of current.grids) {
        const out = buffers.take();
        const tile = renderTile(grid, loaded, out);
        if (tile) await emit(maxZoom, x, y, tile);
        else buffers.giveBack(out);
      }
      source.recycle?.(loaded.rgba);
    }
    await finishRow(maxZoom, y);
    await options.onProgress?.((y - top.minY + 1) / rows);
  }
  return { tiles };
}
