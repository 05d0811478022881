import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { writeArrayBuffer } from 'geotiff';
import { openElevationModel, type ElevationModel } from '../volume/dsm-file';
import { boxIn, overlapBox, readBox, sameCrs } from './difference-models';
import {
  differenceFigures,
  differenceRgba,
  scaleOf,
  subtractModels,
  type DifferenceFigures,
  type DifferenceGrid,
} from './elevation-difference';

/** Long edge of the map layer's PNG, in pixels. */
const LAYER_MAX_SIDE = 2048;
/** Written where the difference has no value (GDAL_NODATA). */
export const DIFFERENCE_NODATA = -9999;

export interface DifferenceInput {
  /** Local paths of the earlier (reference) and later inspections' DSMs. */
  earlier: string;
  later: string;
  tolerance: number;
}

export interface DifferenceLayer extends DifferenceFigures {
  width: number;
  height: number;
  cellSize: number;
  scale: number;
  /** top-left, top-right, bottom-right, bottom-left, lon/lat */
  corners: [number, number][];
  png: Uint8Array;
}

/**
 * The model's GeoKeys without its text ones (citations): they only name the CRS the codes and parameters
 * define, and geotiff.js's writer joins several text keys into a GeoAsciiParams GDAL refuses as corrupt.
 */
function numericGeoKeys(model: ElevationModel): Record<string, number | number[]> {
  return Object.fromEntries(
    Object.entries(model.image.getGeoKeys() as Record<string, unknown>).filter(
      (entry): entry is [string, number | number[]] => typeof entry[1] !== 'string',
    ),
  );
}

async function difference(input: DifferenceInput): Promise<{ grid: DifferenceGrid; later: ElevationModel }> {
  const later = await openElevationModel(await readFile(input.later));
  const earlier = await openElevationModel(await readFile(input.earlier));
  const box = overlapBox(later, earlier);
  const laterGrid = await readBox(later, box, 0);
  // One cell of margin: the earlier height at a cell centre is interpolated from its neighbours.
  const earlierGrid = await readBox(earlier, boxIn(box, later, earlier), 1);
  const toEarlier = sameCrs(later, earlier)
    ? (x: number, y: number): [number, number] => [x, y]
    : (x: number, y: number) => earlier.crs.fromLonLat(...later.crs.toLonLat(x, y));
  return { grid: subtractModels(laterGrid, earlierGrid, toEarlier), later };
}

/** The elevation-difference maps' CPU work (decoding both DSMs, subtracting, painting, writing), on the pool. */
export const differenceTasks = {
  /** The coloured layer (PNG and its corners) and the cut/fill/net totals. */
  async dsmDifferenceLayer(input: DifferenceInput): Promise<DifferenceLayer> {
    const { grid, later } = await difference(input);
    const scale = scaleOf(grid, input.tolerance);
    const { width, height, pixels } = differenceRgba(grid, input.tolerance, scale, LAYER_MAX_SIDE);
    const png = await sharp(pixels, { raw: { width, height, channels: 4 } })
      .png({ compressionLevel: 6 })
      .toBuffer();
    const east = grid.originX + grid.width * grid.cellWidth;
    const south = grid.originY - grid.height * grid.cellHeight;
    const corners = [
      [grid.originX, grid.originY],
      [east, grid.originY],
      [east, south],
      [grid.originX, south],
    ].map(([x, y]) => later.crs.toLonLat(x!, y!));
    return {
      ...differenceFigures(grid, input.tolerance),
      width: grid.width,
      height: grid.height,
      cellSize: grid.cellWidth,
      scale,
      corners,
      png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength),
    };
  },

  /**
   * The difference (later − earlier, metres) as a float32 GeoTIFF on the compared grid, in the later model's
   * CRS (its own GeoKeys), with GDAL's nodata where either model has none. Changes within the tolerance are
   * kept as measured: the tolerance only decides what the map paints and counts.
   */
  async dsmDifferenceGeoTiff(input: DifferenceInput): Promise<Uint8Array> {
    const { grid, later } = await difference(input);
    const values = grid.values.map((dz) => (Number.isNaN(dz) ? DIFFERENCE_NODATA : dz));
    const buffer = writeArrayBuffer(values, {
      width: grid.width,
      height: grid.height,
      BitsPerSample: [32],
      SampleFormat: [3],
      SamplesPerPixel: 1,
      PhotometricInterpretation: 1,
      ModelPixelScale: [grid.cellWidth, grid.cellHeight, 0],
      ModelTiepoint: [0, 0, 0, grid.originX, grid.originY, 0],
      ...numericGeoKeys(later),
      GDAL_NODATA: String(DIFFERENCE_NODATA),
    });
    return new Uint8Array(buffer);
  },
};
