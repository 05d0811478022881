/**
 * Bytes per tile, PNG (what the archive stores and `.png` serves) against WebP (what the web map asks for,
 * made from the stored PNG by the server's own `pngToWebp`), over real photographs: the native zoom and the two
 * below it, as the ingest builds them. `npm run bench:imagery-bytes`; writes its section of bench/RESULTS.md.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { encodePng, PNG_OPTIONS, pngToWebp } from '../../apps/server/src/imagery/encode-tile';
import { DEFAULT_IMAGE_LIMITS } from '../../apps/server/src/imagery/limits';
import { openSceneSource } from '../../apps/server/src/imagery/open-scene-source';
import { groundResolution, mercatorFootprint } from '../../apps/server/src/imagery/scene-footprint';
import { nativeZoomFor } from '../../apps/server/src/imagery/tile-math';
import { buildPyramid } from '../../apps/server/src/imagery/tile-pyramid';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** `SHARED_TESTDATA` points at the shared collection from a git worktree (as for the AI's evaluation). */
const SHARED = process.env.SHARED_TESTDATA ?? path.join(ROOT, '../shared/testdata');
const FILES = [
  [
    path.join(ROOT, 'testdata/imagery/colorado_hro_rgb_0.15m_nad83_utm13n.tif'),
    '15 cm aerial photo (Colorado HRO)',
  ],
  [path.join(ROOT, 'testdata/imagery/cog_jpeg_ycbcr_epsg3857_0.6m.tif'), '0.6 m aerial/satellite (JPEG COG)'],
  [
    path.join(ROOT, 'testdata/imagery/jpeg_tiled_alpha_epsg3857_4m.tif'),
    '4 m imagery with alpha (New Zealand)',
  ],
  [path.join(SHARED, 'imagery/bali_drone_ortho_rgba_utm50s_0.35m.tif'), '0.35 m drone orthomosaic (Bali)'],
  [path.join(SHARED, 'imagery/odm_orthophoto_rgba_utm15n_0.5m.tif'), '0.5 m drone orthophoto (OpenDroneMap)'],
  [
    path.join(SHARED, 'imagery/atlanta_spacenet4_pan_uint16_0.5m_utm16n.tif'),
    '0.5 m WorldView-2 pan (Atlanta)',
  ],
] as const;

/** The ingest's PNG setting before 2026-11-27 (zlib 6, no row filter), for the bytes and CPU it cost. */
const PNG_BEFORE = { compressionLevel: 6, adaptiveFiltering: false } as const;
const ENCODE_RUNS = 3;

interface Sizes {
  tiles: number;
  png: number;
  webp: number;
  pngBefore: number;
  /** CPU seconds (user + sys, sharp's threads included) of the PNG encodes, one at a time (mean of runs). */
  pngCpu: number;
  pngBeforeCpu: number;
  fullTiles: number;
  fullPng: number;
  fullWebp: number;
}

/** The tiles the ingest's pyramid makes of `file`: native zoom and the two below. */
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
          tiles.push(rgba);
        },
      },
    });
  } finally {
    await source.close();
  }
  return tiles;
}

/** Encodes every tile `ENCODE_RUNS` times, one at a time with nothing else running: [bytes, CPU seconds]. */
async function encodeAll(tiles: Uint8Array[], encode: (rgba: Uint8Array) => Promise<Buffer>) {
  const sizes: number[] = [];
  const since = process.cpuUsage();
  for (let run = 0; run < ENCODE_RUNS; run++) {
    for (const [index, rgba] of tiles.entries()) sizes[index] = (await encode(rgba)).length;
  }
  const used = process.cpuUsage(since);
  return { sizes, cpu: (used.user + used.system) / 1e6 / ENCODE_RUNS };
}

async function measure(file: string): Promise<Sizes> {
  const tiles = await tilesOf(file);
  const sizes: Sizes = { ...EMPTY, tiles: tiles.length };
  const before = (rgba: Uint8Array) =>
    sharp(rgba, { raw: { width: 256, height: 256, channels: 4 } })
      .png(PNG_BEFORE)
      .toBuffer();
  await encodeAll(tiles.slice(0, 2), encodePng); // warm up sharp
  const now = await encodeAll(tiles, encodePng);
  const old = await encodeAll(tiles, before);
  sizes.pngCpu = now.cpu;
  sizes.pngBeforeCpu = old.cpu;
  for (const [index, rgba] of tiles.entries()) {
    const png = await encodePng(rgba);
    const webp = await pngToWebp(png);
    sizes.png += png.length;
    sizes.webp += webp.length;
    sizes.pngBefore += old.sizes[index]!;
    let opaque = true;
    for (let i = 3; i < rgba.length && opaque; i += 4) opaque = rgba[i] === 255;
    if (opaque) {
      sizes.fullTiles++;
      sizes.fullPng += png.length;
      sizes.fullWebp += webp.length;
    }
  }
  return sizes;
}

const EMPTY: Sizes = {
  tiles: 0,
  png: 0,
  webp: 0,
  pngBefore: 0,
  pngCpu: 0,
  pngBeforeCpu: 0,
  fullTiles: 0,
  fullPng: 0,
  fullWebp: 0,
};

const ms = (seconds: number, count: number) =>
  count === 0 ? '–' : `${((seconds * 1000) / count).toFixed(1)} ms`;
const kb = (bytes: number, count: number) => (count === 0 ? '–' : `${(bytes / count / 1024).toFixed(1)} KB`);
const ratio = (png: number, webp: number) => (webp === 0 ? '–' : `${(png / webp).toFixed(1)}×`);

async function main(): Promise<void> {
  const rows: string[] = [];
  const total: Sizes = { ...EMPTY };
  const encoderRows: string[] = [];
  for (const [file, label] of FILES) {
    if (!existsSync(file)) {
      console.log(`(ausente: ${file})`);
      continue;
    }
    const sizes = await measure(file);
    for (const key of Object.keys(total) as Array<keyof Sizes>) total[key] += sizes[key];
    rows.push(
      `| ${label} | ${sizes.tiles} | ${kb(sizes.png, sizes.tiles)} | ${kb(sizes.webp, sizes.tiles)} | ${ratio(sizes.png, sizes.webp)} | ` +
        `${sizes.fullTiles} | ${kb(sizes.fullPng, sizes.fullTiles)} | ${kb(sizes.fullWebp, sizes.fullTiles)} | ${ratio(sizes.fullPng, sizes.fullWebp)} |`,
    );
    encoderRows.push(encoderRow(label, sizes));
  }
  encoderRows.push(encoderRow('**all**', total));
  rows.push(
    `| **all** | ${total.tiles} | ${kb(total.png, total.tiles)} | ${kb(total.webp, total.tiles)} | **${ratio(total.png, total.webp)}** | ` +
      `${total.fullTiles} | ${kb(total.fullPng, total.fullTiles)} | ${kb(total.fullWebp, total.fullTiles)} | **${ratio(total.fullPng, total.fullWebp)}** |`,
  );
  const png = `zlib ${PNG_OPTIONS.compressionLevel}${PNG_OPTIONS.adaptiveFiltering ? ', adaptive row filters' : ''}`;
  const section = `## Tile bytes, PNG vs WebP (\`npm run bench:imagery-bytes\`, ${new Date().toISOString().slice(0, 10)})

Real photographs (testdata/imagery, and ../shared/testdata when present) cut by the ingest's own pyramid
(native zoom and the two below); PNG as stored (sharp, ${png}), WebP as served to the web map (sharp,
quality 85, lossless alpha). "Full" tiles are entirely inside the image (no transparent edge): what a user
looking at the project mostly downloads.

| source | tiles | PNG / tile | WebP / tile | PNG ÷ WebP | full tiles | PNG / full tile | WebP / full tile | PNG ÷ WebP |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

PNG setting: the ingest's (${png}) against the one it used before 2026-11-27 (zlib 6, no row filter), on the
same tiles, one encode at a time with nothing else running, ${ENCODE_RUNS} times; CPU is user + sys of the process
(sharp's threads included) per tile.

| source | PNG / tile now | PNG / tile before | now ÷ before | encode CPU / tile now | encode CPU / tile before |
|---|---|---|---|---|---|
${encoderRows.join('\n')}`;
  const results = path.join(import.meta.dirname, '..', 'RESULTS.md');
  const start = '<!-- tile-bytes:start -->';
  const end = '<!-- tile-bytes:end -->';
  const current = await readFile(results, 'utf8');
  const block = `${start}\n${section}\n${end}`;
  const next = current.includes(start)
    ? current.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block)
    : current.replace('<!-- imagery:start -->', `${block}\n\n<!-- imagery:start -->`);
  if (process.env.BENCH_RESULTS !== '0') await writeFile(results, next);
  console.log(section);
}

function encoderRow(label: string, sizes: Sizes): string {
  return (
    `| ${label} | ${kb(sizes.png, sizes.tiles)} | ${kb(sizes.pngBefore, sizes.tiles)} | ` +
    `${sizes.pngBefore === 0 ? '–' : `${((100 * sizes.png) / sizes.pngBefore).toFixed(0)} %`} | ` +
    `${ms(sizes.pngCpu, sizes.tiles)} | ${ms(sizes.pngBeforeCpu, sizes.tiles)} |`
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
