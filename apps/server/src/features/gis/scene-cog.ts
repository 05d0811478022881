import { execFile, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Whether GDAL's COG driver wrote this file: its first bytes hold the "ghost" structural metadata with
 * LAYOUT=IFDS_BEFORE_DATA (the header GDAL's own validation looks for).
 */
export function hasCogLayout(head: Buffer): boolean {
  const text = head.toString('latin1');
  return text.includes('GDAL_STRUCTURAL_METADATA') && text.includes('LAYOUT=IFDS_BEFORE_DATA');
}

let gdalTranslate: boolean | undefined;

/**
 * Whether `gdal_translate` is on this machine (GDAL ≥ 3.1, its COG driver). It is an optional dependency: Node
 * has no well-kept writer of tiled GeoTIFFs with overviews (geotiff.js writes stripped files without
 * overviews), so without GDAL only originals that already are COGs are served as COG.
 */
export function canBuildCog(): boolean {
  gdalTranslate ??= !spawnSync('gdal_translate', ['--version']).error;
  return gdalTranslate;
}

/**
 * The COG of an original, built once into `dir` under `name` (the scene's version: a new ingest makes a new
 * one) by `gdal_translate -of COG` in a child process, off the event loop; the path of the file.
 */
export async function cogFile(dir: string, name: string, original: () => Promise<Readable>): Promise<string> {
  const target = path.join(dir, `${name}.tif`);
  if (
    await stat(target).then(
      () => true,
      () => false,
    )
  )
    return target;
  await mkdir(dir, { recursive: true });
  const stamp = `${process.pid}-${Date.now()}`;
  const source = path.join(dir, `${name}.${stamp}.original`);
  const built = path.join(dir, `${name}.${stamp}.tif`);
  try {
    await pipeline(await original(), createWriteStream(source));
    await run(
      'gdal_translate',
      ['-q', '-of', 'COG', '-co', 'COMPRESS=DEFLATE', '-co', 'BIGTIFF=IF_SAFER', source, built],
      { maxBuffer: 1024 * 1024 },
    );
    // Another request may have built it meanwhile: the rename replaces it with the same file.
    await rename(built, target);
    return target;
  } finally {
    await rm(source, { force: true });
    await rm(built, { force: true });
  }
}
