/**
 * Detections AI throughput: 10,000 lots × 1 scene, end to end (the project's texture words learnt on the scene,
 * then windowed GeoTIFF reads in row bands → pixel masks → features and words → classification), in a fresh process so its peak RSS is the classifier's alone.
 *
 * The scene is the demo allotment (seed 2025, last date, 0.4 m) tiled 5 × 4 into a deflate
 * GeoTIFF with its 600 lots repeated per tile (12,000 lots, the first 10,000 used). Written once to
 * bench/.out/detections (git-ignored); rerunning reuses it.
 *
 * `npx tsx bench/detections/ai-throughput.ts` — waits for a 1-minute load average under 1.5 (up to 20 minutes,
 * (BENCH_WAIT_MINUTES), runs anyway with the load noted, and records the figures in bench/RESULTS.md.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromFile } from 'geotiff';
import type { Polygon, Position } from 'geojson';
import { demoSite } from '@mirante/demo/demo-sites';
import { writeGeoTiffFile } from '@mirante/demo/geotiff-writer';
import type { GroundTruthRecord } from '@mirante/demo/lot-timeline';
import { DEMO_EPSG, lonLatToUtm, utmToLonLat } from '@mirante/demo/projection';
import { renderWhole } from '@mirante/demo/scene-raster';
import { classifyScene } from '../../apps/server/src/features/detections/ai/classify-scene';
import { learnSceneDictionary } from '../../apps/server/src/features/detections/ai/scene-features';
import { openGeoTiff } from '../../apps/server/src/imagery/geotiff-source';
import { DEFAULT_IMAGE_LIMITS } from '../../apps/server/src/imagery/limits';
import type { LotInput } from '../../apps/server/src/features/detections/ai/lot-scan';
import { writeResultsSection } from '../../apps/server/tools/ai/results-section';

const OUT_DIR = fileURLToPath(new URL('../.out/detections/', import.meta.url));
const RESULTS_FILE = fileURLToPath(new URL('../RESULTS.md', import.meta.url));
const SCENE_FILE = join(OUT_DIR, 'tiled-allotment.tif');
const LOTS_FILE = join(OUT_DIR, 'tiled-allotment-lots.json');
const TILES_X = 5;
const TILES_Y = 4;
const LOT_COUNT = 10_000;
const SEED = 2025;

interface BenchLot extends LotInput {
  truth: string;
}

interface Measurement {
  lots: number;
  seconds: number;
  /** CPU time of the process (user + system) over the run: the figure to compare on a shared machine. */
  cpuSeconds: number;
  peakRssMb: number;
  /** RSS once the lots are parsed and before the scene is opened: runtime, tsx, lots, CRS table. */
  startRssMb: number;
  accuracy: number;
  statuses: Record<string, number>;
}

async function writeTiledScene(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const site = await demoSite('allotment', SEED);
  const dateIndex = site.dates.length - 1;
  const date = site.dates[dateIndex] as string;
  const scene = site.render(dateIndex, 0.4);
  const rgb = renderWhole(scene);
  const { frame } = scene;
  const tiled = { ...frame, width: frame.width * TILES_X, height: frame.height * TILES_Y };
  const rowBytes = frame.width * 3;
  writeGeoTiffFile(
    `${SCENE_FILE}.part`,
    tiled,
    (rowStart, rowEnd) => {
      const out = new Uint8Array((rowEnd - rowStart) * tiled.width * 3);
      for (let row = rowStart; row < rowEnd; row++) {
        const source = rgb.subarray((row % frame.height) * rowBytes, ((row % frame.height) + 1) * rowBytes);
        for (let tx = 0; tx < TILES_X; tx++)
          out.set(source, ((row - rowStart) * tiled.width + tx * frame.width) * 3);
      }
      return out;
    },
    { epsg: DEMO_EPSG, compression: 'deflate', rowsPerStrip: 16, deflateLevel: 3 },
    64,
  );
  renameSync(`${SCENE_FILE}.part`, SCENE_FILE);

  const truth = new Map<string, string>();
  for (const r of site.groundTruth() as GroundTruthRecord[])
    if (r.date === date) truth.set(r.lotKey, r.status);
  const lots = site.layers().features.filter((f) => f.properties.type === 'LOT');
  const shifted: BenchLot[] = [];
  for (let ty = 0; ty < TILES_Y; ty++) {
    for (let tx = 0; tx < TILES_X; tx++) {
      const dx = tx * frame.width * frame.pixelSize;
      const dy = -ty * frame.height * frame.pixelSize;
      const move = (p: Position): Position => {
        const [x, y] = lonLatToUtm([p[0] ?? 0, p[1] ?? 0]);
        return utmToLonLat([x + dx, y + dy]);
      };
      for (const lot of lots) {
        const geometry = lot.geometry as Polygon;
        shifted.push({
          id: `${tx}.${ty}.${lot.properties.lotKey}`,
          geometry: { type: 'Polygon', coordinates: geometry.coordinates.map((ring) => ring.map(move)) },
          truth: truth.get(lot.properties.lotKey ?? '') ?? '',
        });
      }
    }
  }
  writeFileSync(LOTS_FILE, JSON.stringify(shifted.slice(0, LOT_COUNT)));
}

async function measure(): Promise<Measurement> {
  const lots = JSON.parse(readFileSync(LOTS_FILE, 'utf8')) as BenchLot[];
  const truth = new Map(lots.map((l) => [l.id, l.truth]));
  const statuses: Record<string, number> = {};
  let correct = 0;
  let count = 0;
  const startRssMb = process.memoryUsage().rss / 1024 ** 2;
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  // As the processor reads a project's first scene: its texture words are learnt on it first (a partial read of
  // DICTIONARY_LOTS lots), then every lot is read with them.
  const raster = await openGeoTiff(SCENE_FILE, DEFAULT_IMAGE_LIMITS);
  try {
    const dictionary = await learnSceneDictionary(raster, lots);
    for await (const result of classifyScene({ raster, lots, dictionary })) {
      statuses[result.status] = (statuses[result.status] ?? 0) + 1;
      if (truth.get(result.lotId) === result.status) correct += 1;
      count += 1;
    }
  } finally {
    await raster.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  return {
    lots: count,
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    startRssMb,
    accuracy: correct / count,
    statuses,
  };
}

async function waitForIdle(): Promise<number> {
  const deadline = Date.now() + Number(process.env.BENCH_WAIT_MINUTES ?? 20) * 60_000;
  while ((loadavg()[0] as number) >= 1.5 && Date.now() < deadline) {
    console.log(`load ${(loadavg()[0] as number).toFixed(2)}: waiting for < 1.5`);
    await new Promise((resolve) => setTimeout(resolve, 30_000));
  }
  return loadavg()[0] as number;
}

async function main(): Promise<void> {
  if (process.argv.includes('--measure')) {
    console.log(JSON.stringify(await measure()));
    return;
  }
  if (!existsSync(SCENE_FILE) || !existsSync(LOTS_FILE)) {
    console.log('writing the tiled scene (once)…');
    await writeTiledScene();
  }
  const loadBefore = await waitForIdle();
  const output = execFileSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--measure'],
    {
      encoding: 'utf8',
    },
  );
  const loadAfter = loadavg()[0] as number;
  const m = JSON.parse(output.trim().split('\n').pop() ?? '{}') as Measurement;
  const tiff = await fromFile(SCENE_FILE);
  const image = await tiff.getImage();
  const megapixels = (image.getWidth() * image.getHeight()) / 1e6;
  await tiff.close();
  const idle = loadBefore < 1.5;
  const sizeMb = statSync(SCENE_FILE).size / 1024 ** 2;
  console.log(m, { loadBefore, loadAfter });
  writeResultsSection(
    RESULTS_FILE,
    'ai-throughput',
    [
      `### Detections AI throughput (\`npm run bench:detections-ai\`, ${new Date().toISOString().slice(0, 10)})`,
      '',
      `${m.lots.toLocaleString('en')} lots × 1 scene, end to end from a ${megapixels.toFixed(0)} MP deflate GeoTIFF (${sizeMb.toFixed(0)} MB, the demo allotment tiled ${TILES_X} × ${TILES_Y}, 0.4 m): ` +
        'row-band windowed reads → pixel masks → features → gradient-boosted trees, one process, 2 cores shared.',
      '',
      '| lots | time | CPU time (user + system) | lots/s | peak RSS | accuracy vs ground truth | 1-min load before → after |',
      '|---|---|---|---|---|---|---|',
      `| ${m.lots} | **${m.seconds.toFixed(1)} s** (target < 120 s) | ${m.cpuSeconds.toFixed(1)} s | ${(m.lots / m.seconds).toFixed(0)} | **${m.peakRssMb.toFixed(0)} MB** (${m.startRssMb.toFixed(0)} MB before the scene is opened) | ${(m.accuracy * 100).toFixed(1)} % | ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)} |`,
      '',
      idle
        ? 'The machine was idle when the run started.'
        : `**The machine was not idle**: the 1-minute load stayed ≥ 1.5 (other sessions' tests) for the whole wait, so the run shared the 2 cores; an idle run would be faster.`,
      '',
      `Statuses read: ${Object.entries(m.statuses)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}.`,
    ].join('\n'),
  );
}

await main();
