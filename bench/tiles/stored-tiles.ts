/**
 * `npm run bench:tiles-stored`: what the archive stores, on the real GeoTIFFs (testdata/imagery and the shared
 * collection, `SHARED_TESTDATA`, when present). Every file goes through the ingest's own reading, reprojection
 * and pyramid (native zoom and the two below); each tile is then encoded by each candidate and compared with
 * the rendered pixels it came from (the source as reprojected, before any encoding): bytes per tile, encoding
 * CPU per tile (one at a time), PSNR and SSIM (ssim.js, on the opaque tiles' RGB; transparent pixels are not
 * counted, and the alpha is checked to come back exactly). Prints; `BENCH_RESULTS=1` records the section.
 */
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type WebpOptions } from 'sharp';
import { ssim } from 'ssim.js';
import { PNG_OPTIONS, WEBP_OPTIONS } from '../../apps/server/src/imagery/encode-tile';
import { DEFAULT_IMAGE_LIMITS } from '../../apps/server/src/imagery/limits';
import { openSceneSource } from '../../apps/server/src/imagery/open-scene-source';
import { groundResolution, mercatorFootprint } from '../../apps/server/src/imagery/scene-footprint';
import { nativeZoomFor, TILE_SIZE } from '../../apps/server/src/imagery/tile-math';
import { buildPyramid } from '../../apps/server/src/imagery/tile-pyramid';
import { writeBenchResults } from '../results';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SHARED = process.env.SHARED_TESTDATA ?? path.join(ROOT, '../shared/testdata');
const RUNS = 2;

interface Candidate {
  name: string;
  encode: (rgba: Uint8Array) => Promise<Buffer>;
}

const raw = { raw: { width: TILE_SIZE, height: TILE_SIZE, channels: 4 as const } };
const webp = (options: WebpOptions) => (rgba: Uint8Array) => sharp(rgba, raw).webp(options).toBuffer();

const CANDIDATES: Candidate[] = [
  { name: 'PNG (stored until now)', encode: (rgba) => sharp(rgba, raw).png(PNG_OPTIONS).toBuffer() },
  {
    name: `**WebP q${WEBP_OPTIONS.quality}, effort ${WEBP_OPTIONS.effort} (stored now)**`,
    encode: webp(WEBP_OPTIONS),
  },
  {
    name: 'WebP q85, effort 4 (served to the map until now)',
    encode: webp({ quality: 85, alphaQuality: 100 }),
  },
  { name: 'WebP q90, effort 4', encode: webp({ quality: 90, alphaQuality: 100, effort: 4 }) },
  { name: 'WebP q90, effort 0', encode: webp({ quality: 90, alphaQuality: 100, effort: 0 }) },
  { name: 'WebP q90, effort 1', encode: webp({ quality: 90, alphaQuality: 100, effort: 1 }) },
  { name: 'WebP q95, effort 2', encode: webp({ quality: 95, alphaQuality: 100, effort: 2 }) },
  { name: 'WebP lossless, effort 2', encode: webp({ lossless: true, effort: 2 }) },
  {
    name: 'JPEG q90 (opaque tiles only; no alpha)',
    encode: (rgba) => sharp(rgba, raw).removeAlpha().jpeg({ quality: 90, mozjpeg: false }).toBuffer(),
  },
];

interface Totals {
  tiles: number;
  bytes: number;
  cpu: number;
  /** Over opaque tiles: squared error sum and pixel count for PSNR, SSIM sum and count. */
  squared: number;
  pixels: number;
  ssim: number;
  opaqueTiles: number;
  alphaExact: boolean;
}

async function tilesOf(file: string): Promise<Uint8Array[]> {
  const source = await openSceneSource(file, 'geotiff', null, DEFAULT_IMAGE_LIMITS);
  const tiles: Uint8Array[] = [];
  try {
    const { metresPerPixel, latitude } = groundResolution(source);
    const maxZoom = nativeZoomFor(metresPerPixel, latitude);
    await buildPyramid({
      source,
      bounds: mercatorFootprint(source),
      minZoom: Math.max(0, maxZoom - 2),
      maxZoom,
      sink: {
        async tile(_z, _x, _y, rgba) {
          tiles.push(Uint8Array.from(rgba));
        },
      },
    });
  } finally {
    await source.close();
  }
  return tiles;
}

function isOpaque(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

function isEmpty(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 0) return false;
  return true;
}

async function measure(tiles: Uint8Array[], candidate: Candidate, totals: Totals): Promise<void> {
  const since = process.cpuUsage();
  const encoded: Buffer[] = [];
  for (let run = 0; run < RUNS; run++)
    for (const [index, rgba] of tiles.entries()) encoded[index] = await candidate.encode(rgba);
  const used = process.cpuUsage(since);
  totals.cpu += (used.user + used.system) / 1e6 / RUNS;
  for (const [index, rgba] of tiles.entries()) {
    const bytes = encoded[index]!;
    totals.tiles++;
    totals.bytes += bytes.length;
    const decoded = await sharp(bytes).ensureAlpha().raw().toBuffer();
    const opaque = isOpaque(rgba);
    if (!candidate.name.startsWith('JPEG'))
      for (let i = 3; i < rgba.length; i += 4) if (decoded[i] !== rgba[i]) totals.alphaExact = false;
    if (!opaque) continue;
    totals.opaqueTiles++;
    for (let i = 0; i < rgba.length; i += 4)
      for (let c = 0; c < 3; c++) totals.squared += (decoded[i + c]! - rgba[i + c]!) ** 2;
    totals.pixels += (rgba.length / 4) * 3;
    const image = (data: Uint8Array) => ({
      data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
      width: TILE_SIZE,
      height: TILE_SIZE,
    });
    totals.ssim += ssim(image(rgba), image(decoded)).mssim;
  }
}

/** The shared collection of real files; without it, the repository's (which adds GDAL-made variants of them). */
const files = (): Array<[string, string]> => {
  const shared = path.join(SHARED, 'imagery');
  const dir = existsSync(shared) ? shared : path.join(ROOT, 'testdata/imagery');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.tif'))
    .sort()
    .map((name) => [path.join(dir, name), name]);
};

async function main(): Promise<void> {
  const totals = CANDIDATES.map((): Totals => ({
    tiles: 0,
    bytes: 0,
    cpu: 0,
    squared: 0,
    pixels: 0,
    ssim: 0,
    opaqueTiles: 0,
    alphaExact: true,
  }));
  const perFile: string[] = [];
  let used = 0;
  for (const [file, name] of files()) {
    let tiles: Uint8Array[];
    try {
      tiles = (await tilesOf(file)).filter((rgba) => !isEmpty(rgba));
    } catch (error) {
      console.log(`${name}: recusado pela ingestão (${(error as Error).message.slice(0, 80)})`);
      continue;
    }
    if (tiles.length === 0) continue;
    used++;
    const fileTotals: Totals[] = [];
    for (const [index, candidate] of CANDIDATES.entries()) {
      const own: Totals = {
        ...totals[index]!,
        tiles: 0,
        bytes: 0,
        cpu: 0,
        squared: 0,
        pixels: 0,
        ssim: 0,
        opaqueTiles: 0,
      };
      await measure(tiles, candidate, own);
      const sum = totals[index]!;
      for (const key of ['tiles', 'bytes', 'cpu', 'squared', 'pixels', 'ssim', 'opaqueTiles'] as const)
        sum[key] += own[key];
      sum.alphaExact &&= own.alphaExact;
      fileTotals.push(own);
    }
    const [png, stored] = fileTotals as [Totals, Totals];
    perFile.push(
      `| ${name} | ${tiles.length} | ${(png.bytes / png.tiles / 1024).toFixed(1)} KB | ` +
        `${(stored.bytes / stored.tiles / 1024).toFixed(1)} KB | ${(png.bytes / stored.bytes).toFixed(1)}× | ` +
        `${stored.opaqueTiles === 0 ? '–' : `${psnr(stored).toFixed(1)} dB`} | ${stored.opaqueTiles === 0 ? '–' : (stored.ssim / stored.opaqueTiles).toFixed(4)} |`,
    );
    console.log(perFile.at(-1));
  }
  const rows = CANDIDATES.map((candidate, index) => {
    const t = totals[index]!;
    return (
      `| ${candidate.name} | ${(t.bytes / t.tiles / 1024).toFixed(1)} KB | ${((1000 * t.cpu) / t.tiles).toFixed(2)} ms | ` +
      `${psnr(t).toFixed(1)} dB | ${(t.ssim / t.opaqueTiles).toFixed(4)} | ${candidate.name.startsWith('JPEG') ? '(none)' : t.alphaExact ? 'yes' : 'no'} |`
    );
  });
  const section = `## Stored tiles: WebP against PNG on the real GeoTIFFs (\`npm run bench:tiles-stored\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)

${used} real GeoTIFFs (../shared/testdata/imagery; testdata/imagery without it), each through the ingest's reading,
reprojection and pyramid (native zoom and the two below; empty tiles left out: the archive deduplicates them).
Each tile encoded by each candidate and decoded again; compared with the rendered pixels it came from: PSNR
(RGB, over all opaque tiles' pixels) and SSIM (ssim.js, mean of the opaque tiles). Encoding CPU per tile:
user + sys of the process, one encode at a time, mean of ${RUNS} runs; load average (1 min) at the end
${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores, so read CPU as a ratio between rows.

| encoding | bytes / tile | encode CPU / tile | PSNR | SSIM | alpha exact |
|---|---|---|---|---|---|
${rows.join('\n')}

Per file, PNG against the stored WebP:

| file | tiles | PNG / tile | WebP / tile | PNG ÷ WebP | WebP PSNR | WebP SSIM |
|---|---|---|---|---|---|---|
${perFile.join('\n')}`;
  console.log(section);
  if (process.env.BENCH_RESULTS === '1') writeBenchResults('tiles-stored', section);
}

function psnr(t: Totals): number {
  const mse = t.squared / t.pixels;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
