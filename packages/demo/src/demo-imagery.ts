import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { demoSite, type DemoSiteKey } from './demo-sites';
import { writeGeoTiffFile } from './geotiff-writer';
import { DEMO_EPSG, utmToLonLat } from './projection';

export const DEMO_SEED = 2025;

export interface SceneJob {
  site: DemoSiteKey;
  dateIndex: number;
  outDir: string;
  seed: number;
  /** 1 = native resolution; 0.1 renders at a tenth of the resolution (ten times the pixel size). */
  scale: number;
}

/** One scene in manifest.json. Paths are relative to the output folder. */
export interface SceneManifestEntry {
  site: DemoSiteKey;
  space: string;
  date: string;
  file: string;
  kind: 'satellite' | 'drone';
  epsg: number;
  width: number;
  height: number;
  /** Ground sample distance in metres per pixel; also the scene's `precision`. */
  pixelSize: number;
  precision: number;
  /** Cloud cover, 0–100 %. */
  cloud: number;
  /** [west, south, east, north] in lon/lat. */
  bounds: [number, number, number, number];
  bytes: number;
  model3d: string | null;
  renderMs: number;
}

export interface SiteManifestEntry {
  key: DemoSiteKey;
  space: string;
  layers: string;
  groundTruth: string;
  scenes: SceneManifestEntry[];
}

export interface DemoManifest {
  seed: number;
  epsg: number;
  sites: SiteManifestEntry[];
  totalMs: number;
}

export interface GenerateOptions {
  outDir: string;
  sites?: DemoSiteKey[];
  /** At most this many scenes per site (spread over the site's dates). */
  scenes?: number;
  scale?: number;
  seed?: number;
  /** Parallel worker threads; 1 renders in this thread. */
  workers?: number;
  /**
   * Renders one scene somewhere else (the server's CPU pool); `workers` of them run at once. Without it the
   * generator starts its own threads (or renders here with `workers: 1`).
   */
  renderJob?: (job: SceneJob) => Promise<SceneManifestEntry>;
  /** Prepares a site somewhere else (the server's CPU pool); default `prepareDemoSite` here. */
  prepareSite?: typeof prepareDemoSite;
  /**
   * Called with each scene as soon as it is rendered (with `renderJob`), before the others are done: the
   * server queues its ingest so that the scenes appear one by one. A rejection stops the generation.
   */
  onScene?: (entry: SceneManifestEntry) => Promise<void>;
}

/** Renders one scene to a GeoTIFF (and its 3D model, if the site has one for that date). */
export async function renderSceneJob(job: SceneJob): Promise<SceneManifestEntry> {
  const started = performance.now();
  const site = await demoSite(job.site, job.seed);
  const date = site.dates[job.dateIndex] as string;
  const pixelSize = site.basePixelSize / job.scale;
  const scene = site.render(job.dateIndex, pixelSize);
  const file = join(job.site, `${date}.tif`);
  mkdirSync(join(job.outDir, job.site), { recursive: true });
  const bytes = writeGeoTiffFile(
    join(job.outDir, file),
    scene.frame,
    (a, b) => scene.renderRows(a, b),
    { epsg: DEMO_EPSG, compression: 'deflate', rowsPerStrip: 16, deflateLevel: 3 },
    64,
  );
  let model3d: string | null = null;
  if (site.model && site.modelDates?.includes(job.dateIndex)) {
    model3d = join(job.site, `${date}.glb`);
    writeFileSync(join(job.outDir, model3d), site.model(job.dateIndex));
  }
  const { frame } = scene;
  const [west, north] = utmToLonLat([frame.originX, frame.originY]);
  const [east, south] = utmToLonLat([
    frame.originX + frame.width * frame.pixelSize,
    frame.originY - frame.height * frame.pixelSize,
  ]);
  return {
    site: job.site,
    space: site.space,
    date,
    file,
    kind: site.kind,
    epsg: DEMO_EPSG,
    width: frame.width,
    height: frame.height,
    pixelSize: frame.pixelSize,
    precision: frame.pixelSize,
    cloud: Math.round(scene.cloudFraction() * 1000) / 10,
    bounds: [west, south, east, north],
    bytes,
    model3d,
    renderMs: Math.round(performance.now() - started),
  };
}

/** Picks `count` date indices spread evenly over `total` (always the first and the last). */
export function spreadIndices(total: number, count: number): number[] {
  if (count >= total) return Array.from({ length: total }, (_, i) => i);
  if (count <= 1) return [total - 1];
  return Array.from({ length: count }, (_, i) => Math.round((i * (total - 1)) / (count - 1)));
}

export interface PrepareSiteInput {
  key: DemoSiteKey;
  outDir: string;
  seed: number;
  scale: number;
  /** At most this many scenes (spread over the site's dates). */
  scenes?: number;
}

/** Writes one site's layers and ground truth into `outDir` and lists its scenes to render. */
export async function prepareDemoSite(
  input: PrepareSiteInput,
): Promise<{ site: SiteManifestEntry; jobs: SceneJob[] }> {
  const { key, outDir, seed, scale } = input;
  const site = await demoSite(key, seed);
  mkdirSync(join(outDir, key), { recursive: true });
  const layers = join(key, 'layers.geojson');
  const truth = join(key, 'ground-truth.json');
  writeFileSync(join(outDir, layers), JSON.stringify(site.layers()));
  writeFileSync(join(outDir, truth), JSON.stringify(site.groundTruth()));
  for (const [name, content] of Object.entries(site.extraTruth?.() ?? {}))
    writeFileSync(join(outDir, key, name), JSON.stringify(content));
  const jobs = spreadIndices(site.dates.length, input.scenes ?? site.dates.length).map(
    (dateIndex): SceneJob => ({ site: key, dateIndex, outDir, seed, scale }),
  );
  return { site: { key, space: site.space, layers, groundTruth: truth, scenes: [] }, jobs };
}

/** Generates the demo imagery, layers, ground truth and manifest.json into `outDir`. */
export async function generateDemoImagery(options: GenerateOptions): Promise<DemoManifest> {
  const started = performance.now();
  const seed = options.seed ?? DEMO_SEED;
  const scale = options.scale ?? 1;
  const keys = options.sites ?? ['allotment', 'environment', 'construction'];
  mkdirSync(options.outDir, { recursive: true });
  const prepare = options.prepareSite ?? prepareDemoSite;
  const sites: SiteManifestEntry[] = [];
  const jobs: SceneJob[] = [];
  for (const key of keys) {
    const prepared = await prepare({ key, outDir: options.outDir, seed, scale, scenes: options.scenes });
    sites.push(prepared.site);
    jobs.push(...prepared.jobs);
  }
  const workers = Math.max(1, options.workers ?? 1);
  const { renderJob, onScene } = options;
  const results = renderJob
    ? await runElsewhere(jobs, workers, async (job) => {
        const entry = await renderJob(job);
        await onScene?.(entry);
        return entry;
      })
    : await runJobs(jobs, workers);
  for (const entry of results) sites.find((s) => s.key === entry.site)?.scenes.push(entry);
  const manifest: DemoManifest = {
    seed,
    epsg: DEMO_EPSG,
    sites,
    totalMs: Math.round(performance.now() - started),
  };
  writeFileSync(join(options.outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

async function runElsewhere(
  jobs: SceneJob[],
  concurrency: number,
  renderJob: (job: SceneJob) => Promise<SceneManifestEntry>,
): Promise<SceneManifestEntry[]> {
  const results: SceneManifestEntry[] = new Array<SceneManifestEntry>(jobs.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < jobs.length) {
      const index = next++;
      results[index] = await renderJob(jobs[index] as SceneJob);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, lane));
  return results;
}

async function runJobs(jobs: SceneJob[], workers: number): Promise<SceneManifestEntry[]> {
  const results: SceneManifestEntry[] = new Array<SceneManifestEntry>(jobs.length);
  if (workers === 1) {
    for (const [i, job] of jobs.entries()) results[i] = await renderSceneJob(job);
    return results;
  }
  // Largest jobs first would be ideal; interleaving sites is close enough and keeps the code simple.
  let next = 0;
  const runWorker = async (): Promise<void> => {
    const worker = new Worker(new URL('./render-worker-bootstrap.mjs', import.meta.url));
    try {
      while (next < jobs.length) {
        const index = next++;
        results[index] = await new Promise<SceneManifestEntry>((resolve, reject) => {
          worker.once('message', (message: { entry?: SceneManifestEntry; error?: string }) =>
            message.entry ? resolve(message.entry) : reject(new Error(message.error)),
          );
          worker.once('error', reject);
          worker.postMessage(jobs[index]);
        });
        worker.removeAllListeners('error');
      }
    } finally {
      await worker.terminate();
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, jobs.length) }, runWorker));
  return results;
}
