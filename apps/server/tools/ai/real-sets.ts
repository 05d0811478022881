import { forEachPixelSpan } from '@mirante/shared';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromFile } from 'geotiff';
import type { FeatureCollection, Polygon } from 'geojson';
import { crsForEpsg } from '../../src/imagery/crs';
import { openGeoTiff } from '../../src/imagery/geotiff-source';
import { DEFAULT_IMAGE_LIMITS } from '../../src/imagery/limits';
import type { PixelWindow, RasterSource } from '../../src/imagery/raster-source';
import { groundPixelMetres } from '../../src/features/detections/ai/ground-resolution';
import type { LotFeatures } from '../../src/features/detections/ai/lot-features';
import { lotToPixelPolygon } from '../../src/features/detections/ai/lot-mask';
import type { LotInput } from '../../src/features/detections/ai/lot-scan';
import { extractSceneFeatures, learnSceneDictionary } from '../../src/features/detections/ai/scene-features';

/** Lot-sized cells where no lot polygons exist (a Brazilian urban lot: 12 m front, 25 m deep). */
export const CELL_WIDTH_METRES = 12;
export const CELL_HEIGHT_METRES = 25;
/** Building share at or above which a cell is "built"; cells with no building are "empty"; others left out. */
export const BUILT_SHARE = 0.25;
/**
 * More cells from the same scenes: the 12 × 25 m grid is laid four times, shifted by half a cell across, down and
 * both (fractions of a cell). Grid 0 is the original one: its cells do not overlap and it alone trains models; each
 * grid is a project of its own in the after-corrections simulation (no corrected cell overlaps a scored one).
 */
export const GRID_OFFSETS: readonly (readonly [number, number])[] = [
  [0, 0],
  [0.5, 0],
  [0, 0.5],
  [0.5, 0.5],
];

export interface RealSetInfo {
  name: string;
  place: string;
  pixel: string;
  /** May a shipped model be trained on it (labelled/README.md)? */
  mayTrain: boolean;
}

export const REAL_SETS: readonly RealSetInfo[] = [
  { name: 'spacenet-rio-westzone', place: 'Rio de Janeiro (satellite)', pixel: '0.5 m', mayTrain: true },
  { name: 'fair-kampala-drone', place: 'Kampala (drone)', pixel: '7.5 cm', mayTrain: true },
  { name: 'inria-austin', place: 'Austin (aerial)', pixel: '0.3 m', mayTrain: false },
  { name: 'oai-tanzania-zanzibar', place: 'Zanzibar (drone)', pixel: '7.7 cm', mayTrain: false },
];

/** One labelled cell of a real image. `group` is the tile/image it comes from, `grid` its index in GRID_OFFSETS. */
export interface RealCell {
  set: string;
  group: string;
  grid: number;
  cellId: string;
  built: boolean;
  share: number;
  features: LotFeatures;
}

/**
 * A real cell's key across a whole set: cell ids are pixel positions within one image, so a set of several images
 * (Rio's 5 tiles) repeats them and the image must be part of the key.
 */
export const realCellKey = (cell: Pick<RealCell, 'set' | 'group' | 'grid' | 'cellId'>): string =>
  `${cell.set}|${cell.group}|${cell.grid}|${cell.cellId}`;

interface LabelledRaster {
  group: string;
  source: RasterSource;
  /** 1 = building, per raster pixel (row-major, source.width × source.height). */
  buildings: Uint8Array;
}

/** A 0/non-zero building mask GeoTIFF (first band) as 0/1 per pixel. */
export async function buildingMask(file: string): Promise<Uint8Array> {
  const tiff = await fromFile(file);
  try {
    const image = await tiff.getImage(0);
    const [band] = (await image.readRasters({ samples: [0] })) as unknown as ArrayLike<number>[];
    const out = new Uint8Array(image.getWidth() * image.getHeight());
    for (let i = 0; i < out.length; i++) out[i] = ((band as ArrayLike<number>)[i] as number) > 0 ? 1 : 0;
    return out;
  } finally {
    tiff.close();
  }
}

/** A raster kept in memory (the Kampala mosaic of 88 chips). */
function memoryRaster(
  rgba: Uint8Array,
  width: number,
  height: number,
  transform: RasterSource['transform'],
  epsg: number,
): RasterSource {
  return {
    width,
    height,
    crs: crsForEpsg(epsg),
    transform,
    description: `memory ${width}×${height}`,
    readRgba(window: PixelWindow) {
      const columns = window.x1 - window.x0;
      const out = new Uint8Array(columns * (window.y1 - window.y0) * 4);
      for (let y = window.y0; y < window.y1; y++)
        out.set(
          rgba.subarray((y * width + window.x0) * 4, (y * width + window.x1) * 4),
          (y - window.y0) * columns * 4,
        );
      return Promise.resolve(out);
    },
    close: () => Promise.resolve(),
  };
}

async function kampalaMosaic(dir: string): Promise<LabelledRaster[]> {
  const chips = readdirSync(join(dir, 'chips'))
    .filter((f) => f.endsWith('.tif'))
    .sort();
  const opened = await Promise.all(
    chips.map((f) => openGeoTiff(join(dir, 'chips', f), DEFAULT_IMAGE_LIMITS)),
  );
  const first = opened[0] as RasterSource;
  const { pixelWidth, pixelHeight } = first.transform;
  const west = Math.min(...opened.map((s) => s.transform.originX));
  const north = Math.max(...opened.map((s) => s.transform.originY));
  const columnOf = (s: RasterSource): number => Math.round((s.transform.originX - west) / pixelWidth);
  const rowOf = (s: RasterSource): number => Math.round((s.transform.originY - north) / pixelHeight);
  const width = Math.max(...opened.map((s) => columnOf(s) + s.width));
  const height = Math.max(...opened.map((s) => rowOf(s) + s.height));
  const rgba = new Uint8Array(width * height * 4);
  const buildings = new Uint8Array(width * height);
  for (const [i, chip] of opened.entries()) {
    const pixels = await chip.readRgba({ x0: 0, y0: 0, x1: chip.width, y1: chip.height });
    const mask = await buildingMask(
      join(dir, 'binarymasks', (chips[i] as string).replace('.tif', '.mask.tif')),
    );
    const x0 = columnOf(chip);
    const y0 = rowOf(chip);
    for (let y = 0; y < chip.height; y++) {
      rgba.set(pixels.subarray(y * chip.width * 4, (y + 1) * chip.width * 4), ((y0 + y) * width + x0) * 4);
      buildings.set(mask.subarray(y * chip.width, (y + 1) * chip.width), (y0 + y) * width + x0);
    }
    await chip.close();
  }
  const source = memoryRaster(
    rgba,
    width,
    height,
    { originX: west, originY: north, pixelWidth, pixelHeight },
    4326,
  );
  return [{ group: 'mosaic', source, buildings }];
}

function rasteriseFootprints(source: RasterSource, footprints: readonly Polygon[]): Uint8Array {
  const { width, height } = source;
  const built = new Uint8Array(width * height);
  for (const footprint of footprints) {
    const polygon = lotToPixelPolygon(footprint, source.crs.fromLonLat, source.transform, width, height);
    forEachPixelSpan(polygon, 0, height, width, (row, x0, x1) =>
      built.fill(1, row * width + x0, row * width + x1),
    );
  }
  return built;
}

export async function labelledRasters(set: string, dir: string): Promise<LabelledRaster[]> {
  if (set === 'spacenet-rio-westzone') {
    const files = readdirSync(join(dir, '3band'))
      .filter((f) => f.endsWith('.tif'))
      .sort();
    return Promise.all(
      files.map(async (f) => ({
        group: f.replace(/^.*_(img\d+)\.tif$/, '$1'),
        source: await openGeoTiff(join(dir, '3band', f), DEFAULT_IMAGE_LIMITS),
        buildings: await buildingMask(join(dir, 'building_mask_vis', f)),
      })),
    );
  }
  if (set === 'fair-kampala-drone') return kampalaMosaic(dir);
  if (set === 'inria-austin')
    return [
      {
        group: 'aerial_sample',
        source: await openGeoTiff(join(dir, 'images/aerial_sample.tif'), DEFAULT_IMAGE_LIMITS),
        buildings: await buildingMask(join(dir, 'labels/aerial_sample.tif')),
      },
    ];
  if (set === 'oai-tanzania-zanzibar') {
    const source = await openGeoTiff(join(dir, 'images/tanzania_sample.tif'), DEFAULT_IMAGE_LIMITS);
    const footprints = (
      JSON.parse(
        readFileSync(join(dir, 'labels/tanzania_sample.geojson'), 'utf8'),
      ) as FeatureCollection<Polygon>
    ).features
      .map((f) => f.geometry)
      .filter((g) => g?.type === 'Polygon');
    return [{ group: 'tanzania_sample', source, buildings: rasteriseFootprints(source, footprints) }];
  }
  throw new Error(`unknown real set ${set}`);
}

/** 12 × 25 m cells over the raster (in pixel space, then to lon/lat), each with its building share; `offset` shifts the grid by fractions of a cell. */
export function gridCells(
  source: RasterSource,
  buildings: Uint8Array,
  offset: readonly [number, number] = [0, 0],
): { lots: LotInput[]; share: Map<string, number> } {
  const metres = groundPixelMetres(source);
  const cellWidth = CELL_WIDTH_METRES / metres;
  const cellHeight = CELL_HEIGHT_METRES / metres;
  const lots: LotInput[] = [];
  const share = new Map<string, number>();
  const { originX, originY, pixelWidth, pixelHeight } = source.transform;
  const toLonLat = (column: number, row: number): [number, number] =>
    source.crs.toLonLat(originX + column * pixelWidth, originY + row * pixelHeight);
  for (let row = offset[1] * cellHeight; row + cellHeight <= source.height; row += cellHeight) {
    for (let column = offset[0] * cellWidth; column + cellWidth <= source.width; column += cellWidth) {
      const id = `${Math.round(column)}_${Math.round(row)}`;
      const ring = [
        toLonLat(column, row),
        toLonLat(column + cellWidth, row),
        toLonLat(column + cellWidth, row + cellHeight),
        toLonLat(column, row + cellHeight),
        toLonLat(column, row),
      ];
      lots.push({ id, geometry: { type: 'Polygon', coordinates: [ring] } });
      let inside = 0;
      let built = 0;
      for (let y = Math.round(row); y < Math.round(row + cellHeight); y++)
        for (let x = Math.round(column); x < Math.round(column + cellWidth); x++) {
          inside += 1;
          built += buildings[y * source.width + x] as number;
        }
      share.set(id, inside ? built / inside : 0);
    }
  }
  return { lots, share };
}

/** Every labelled (built or empty) cell of one real set; null when ../shared/testdata lacks it. */
export async function realSetCells(testdataDir: string, set: string): Promise<RealCell[] | null> {
  const dir = join(testdataDir, 'labelled', set);
  if (!existsSync(dir)) return null;
  const cells: RealCell[] = [];
  for (const { group, source, buildings } of await labelledRasters(set, dir)) {
    // One dictionary per image, learnt on grid 0's cells without their labels, as the processor learns a
    // project's on its first scene; the four grids are read with it.
    const grids = GRID_OFFSETS.map((offset) => gridCells(source, buildings, offset));
    const dictionary = await learnSceneDictionary(source, grids[0]?.lots ?? []);
    for (const [grid, { lots, share }] of grids.entries()) {
      for await (const { lotId, features } of extractSceneFeatures(
        source,
        lots,
        undefined,
        undefined,
        dictionary,
      )) {
        const s = share.get(lotId) ?? 0;
        if (!features || (s > 0 && s < BUILT_SHARE)) continue;
        cells.push({ set, group, grid, cellId: lotId, built: s >= BUILT_SHARE, share: s, features });
      }
    }
    await source.close();
  }
  return cells;
}
