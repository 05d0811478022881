import type { RasterSource } from '../../../imagery/raster-source';
import { accumulateSpan, createAccumulator, type LotAccumulator, type RgbaWindow } from './lot-accumulator';
import { groundPixelMetres } from './ground-resolution';
import { accumulateTexture, createTextureAccumulator, textureStride } from './texture-features';
import { forEachPixelSpan } from '@mirante/shared';
import { lotToPixelPolygon, type LotGeometry, type PixelPolygon } from './lot-mask';

export interface LotInput {
  id: string;
  /** Lon/lat (EPSG:4326), as stored in the layers. */
  geometry: LotGeometry;
}

export interface ScannedLot {
  id: string;
  accumulator: LotAccumulator;
}

export interface ScanOptions {
  /** Raster rows read at once; memory is about bandRows × (columns spanned by lots) × 4 bytes. */
  bandRows?: number;
}

interface PendingLot {
  id: string;
  polygon: PixelPolygon;
  accumulator: LotAccumulator;
}

/**
 * Reads the raster once, top to bottom, in bands of rows, and feeds each band's pixels to the lots whose rows it
 * crosses. Yields each lot as soon as the band past its last row has been read, so results stream out and only
 * the lots crossing the current band are held in memory besides their small polygons. Lots outside the raster
 * are yielded first, with no pixels.
 */
export async function* scanLots(
  source: RasterSource,
  lots: Iterable<LotInput>,
  options: ScanOptions = {},
): AsyncGenerator<ScannedLot> {
  const bandRows = options.bandRows ?? 256;
  const { width, height } = source;
  const stride = textureStride(groundPixelMetres(source));
  const pending: PendingLot[] = [];
  for (const lot of lots) {
    const polygon = lotToPixelPolygon(lot.geometry, source.crs.fromLonLat, source.transform, width, height);
    const accumulator = createAccumulator(
      polygon.area,
      createTextureAccumulator(
        stride,
        polygon.firstColumn,
        polygon.lastColumn,
        polygon.firstRow,
        polygon.lastRow,
      ),
    );
    if (polygon.firstRow > polygon.lastRow || polygon.firstColumn > polygon.lastColumn)
      yield { id: lot.id, accumulator };
    else pending.push({ id: lot.id, polygon, accumulator });
  }
  pending.sort((a, b) => a.polygon.firstRow - b.polygon.firstRow);

  let next = 0;
  let active: PendingLot[] = [];
  let bandStart = pending[0]?.polygon.firstRow ?? height;
  while (next < pending.length || active.length > 0) {
    // Skip rows no lot touches.
    if (active.length === 0) bandStart = Math.max(bandStart, (pending[next] as PendingLot).polygon.firstRow);
    const bandEnd = Math.min(height, bandStart + bandRows);
    while (next < pending.length && (pending[next] as PendingLot).polygon.firstRow < bandEnd)
      active.push(pending[next++] as PendingLot);
    const window = await readBand(source, active, bandStart, bandEnd);
    for (const lot of active)
      forEachPixelSpan(lot.polygon, bandStart, bandEnd, width, (row, x0, x1) => {
        accumulateSpan(lot.accumulator, window, row, x0, x1);
        accumulateTexture(lot.accumulator.texture, window, row, x0, x1);
      });
    const stillOpen: PendingLot[] = [];
    for (const lot of active) {
      if (lot.polygon.lastRow < bandEnd) yield { id: lot.id, accumulator: lot.accumulator };
      else stillOpen.push(lot);
    }
    active = stillOpen;
    bandStart = bandEnd;
  }
}

/** The band's rows over the columns the active lots span, plus one row/column more for the gradient. */
async function readBand(
  source: RasterSource,
  active: readonly PendingLot[],
  bandStart: number,
  bandEnd: number,
): Promise<RgbaWindow> {
  let firstColumn = source.width;
  let lastColumn = 0;
  for (const lot of active) {
    firstColumn = Math.min(firstColumn, lot.polygon.firstColumn);
    lastColumn = Math.max(lastColumn, lot.polygon.lastColumn);
  }
  const columnEnd = Math.min(source.width, lastColumn + 2);
  const rowEnd = Math.min(source.height, bandEnd + 1);
  const rgba = await source.readRgba({ x0: firstColumn, y0: bandStart, x1: columnEnd, y1: rowEnd });
  return {
    rgba,
    firstRow: bandStart,
    rows: rowEnd - bandStart,
    firstColumn,
    columns: columnEnd - firstColumn,
  };
}
