import { forEachPixelSpan } from '@mirante/shared';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FeatureCollection, Polygon } from 'geojson';
import { openGeoTiff } from '../../src/imagery/geotiff-source';
import { DEFAULT_IMAGE_LIMITS } from '../../src/imagery/limits';
import type { RasterSource } from '../../src/imagery/raster-source';
import {
  classifyScene,
  collect,
  type LotClassification,
} from '../../src/features/detections/ai/classify-scene';
import { DETECTION_CLASSES } from '../../src/features/detections/ai/detection-status';
import { lotToPixelPolygon } from '../../src/features/detections/ai/lot-mask';
import type { LotInput } from '../../src/features/detections/ai/lot-scan';
import { sharedTestdata } from './paths';

/** Square cells of `size` metres over the raster, as lon/lat "lots" (real lot polygons are not over any image). */
function gridLots(source: RasterSource, size: number): LotInput[] {
  const { originX, originY, pixelWidth, pixelHeight } = source.transform;
  const east = originX + source.width * pixelWidth;
  const south = originY + source.height * pixelHeight;
  const lots: LotInput[] = [];
  for (let y = originY; y - size >= south; y -= size) {
    for (let x = originX; x + size <= east; x += size) {
      const ring = [
        [x, y - size],
        [x + size, y - size],
        [x + size, y],
        [x, y],
        [x, y - size],
      ].map(([cx, cy]) => source.crs.toLonLat(cx as number, cy as number));
      lots.push({
        id: `${Math.round(x)}_${Math.round(y)}`,
        geometry: { type: 'Polygon', coordinates: [ring] },
      });
    }
  }
  return lots;
}

/** Share of each lot's pixels covered by building footprints (footprints in the raster's CRS). */
function buildingCover(
  source: RasterSource,
  lots: readonly LotInput[],
  footprints: readonly Polygon[],
): Map<string, number> {
  const { width, height } = source;
  const built = new Uint8Array(width * height);
  for (const footprint of footprints) {
    const lonLat: Polygon = {
      type: 'Polygon',
      coordinates: footprint.coordinates.map((ring) =>
        ring.map(([x, y]) => source.crs.toLonLat(x ?? 0, y ?? 0)),
      ),
    };
    const polygon = lotToPixelPolygon(lonLat, source.crs.fromLonLat, source.transform, width, height);
    forEachPixelSpan(polygon, 0, height, width, (row, x0, x1) =>
      built.fill(1, row * width + x0, row * width + x1),
    );
  }
  const cover = new Map<string, number>();
  for (const lot of lots) {
    const polygon = lotToPixelPolygon(lot.geometry, source.crs.fromLonLat, source.transform, width, height);
    let inside = 0;
    let covered = 0;
    forEachPixelSpan(polygon, 0, height, width, (row, x0, x1) => {
      for (let x = x0; x < x1; x++) {
        inside += 1;
        covered += built[row * width + x] as number;
      }
    });
    cover.set(lot.id, inside ? covered / inside : 0);
  }
  return cover;
}

function distribution(results: readonly LotClassification[]): string {
  const counts = new Map<string, number>();
  for (const r of results) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  return [...DETECTION_CLASSES, 'X']
    .filter((c) => counts.has(c))
    .map((c) => `${c} ${counts.get(c)}`)
    .join(', ');
}

/** A group of real-imagery cells: how many, how many the model read as C or E, and every status it gave. */
export interface CellGroup {
  cells: number;
  builtOrBuilding: number;
  distribution: string;
}

function cellGroup(results: readonly LotClassification[]): CellGroup {
  return {
    cells: results.length,
    builtOrBuilding: results.filter((r) => r.status === 'C' || r.status === 'E').length,
    distribution: distribution(results),
  };
}

export type RealImageryResult =
  | { run: false; reason: string }
  | {
      run: true;
      /** Atlanta cells ≥ 25 % covered by a building footprint: should read C or E. */
      withBuilding: CellGroup;
      /** Atlanta cells with no footprint: should not read C or E. */
      withoutBuilding: CellGroup;
      /** Bali cells (no footprints: distribution only); null when the image is missing. */
      bali: CellGroup | null;
    };

/**
 * SpaceNet Atlanta (the only real image with matching building footprints; panchromatic, so R = G = B) cut
 * into 25 m cells: cells ≥ 25 % covered by a footprint should read C/E, cells with no footprint should not.
 * The Bali drone orthomosaic (real RGB, no footprints) gives only the status distribution. Both come from
 * `../shared/testdata`, outside the repository: not run when it is absent.
 */
export async function realImageryCheck(): Promise<RealImageryResult> {
  const testdata = sharedTestdata();
  if (!testdata.found) return { run: false, reason: testdata.reason };
  const atlantaImage = join(testdata.dir, 'imagery/atlanta_spacenet4_pan_uint16_0.5m_utm16n.tif');
  const atlantaVectors = join(testdata.dir, 'vectors/atlanta_spacenet4_buildings_utm16n.geojson');
  const bali = join(testdata.dir, 'imagery/bali_drone_ortho_rgba_utm50s_0.35m.tif');
  if (!existsSync(atlantaImage) || !existsSync(atlantaVectors))
    return {
      run: false,
      reason: `not run: the Atlanta image or footprints are missing from ${testdata.dir}`,
    };

  const source = await openGeoTiff(atlantaImage, DEFAULT_IMAGE_LIMITS);
  const lots = gridLots(source, 25);
  const footprints = (
    JSON.parse(readFileSync(atlantaVectors, 'utf8')) as FeatureCollection<Polygon>
  ).features.map((f) => f.geometry);
  const cover = buildingCover(source, lots, footprints);
  const results = await collect(classifyScene({ raster: source, lots }));
  await source.close();

  const baliSource = existsSync(bali) ? await openGeoTiff(bali, DEFAULT_IMAGE_LIMITS) : null;
  const baliResults = baliSource
    ? await collect(classifyScene({ raster: baliSource, lots: gridLots(baliSource, 15) }))
    : null;
  await baliSource?.close();

  return {
    run: true,
    withBuilding: cellGroup(results.filter((r) => (cover.get(r.lotId) ?? 0) >= 0.25)),
    withoutBuilding: cellGroup(results.filter((r) => (cover.get(r.lotId) ?? 0) === 0)),
    bali: baliResults ? cellGroup(baliResults) : null,
  };
}
