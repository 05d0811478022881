import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoSite } from '@mirante/demo/demo-sites';
import type { GroundTruthRecord } from '@mirante/demo/lot-timeline';
import { DEMO_EPSG } from '@mirante/demo/projection';
import type { Polygon } from 'geojson';
import { isDetectionClass, type DetectionClass } from '../../src/features/detections/ai/detection-status';
import type { LotFeatures } from '../../src/features/detections/ai/lot-features';
import type { LotInput } from '../../src/features/detections/ai/lot-scan';
import { extractSceneFeatures } from '../../src/features/detections/ai/scene-features';
import { REPO_ROOT } from './paths';
import { sceneRasterSource } from './scene-raster-source';

/** One labelled lot in one rendered demo scene. */
export interface LabelledLot {
  seed: number;
  dateIndex: number;
  lotId: string;
  status: DetectionClass;
  features: LotFeatures;
}

export interface DatasetOptions {
  /** Demo allotment layouts to render (see splits.ts). */
  seeds: readonly number[];
  /** Metres per pixel; the demo's satellite resolution (0.4) by default. */
  pixelSize?: number;
  /** Where rendered features are cached between ai:train and ai:eval (keyed on the generator's source). */
  cacheDir?: string;
  log?: (line: string) => void;
}

/** Every lot of every monthly scene of one demo layout, with its ground-truth status. */
export async function labelledLotsForSeed(seed: number, pixelSize = 0.4): Promise<LabelledLot[]> {
  const site = await demoSite('allotment', seed);
  const lots: LotInput[] = site
    .layers()
    .features.filter((f) => f.properties.type === 'LOT' && f.geometry.type === 'Polygon')
    .map((f) => ({ id: f.properties.lotKey ?? f.properties.name, geometry: f.geometry as Polygon }));
  const truth = new Map<string, string>();
  for (const record of site.groundTruth() as GroundTruthRecord[])
    truth.set(`${record.lotKey}|${record.date}`, record.status);
  const samples: LabelledLot[] = [];
  let previous = new Map<string, LotFeatures>();
  for (let dateIndex = 0; dateIndex < site.dates.length; dateIndex++) {
    const source = sceneRasterSource(site.render(dateIndex, pixelSize), DEMO_EPSG);
    const current = new Map<string, LotFeatures>();
    for await (const { lotId, features } of extractSceneFeatures(source, lots, previous)) {
      if (!features) continue;
      current.set(lotId, features);
      const status = truth.get(`${lotId}|${site.dates[dateIndex]}`);
      if (status && isDetectionClass(status)) samples.push({ seed, dateIndex, lotId, status, features });
    }
    previous = current;
  }
  return samples;
}

/** The files that decide the labelled features (from the repository root): the cache is stale when any changes. */
const FEATURE_SOURCES = [
  'packages/shared/src/geometry/pixel-spans.ts',
  'apps/server/src/features/detections/ai/lot-mask.ts',
  'apps/server/src/features/detections/ai/lot-scan.ts',
  'apps/server/src/features/detections/ai/lot-accumulator.ts',
  'apps/server/src/features/detections/ai/pixel-classes.ts',
  'apps/server/src/features/detections/ai/lot-features.ts',
  'apps/server/src/features/detections/ai/scene-features.ts',
  'apps/server/src/features/detections/ai/texture-features.ts',
  'apps/server/src/features/detections/ai/ground-resolution.ts',
  'apps/server/tools/ai/scene-raster-source.ts',
  'apps/server/tools/ai/training-data.ts',
];

/** Hash of the pixel size, the demo generator's sources and FEATURE_SOURCES: the dataset cache's key. */
export function sourceFingerprint(pixelSize: number): string {
  const hash = createHash('sha256').update(String(pixelSize));
  const generator = join(REPO_ROOT, 'packages/demo/src');
  for (const file of readdirSync(generator)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort())
    hash.update(file).update(readFileSync(join(generator, file)));
  for (const file of FEATURE_SOURCES) hash.update(file).update(readFileSync(join(REPO_ROOT, file)));
  return hash.digest('hex').slice(0, 16);
}

/** Labelled lots of the given layouts, rendered deterministically (or read from the cache). */
export async function buildDataset(options: DatasetOptions): Promise<LabelledLot[]> {
  const pixelSize = options.pixelSize ?? 0.4;
  const log = options.log ?? (() => undefined);
  const fingerprint = sourceFingerprint(pixelSize);
  const all: LabelledLot[] = [];
  for (const seed of options.seeds) {
    const cacheFile = options.cacheDir ? join(options.cacheDir, `lots-${seed}-${fingerprint}.json`) : null;
    if (cacheFile && existsSync(cacheFile)) {
      all.push(...(JSON.parse(readFileSync(cacheFile, 'utf8')) as LabelledLot[]));
      log(`seed ${seed}: cached`);
      continue;
    }
    const started = performance.now();
    const samples = await labelledLotsForSeed(seed, pixelSize);
    log(
      `seed ${seed}: ${samples.length} labelled lots in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    if (cacheFile && options.cacheDir) {
      mkdirSync(options.cacheDir, { recursive: true });
      writeFileSync(cacheFile, JSON.stringify(samples));
    }
    all.push(...samples);
  }
  return all;
}
