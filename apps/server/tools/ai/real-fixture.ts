import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openGeoTiff } from '../../src/imagery/geotiff-source';
import { DEFAULT_IMAGE_LIMITS } from '../../src/imagery/limits';
import { REPO_ROOT, sharedTestdata } from './paths';
import { buildingMask, gridCells } from './real-sets';

/** The SpaceNet Rio tile the API test of the per-project adaptation reads (CC BY-SA 4.0). */
const TILE = '3band_013022223130_Public_img52.tif';
export const FIXTURE_DIR = join(REPO_ROOT, 'testdata/labelled');
export const FIXTURE_IMAGE = 'spacenet_rio_img52_rgb_0.5m_epsg4326.tif';
export const FIXTURE_CELLS = 'spacenet_rio_img52_cells.json';

/**
 * `npx tsx apps/server/tools/ai/real-fixture.ts`: copies one SpaceNet Rio tile byte for byte into
 * testdata/labelled/ and writes its 12 × 25 m cells (lon/lat rings) with their building share from the tile's
 * mask, so the API test needs nothing outside the repository.
 */
async function main(): Promise<void> {
  const testdata = sharedTestdata();
  if (!testdata.found) throw new Error(testdata.reason);
  const dir = join(testdata.dir, 'labelled/spacenet-rio-westzone');
  mkdirSync(FIXTURE_DIR, { recursive: true });
  copyFileSync(join(dir, '3band', TILE), join(FIXTURE_DIR, FIXTURE_IMAGE));
  const source = await openGeoTiff(join(dir, '3band', TILE), DEFAULT_IMAGE_LIMITS);
  const { lots, share } = gridCells(source, await buildingMask(join(dir, 'building_mask_vis', TILE)));
  await source.close();
  const cells = lots.map((lot) => ({
    id: lot.id,
    share: Math.round((share.get(lot.id) ?? 0) * 1000) / 1000,
    geometry: lot.geometry,
  }));
  writeFileSync(join(FIXTURE_DIR, FIXTURE_CELLS), `${JSON.stringify(cells)}\n`);
  console.log(`${cells.length} cells written`);
}

await main();
