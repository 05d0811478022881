import { writeArrayBuffer } from 'geotiff';
import { DEMO_SITES } from './sites';
import { constructionStage } from './construction-site';
import { DEMO_EPSG, lonLatToUtm, type Utm } from './projection';

/** A north-up height grid in EPSG:31982 (metres), written as a single-band Float32 GeoTIFF. */
export interface HeightGrid {
  width: number;
  height: number;
  /** West edge and north edge, metres. */
  originX: number;
  originY: number;
  cell: number;
  values: Float32Array;
  nodata: number | null;
}

/** The grid as a GeoTIFF file (SIRGAS 2000 / UTM 22S, GDAL_NODATA when given). */
export async function heightGridTiff(grid: HeightGrid): Promise<Buffer> {
  const buffer = await writeArrayBuffer(grid.values, {
    width: grid.width,
    height: grid.height,
    BitsPerSample: [32],
    SampleFormat: [3],
    SamplesPerPixel: 1,
    PhotometricInterpretation: 1,
    ModelPixelScale: [grid.cell, grid.cell, 0],
    ModelTiepoint: [0, 0, 0, grid.originX, grid.originY, 0],
    GTModelTypeGeoKey: 1,
    GTRasterTypeGeoKey: 1,
    ProjectedCSTypeGeoKey: DEMO_EPSG,
    ...(grid.nodata === null ? {} : { GDAL_NODATA: String(grid.nodata) }),
  });
  return Buffer.from(buffer);
}

/** A grid sampled from a height function at cell centres. */
export function sampleHeights(
  origin: Utm,
  widthM: number,
  heightM: number,
  cell: number,
  heightAt: (x: number, y: number) => number,
): HeightGrid {
  const width = Math.round(widthM / cell);
  const height = Math.round(heightM / cell);
  const values = new Float32Array(width * height);
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      values[row * width + col] = heightAt(origin[0] + (col + 0.5) * cell, origin[1] - (row + 0.5) * cell);
    }
  }
  return { width, height, originX: origin[0], originY: origin[1], cell, values, nodata: null };
}

/** Excavation depth (m) under the tower at each scene: dug, deepened, then the foundations fill it. */
const DIG_DEPTH = [3, 4, 1.5, 0, 0, 0];
/** The spoil heap (cone, m) beside the pit while it is dug and trucked away. */
const HEAP = [{ height: 4, radius: 7 }, { height: 5, radius: 8 }, { height: 2, radius: 5 }, null, null, null];

/**
 * The demo construction site's surface at scene `i`, consistent with its image and 3D model: ground at about
 * 548 m tilting 2 % to the south-east; the tower's pit dug to DIG_DEPTH; the spoil heap in the north-east
 * corner; from the ground floor on, the structure's top slab (floors × 3 m) over the footprint.
 */
export function constructionSurface(i: number) {
  const ring = (DEMO_SITES.construction.outline.coordinates[0] ?? []).map((p) =>
    lonLatToUtm([Number(p[0]), Number(p[1])]),
  );
  const x0 = Math.min(...ring.map((p) => p[0]));
  const y0 = Math.min(...ring.map((p) => p[1]));
  const x1 = Math.max(...ring.map((p) => p[0]));
  const y1 = Math.max(...ring.map((p) => p[1]));
  const stage = constructionStage(i);
  const { building } = stage;
  const heap = HEAP[i] ?? null;
  const heapAt: Utm = [x0 + (x1 - x0) * 0.82, y0 + (y1 - y0) * 0.85];
  const ground = (x: number, y: number) => 548 - 0.02 * (x - x0) * 0.6 + 0.02 * (y - y0) * 0.8;
  const inTower = (x: number, y: number) =>
    x >= x0 + building.x0 && x <= x0 + building.x1 && y >= y0 + building.y0 && y <= y0 + building.y1;
  const heightAt = (x: number, y: number) => {
    let z = ground(x, y);
    if (inTower(x, y)) z += stage.floors > 0 ? stage.floors * stage.floorHeight : -(DIG_DEPTH[i] ?? 0);
    if (heap) {
      const r = Math.hypot(x - heapAt[0], y - heapAt[1]);
      if (r < heap.radius) z += heap.height * (1 - r / heap.radius);
    }
    return z;
  };
  return { bounds: { x0, y0, x1, y1 }, heightAt, heapAt, heap, building };
}

/** The site's DSM at scene `i`: 0.25 m cells over the lot and 6 m around it. */
export function constructionDsm(i: number): Promise<Buffer> {
  const { bounds, heightAt } = constructionSurface(i);
  const margin = 6;
  return heightGridTiff(
    sampleHeights(
      [bounds.x0 - margin, bounds.y1 + margin],
      bounds.x1 - bounds.x0 + 2 * margin,
      bounds.y1 - bounds.y0 + 2 * margin,
      0.25,
      heightAt,
    ),
  );
}
