import type { RasterSource } from '../../../imagery/raster-source';
import { gridToLonLat, type ChangeGrid } from './change-grid';

/** Grid rows resampled per read: bounds the window read from the scene at once. */
const ROWS_PER_READ = 32;

/**
 * The scene resampled onto the grid (nearest source pixel to each cell centre, through the scene's own CRS),
 * as RGBA; alpha 0 where the scene has no data or does not reach. Reads the scene in row bands, so a large
 * drone orthomosaic is never held whole in memory.
 */
export async function sampleScene(source: RasterSource, grid: ChangeGrid): Promise<Uint8Array> {
  const out = new Uint8Array(grid.width * grid.height * 4);
  const { transform } = source;
  const columns = new Float64Array(grid.width);
  const rows = new Float64Array(grid.width);
  for (let r0 = 0; r0 < grid.height; r0 += ROWS_PER_READ) {
    const r1 = Math.min(grid.height, r0 + ROWS_PER_READ);
    const positions: { column: Float64Array; row: Float64Array }[] = [];
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let r = r0; r < r1; r++) {
      for (let c = 0; c < grid.width; c++) {
        const [lon, lat] = gridToLonLat(grid, c + 0.5, r + 0.5);
        const [x, y] = source.crs.fromLonLat(lon, lat);
        const column = Math.floor((x - transform.originX) / transform.pixelWidth);
        const row = Math.floor((y - transform.originY) / transform.pixelHeight);
        columns[c] = column;
        rows[c] = row;
        if (column >= 0 && column < source.width && row >= 0 && row < source.height) {
          x0 = Math.min(x0, column);
          x1 = Math.max(x1, column + 1);
          y0 = Math.min(y0, row);
          y1 = Math.max(y1, row + 1);
        }
      }
      positions.push({ column: Float64Array.from(columns), row: Float64Array.from(rows) });
    }
    if (x0 >= x1) continue; // the band lies outside the scene: alpha stays 0
    const window = await source.readRgba({ x0, y0, x1, y1 });
    const windowWidth = x1 - x0;
    positions.forEach(({ column, row }, k) => {
      const r = r0 + k;
      for (let c = 0; c < grid.width; c++) {
        const sx = (column[c] as number) - x0;
        const sy = (row[c] as number) - y0;
        if (sx < 0 || sx >= windowWidth || sy < 0 || sy >= y1 - y0) continue;
        const from = (sy * windowWidth + sx) * 4;
        const to = (r * grid.width + c) * 4;
        out[to] = window[from] as number;
        out[to + 1] = window[from + 1] as number;
        out[to + 2] = window[from + 2] as number;
        out[to + 3] = window[from + 3] as number;
      }
    });
  }
  return out;
}
