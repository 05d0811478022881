/**
 * Bytes per tile, PNG (what the archive stores and `.png` serves) against WebP (what the web map asks for,
 * made from the stored PNG by the server's own `pngToWebp`), over real photographs: the native zoom and the two
 * below it, as the ingest builds them. `npm run bench:imagery-bytes`; writes its section of bench/RESULTS.md.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { encodePng, pngToWebp } from '../../apps/server/src/imagery/encode-tile';
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

interface Sizes {
  tiles: number;
  png: number;
  webp: number;
  fullTiles: number;
  fullPng: number;
  fullWebp: number;
}

async function measure(file: string): Promise<Sizes> {
  const source = await openSceneSource(file, 'geotiff', null, DEFAULT_IMAGE_LIMITS);
  const sizes: Sizes = { tiles: 0, png: 0, webp: 0, fullTiles: 0, fullPng: 0, fullWebp: 0 };
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
          const png = await encodePng(rgba);
          const webp = await pngToWebp(png);
          sizes.tiles++;
          sizes.png += png.length;
          sizes.webp += webp.length;
          let opaque = true;
          for (let i = 3; i < rgba.length && opaque; i += 4) opaque = rgba[i] === 255;
          if (opaque) {
            sizes.fullTiles++;
            sizes.fullPng += png.length;
            sizes.fullWebp += webp.length;
          }
        },
      },
    });
  } finally {
    await source.close();
  }
  return sizes;
}

const kb = (bytes: number, count: number) => (count === 0 ? '–' : `${(bytes / count / 1024).toFixed(1)} KB`);
const ratio = (png: number, webp: number) => (webp === 0 ? '–' : `${(png / webp).toFixed(1)}×`);

async function main(): Promise<void> {
  const rows: string[] = [];
  const total: Sizes = { tiles: 0, png: 0, webp: 0, fullTiles: 0, fullPng: 0, fullWebp: 0 };
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
  }
  rows.push(
    `| **all** | ${total.tiles} | ${kb(total.png, total.tiles)} | ${kb(total.webp, total.tiles)} | **${ratio(total.png, total.webp)}** | ` +
      `${total.fullTiles} | ${kb(total.fullPng, total.fullTiles)} | ${kb(total.fullWebp, total.fullTiles)} | **${ratio(total.fullPng, total.fullWebp)}** |`,
  );
  const section = `## Tile bytes, PNG vs WebP (\`npm run bench:imagery-bytes\`, ${new Date().toISOString().slice(0, 10)})

Real photographs (testdata/imagery, and ../shared/testdata when present) cut by the ingest's own pyramid
(native zoom and the two below); PNG as stored (sharp, compression 6), WebP as served to the web map (sharp,
quality 85, lossless alpha). "Full" tiles are entirely inside the image (no transparent edge): what a user
looking at the project mostly downloads.

| source | tiles | PNG / tile | WebP / tile | PNG ÷ WebP | full tiles | PNG / full tile | WebP / full tile | PNG ÷ WebP |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`;
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

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
