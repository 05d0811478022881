import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoSite } from '@mirante/demo/demo-sites';
import type { GroundTruthRecord } from '@mirante/demo/lot-timeline';
import { DEMO_EPSG } from '@mirante/demo/projection';
import type { Polygon } from 'geojson';
import { loadBuiltModel } from '../../../src/features/detections/ai/built-model';
import { classifyFeatures, loadCommittedModel } from '../../../src/features/detections/ai/classify-scene';
import type { LotFeatures } from '../../../src/features/detections/ai/lot-features';
import { projectModel } from '../../../src/features/detections/ai/project-adaptation';
import { openGeoTiff } from '../../../src/imagery/geotiff-source';
import { DEFAULT_IMAGE_LIMITS } from '../../../src/imagery/limits';
import type { RasterSource } from '../../../src/imagery/raster-source';
import { SYNTHETIC_SAMPLES, syntheticSamples } from '../built-training';
import { zeroShotBase } from '../real-eval';
import { DATASET_CACHE_DIR, REPO_ROOT, sharedTestdata } from '../paths';
import { loadRealCells } from '../real-data';
import {
  BUILT_SHARE,
  GRID_OFFSETS,
  gridCells,
  labelledRasters,
  REAL_SETS,
  realCellKey,
  type RealCell,
} from '../real-sets';
import { sceneRasterSource } from '../scene-raster-source';
import { samplesOf, TEST_SEED, TRAINING_SEEDS } from '../splits';
import { buildDataset } from '../training-data';
import { cutPatch, PATCH_HEIGHT, PATCH_WIDTH, pixelBox } from './cell-patches';

/** Where the patches go (git-ignored): one `<source>.bin` (N × 80 × 40 × 3 bytes) and `<source>.json` each. */
const CNN_CELLS_DIR = join(DATASET_CACHE_DIR, 'cnn-cells');

/** Scenes of each demo layout cut into patches: every 6th month (0, 6, 12). */
const DEMO_DATE_STEP = 6;

interface PatchMeta {
  id: string;
  /** Image (tile) or demo layout+date: the unit cells are grouped by. */
  group: string;
  grid: number;
  built: boolean;
  /**
   * The current model's zero-shot reading of the same cell (boosted trees + built/empty model, trained without
   * this set when it may train; the shipped one otherwise), as `ai:eval` scores it. Absent for synthetic cells.
   */
  current?: { built: boolean; confidence: number };
}

class PatchWriter {
  private readonly chunks: Uint8Array[] = [];
  readonly meta: PatchMeta[] = [];
  constructor(private readonly name: string) {}
  add(patch: Uint8Array, meta: PatchMeta): void {
    this.chunks.push(patch);
    this.meta.push(meta);
  }
  save(): void {
    mkdirSync(CNN_CELLS_DIR, { recursive: true });
    writeFileSync(join(CNN_CELLS_DIR, `${this.name}.bin`), Buffer.concat(this.chunks));
    writeFileSync(
      join(CNN_CELLS_DIR, `${this.name}.json`),
      JSON.stringify({ width: PATCH_WIDTH, height: PATCH_HEIGHT, cells: this.meta }),
    );
    console.log(`${this.name}: ${this.meta.length} patches`);
  }
}

/** The current classifier's zero-shot readings of every real cell by `realCellKey` (ai:eval's model for each set). */
function currentReadings(cells: readonly RealCell[], synthetic: ReturnType<typeof syntheticSamples>) {
  const shipped = loadBuiltModel();
  const status = loadCommittedModel();
  const out = new Map<string, { built: boolean; confidence: number }>();
  for (const info of REAL_SETS) {
    const plain = projectModel(zeroShotBase(info.name, cells, synthetic, shipped), []);
    for (const cell of cells.filter((c) => c.set === info.name)) {
      const r = classifyFeatures(status, cell.cellId, cell.features as LotFeatures, plain);
      out.set(realCellKey(cell), {
        built: r.status === 'C' || r.status === 'E',
        confidence: r.confidence,
      });
    }
  }
  if (out.size !== cells.length) throw new Error(`${cells.length - out.size} real cells share a key`);
  return out;
}

async function exportRealSets(testdata: string): Promise<void> {
  const cells = await loadRealCells(testdata, console.log);
  const demo = await buildDataset({ seeds: TRAINING_SEEDS, cacheDir: DATASET_CACHE_DIR, log: console.log });
  // The training split, as ai:eval draws it: the whole of `demo` (its held-out dates too) is another draw.
  const readings = currentReadings(cells, syntheticSamples(samplesOf(demo, 'train'), SYNTHETIC_SAMPLES));
  for (const info of REAL_SETS) {
    const writer = new PatchWriter(info.name);
    for (const { group, source, buildings } of await labelledRasters(
      info.name,
      join(testdata, 'labelled', info.name),
    )) {
      for (const [grid, offset] of GRID_OFFSETS.entries()) {
        const { lots, share } = gridCells(source, buildings, offset);
        for (const lot of lots) {
          const s = share.get(lot.id) ?? 0;
          if (s > 0 && s < BUILT_SHARE) continue;
          const current = readings.get(realCellKey({ set: info.name, group, grid, cellId: lot.id }));
          // Cells the feature reader left out (too few valid pixels) are left out here too.
          if (!current) continue;
          const patch = await cutPatch(source, pixelBox(source, lot.geometry as Polygon));
          if (patch) writer.add(patch, { id: lot.id, group, grid, built: s >= BUILT_SHARE, current });
        }
      }
      await source.close();
    }
    writer.save();
  }
}

/** The Bali drone orthomosaic's grid-0 cells labelled by eye (tools/ai/bali-labels.json); excluded cells left out. */
async function exportBali(testdata: string): Promise<void> {
  const labels = JSON.parse(
    readFileSync(join(REPO_ROOT, 'apps/server/tools/ai/bali-labels.json'), 'utf8'),
  ) as {
    built: string[];
    excluded: string[];
  };
  const source = await openGeoTiff(
    join(testdata, 'imagery/bali_drone_ortho_rgba_utm50s_0.35m.tif'),
    DEFAULT_IMAGE_LIMITS,
  );
  const writer = new PatchWriter('bali');
  const { lots } = gridCells(source, new Uint8Array(source.width * source.height));
  for (const lot of lots) {
    if (labels.excluded.includes(lot.id)) continue;
    const patch = await cutPatch(source, pixelBox(source, lot.geometry as Polygon));
    if (patch)
      writer.add(patch, { id: lot.id, group: 'bali', grid: 0, built: labels.built.includes(lot.id) });
  }
  await source.close();
  writer.save();
}

/** Demo layouts' lots (C, E built; V, B empty; I, O left out) as patches, every DEMO_DATE_STEP-th scene. */
async function exportDemo(name: string, seeds: readonly number[]): Promise<void> {
  const writer = new PatchWriter(name);
  for (const seed of seeds) {
    const site = await demoSite('allotment', seed);
    const lots = site
      .layers()
      .features.filter((f) => f.properties.type === 'LOT' && f.geometry.type === 'Polygon')
      .map((f) => ({ id: f.properties.lotKey ?? f.properties.name, geometry: f.geometry as Polygon }));
    const truth = new Map<string, string>();
    for (const record of site.groundTruth() as GroundTruthRecord[])
      truth.set(`${record.lotKey}|${record.date}`, record.status);
    for (let dateIndex = 0; dateIndex < site.dates.length; dateIndex += DEMO_DATE_STEP) {
      const source: RasterSource = sceneRasterSource(site.render(dateIndex, 0.4), DEMO_EPSG);
      for (const lot of lots) {
        const status = truth.get(`${lot.id}|${site.dates[dateIndex]}`);
        if (!status || !['C', 'E', 'V', 'B'].includes(status)) continue;
        const patch = await cutPatch(source, pixelBox(source, lot.geometry));
        if (patch)
          writer.add(patch, {
            id: `${seed}/${dateIndex}/${lot.id}`,
            group: `${seed}/${dateIndex}`,
            grid: 0,
            built: status === 'C' || status === 'E',
          });
      }
    }
  }
  writer.save();
}

/**
 * `npm run ai:cnn-cells`: writes the CNN's training and evaluation patches, cut from the same 12 × 25 m cells (all
 * four grids) that `ai:eval` scores, with the current model's zero-shot reading of each beside it; the Bali
 * crop-plot cells; the demo's training layouts and its test layout (synthetic held-out). `-- --demo-only`: the
 * demo's alone.
 */
async function main(): Promise<void> {
  const testdata = sharedTestdata();
  if (!testdata.found) throw new Error(`ai:cnn-cells needs the labelled real sets: ${testdata.reason}`);
  if (!process.argv.includes('--demo-only')) {
    await exportRealSets(testdata.dir);
    await exportBali(testdata.dir);
  }
  await exportDemo('synthetic-train', TRAINING_SEEDS);
  await exportDemo('synthetic-test', [TEST_SEED]);
}

await main();
