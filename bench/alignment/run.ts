// Scenes that align themselves, measured on real imagery: every projected (metre-based) GeoTIFF of the shared
// test-data collection (../shared/testdata/imagery beside the project, or SHARED_TESTDATA) with pixels of 5 m or
// finer is tiled, then copies of it moved by known distances (1–40 m on both axes, the pixels untouched) are
// tiled and estimated against it, as an ingest does. Prints, per file and shift, the offset that undoes the move,
// the offset proposed, the error in the source's pixels and the outcome; a miss is a proposal off by 0.5 px or
// more, or no proposal although the two still share at least half of the smaller footprint.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_IMAGE_LIMITS } from '../../apps/server/src/imagery/limits';
import { openSceneSource } from '../../apps/server/src/imagery/open-scene-source';
import { groundResolution } from '../../apps/server/src/imagery/scene-footprint';
import { KNOWN_SHIFTS, runKnownShifts, type ShiftResult } from './known-shifts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const COLLECTION = process.env.SHARED_TESTDATA
  ? path.resolve(process.env.SHARED_TESTDATA, 'imagery')
  : path.resolve(ROOT, '../shared/testdata/imagery');
/** Coarser pixels turn 1–40 m into fractions of a pixel: nothing to align there. */
const FINEST_PIXEL_M = 5;

/** A file whose CRS counts in metres (a moved tie point is a move on the ground) and whose pixels are fine. */
async function usable(file: string): Promise<{ ok: boolean; why: string }> {
  try {
    const source = await openSceneSource(file, 'geotiff', null, DEFAULT_IMAGE_LIMITS);
    try {
      const metric = /UTM/i.test(source.crs.name);
      const { metresPerPixel } = groundResolution(source);
      if (!metric) return { ok: false, why: 'CRS sem metros projetados (UTM)' };
      if (metresPerPixel > FINEST_PIXEL_M)
        return { ok: false, why: `pixel de ${metresPerPixel.toFixed(0)} m` };
      return { ok: true, why: '' };
    } finally {
      await source.close();
    }
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.message : String(error) };
  }
}

const metres = (pair: readonly [number, number]) => `${pair[0].toFixed(2)}, ${pair[1].toFixed(2)}`;

async function main(): Promise<void> {
  if (!existsSync(COLLECTION)) {
    console.log(
      `not run: ${COLLECTION} not found (the shared test-data collection is not beside this clone)`,
    );
    return;
  }
  const started = new Date();
  const files = (await readdir(COLLECTION)).filter((name) => /\.tiff?$/i.test(name)).sort();
  const rows: ShiftResult[] = [];
  const skipped: string[] = [];
  for (const name of files) {
    const file = path.join(COLLECTION, name);
    const check = await usable(file);
    if (!check.ok) {
      skipped.push(`${name} (${check.why})`);
      continue;
    }
    console.error(`… ${name}`);
    rows.push(...(await runKnownShifts(file, KNOWN_SHIFTS)));
  }
  console.log(
    `Alignment benchmark, ${started.toISOString()}, load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(', ')}`,
  );
  console.log('');
  console.log(
    '| file | pixel | moved E, N (m) | offset that undoes it (m) | proposed (m) | error (px) | outcome | confidence | s |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  let misses = 0;
  let refusals = 0;
  for (const row of rows) {
    const proposed = row.outcome === 'match' || row.outcome === 'aligned';
    const miss = proposed ? row.errorPixels >= 0.5 : false;
    if (miss) misses++;
    if (!proposed) refusals++;
    console.log(
      `| ${row.file} | ${row.sourcePixel.toFixed(2)} m | ${metres(row.known)} | ${metres(row.expected)} | ` +
        `${proposed ? metres(row.proposed) : '—'} | ${proposed ? row.errorPixels.toFixed(3) : '—'}${miss ? ' **miss**' : ''} | ` +
        `${row.outcome} | ${(row.confidence * 100).toFixed(0)}% | ${row.seconds.toFixed(1)} |`,
    );
  }
  const errors = rows.filter((row) => row.outcome === 'match').map((row) => row.errorPixels);
  console.log('');
  console.log(
    `${rows.length} shifts on ${new Set(rows.map((row) => row.file)).size} files: ` +
      `${rows.length - refusals} proposals, ${misses} off by 0.5 px or more, ${refusals} refused ` +
      `(too little overlap or a weak match); largest error ${Math.max(0, ...errors).toFixed(3)} px.`,
  );
  console.log(`Not used: ${skipped.join('; ')}`);
}

await main();
