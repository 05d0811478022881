import { fromArrayBuffer, type GeoTIFFImage } from 'geotiff';
import { ELEVATION_MESSAGES } from '@mirante/shared';
import { unprocessable } from '../../../http/app-error';
import { crsFromGeoKeys, type Crs } from '../../../geo/crs';
import { numberList } from '../../../imagery/geotiff-source';
import { DEFAULT_IMAGE_LIMITS } from '../../../imagery/limits';
import type { ElevationGrid, Point2 } from './dsm-volume';

/** Largest elevation model accepted, in cells (a 20,000 × 20,000 DSM at 5 cm covers 1 km²). */
export const DSM_MAX_CELLS = 400_000_000;
/** Largest window read for one polygon, in cells. */
const WINDOW_MAX_CELLS = 50_000_000;

const refuse = (message: string) => unprocessable('INVALID_ELEVATION_MODEL', message);

export interface ElevationModel {
  image: GeoTIFFImage;
  crs: Crs;
  width: number;
  height: number;
  originX: number;
  originY: number;
  cellWidth: number;
  cellHeight: number;
  nodata: number | null;
}

/**
 * Refuses a model whose strips or tiles point past the end of the file (an upload cut short: the cells would
 * fail only when a volume is measured) or that would unpack far larger than the file (a decompression bomb).
 */
async function assertWhole(image: GeoTIFFImage, fileSize: number): Promise<void> {
  const directory = image.getFileDirectory();
  const tiled = image.isTiled;
  const offsets = numberList(await directory.loadValue(tiled ? 'TileOffsets' : 'StripOffsets'));
  const counts = numberList(await directory.loadValue(tiled ? 'TileByteCounts' : 'StripByteCounts'));
  if (offsets.length === 0 || offsets.some((offset, i) => offset + (counts[i] ?? 0) > fileSize))
    throw refuse(ELEVATION_MESSAGES.truncated);
  const unpacked = image.getWidth() * image.getHeight() * image.getBytesPerPixel();
  const { minBombBytes, maxCompressionRatio } = DEFAULT_IMAGE_LIMITS;
  if (unpacked > minBombBytes && unpacked / fileSize > maxCompressionRatio)
    throw refuse(ELEVATION_MESSAGES.bomb);
}

/**
 * Opens a DSM: a single-band float GeoTIFF, north up, in a metric projected CRS known by its GeoKeys
 * (SIRGAS 2000 / UTM and the like). Anything else is refused with a pt-BR message.
 */
export async function openElevationModel(bytes: Uint8Array): Promise<ElevationModel> {
  let image: GeoTIFFImage;
  try {
    // A view on part of a larger buffer (Node's pooled Buffers) is copied: geotiff reads the whole ArrayBuffer.
    const whole =
      bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
    const tiff = await fromArrayBuffer(whole.buffer as ArrayBuffer);
    image = await tiff.getImage(0);
  } catch {
    throw refuse(ELEVATION_MESSAGES.notTiff);
  }
  if (image.getSamplesPerPixel() !== 1 || image.getSampleFormat(0) !== 3)
    throw refuse(ELEVATION_MESSAGES.notFloat);
  const width = image.getWidth();
  const height = image.getHeight();
  if (width * height > DSM_MAX_CELLS) throw refuse(ELEVATION_MESSAGES.tooLarge);
  await assertWhole(image, bytes.byteLength);
  let origin: number[];
  let resolution: number[];
  let crs: Crs;
  try {
    origin = image.getOrigin();
    resolution = image.getResolution();
    crs = crsFromGeoKeys(image.getGeoKeys());
  } catch {
    throw refuse(ELEVATION_MESSAGES.noGeoreference);
  }
  const [originX = 0, originY = 0] = origin;
  const [resX = 0, resY = 0] = resolution;
  if (!(resX > 0 && resY < 0)) throw refuse(ELEVATION_MESSAGES.notNorthUp);
  // A geographic CRS has cells of a fraction of a degree: volumes need metres.
  if (resX < 1e-3 && Math.abs(originX) <= 180) throw refuse(ELEVATION_MESSAGES.notMetric);
  const [lon, lat] = crs.toLonLat(originX, originY);
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) throw refuse(ELEVATION_MESSAGES.noGeoreference);
  return {
    image,
    crs,
    width,
    height,
    originX,
    originY,
    cellWidth: resX,
    cellHeight: -resY,
    nodata: image.getGDALNoData(),
  };
}

/** [[west, south], [east, north]] of the model in WGS 84. */
export function modelBounds(model: ElevationModel): [[number, number], [number, number]] {
  const corners = [
    [model.originX, model.originY],
    [model.originX + model.width * model.cellWidth, model.originY],
    [model.originX, model.originY - model.height * model.cellHeight],
    [model.originX + model.width * model.cellWidth, model.originY - model.height * model.cellHeight],
  ].map(([x, y]) => model.crs.toLonLat(x as number, y as number));
  const lons = corners.map((corner) => corner[0]);
  const lats = corners.map((corner) => corner[1]);
  return [
    [Math.min(...lons), Math.min(...lats)],
    [Math.max(...lons), Math.max(...lats)],
  ];
}

/**
 * The polygon (lon/lat) in the model's CRS and the window of the model around it (one cell of margin), read
 * from the file; null when the polygon does not lie on the model.
 */
export async function windowAround(
  model: ElevationModel,
  lonLatRing: readonly Point2[],
): Promise<{ grid: ElevationGrid; ring: Point2[] } | null> {
  const ring = lonLatRing.map(([lon, lat]) => model.crs.fromLonLat(lon, lat) as Point2);
  const cols = ring.map(([x]) => (x - model.originX) / model.cellWidth);
  const rows = ring.map(([, y]) => (model.originY - y) / model.cellHeight);
  const col0 = Math.max(0, Math.floor(Math.min(...cols)) - 1);
  const col1 = Math.min(model.width, Math.ceil(Math.max(...cols)) + 1);
  const row0 = Math.max(0, Math.floor(Math.min(...rows)) - 1);
  const row1 = Math.min(model.height, Math.ceil(Math.max(...rows)) + 1);
  if (col1 - col0 < 2 || row1 - row0 < 2) return null;
  if ((col1 - col0) * (row1 - row0) > WINDOW_MAX_CELLS) throw refuse(ELEVATION_MESSAGES.polygonTooLarge);
  const [values] = (await model.image.readRasters({ window: [col0, row0, col1, row1] })) as unknown as [
    ArrayLike<number>,
  ];
  return {
    ring,
    grid: {
      width: col1 - col0,
      height: row1 - row0,
      originX: model.originX + col0 * model.cellWidth,
      originY: model.originY - row0 * model.cellHeight,
      cellWidth: model.cellWidth,
      cellHeight: model.cellHeight,
      values,
      nodata: model.nodata,
    },
  };
}
