// Real scenes moved by known distances and the shift the alignment estimate recovers, shared by the benchmark
// (bench/alignment/run.ts) and its check. Everything runs in this process: tiling and the estimate, no server.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  estimateAlignment,
  type AlignmentScene,
} from '../../apps/server/src/features/scene-alignment/estimate/estimate-alignment';
import { openArchiveFiles } from '../../apps/server/src/features/scene-alignment/estimate/tile-window';
import { tileScene } from '../../apps/server/src/imagery/ingest-scene';
import { DEFAULT_IMAGE_LIMITS } from '../../apps/server/src/imagery/limits';
import { openSceneSource } from '../../apps/server/src/imagery/open-scene-source';
import { groundResolution } from '../../apps/server/src/imagery/scene-footprint';
import { lonLatToMercator } from '../../apps/server/src/imagery/tile-math';
import { shiftedGeoTiff } from '../../apps/server/test/shifted-geotiff';

/** Ground metres east and north, 1–40 m on both axes and both signs. */
export const KNOWN_SHIFTS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [0, -1],
  [-1.7, 2.3],
  [4.5, -3.2],
  [-7.9, -9.4],
  [12.3, 6.1],
  [-18.6, 21.7],
  [27.4, -13.9],
  [-33.3, -35.8],
  [40, 40],
  [-40, 17.2],
  [9.6, -40],
];

export interface ShiftResult {
  file: string;
  /** Ground metres east/north the file was moved. */
  known: readonly [number, number];
  /** The offset that undoes the move, as the map applies it (what the estimate should propose). */
  expected: [number, number];
  proposed: [number, number];
  /** |proposed − expected| in the source's pixels. */
  errorPixels: number;
  sourcePixel: number;
  outcome: string;
  confidence: number;
  seconds: number;
}

async function tiled(file: string, workDir: string) {
  const source = await openSceneSource(file, 'geotiff', null, DEFAULT_IMAGE_LIMITS);
  await mkdir(workDir, { recursive: true });
  try {
    const sourcePixel = groundResolution(source).metresPerPixel;
    const out = await tileScene({ source, projectZoom: 14, workDir });
    const { west, south, east, north } = out.bounds;
    const scene: AlignmentScene = {
      archive: out.archivePath,
      bounds: [west, south, east, north],
      minZoom: out.minZoom,
      maxZoom: out.maxZoom,
      offset: [0, 0],
    };
    return { scene, sourcePixel };
  } finally {
    await source.close();
  }
}

/** Offset metres (as the tile server turns them into pixels) between two footprints' centres. */
function offsetBetween(from: AlignmentScene, to: AlignmentScene): [number, number] {
  const centre = (scene: AlignmentScene) =>
    lonLatToMercator((scene.bounds[0] + scene.bounds[2]) / 2, (scene.bounds[1] + scene.bounds[3]) / 2);
  const [fromX, fromY] = centre(from);
  const [toX, toY] = centre(to);
  const cos = Math.cos((((to.bounds[1] + to.bounds[3]) / 2) * Math.PI) / 180);
  return [(toX - fromX) * cos, (toY - fromY) * cos];
}

/** Tiles `file`, then each shifted copy, and estimates each copy's alignment against the original. */
export async function runKnownShifts(
  file: string,
  shifts: ReadonlyArray<readonly [number, number]> = KNOWN_SHIFTS,
): Promise<ShiftResult[]> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-align-'));
  const files = openArchiveFiles();
  try {
    const original = await tiled(file, path.join(workDir, 'original'));
    const bytes = await readFile(file);
    const results: ShiftResult[] = [];
    for (const [index, known] of shifts.entries()) {
      const copy = path.join(workDir, `shifted-${index}.tif`);
      await writeFile(copy, shiftedGeoTiff(bytes, known[0], known[1]));
      const moved = await tiled(copy, path.join(workDir, `shifted-${index}`));
      const started = performance.now();
      const estimate = await estimateAlignment(files, original.scene, moved.scene);
      const seconds = (performance.now() - started) / 1000;
      const expected = offsetBetween(moved.scene, original.scene);
      const proposed: [number, number] = [estimate.offsetX, estimate.offsetY];
      results.push({
        file: path.basename(file),
        known,
        expected,
        proposed,
        errorPixels: Math.hypot(proposed[0] - expected[0], proposed[1] - expected[1]) / original.sourcePixel,
        sourcePixel: original.sourcePixel,
        outcome: estimate.outcome,
        confidence: estimate.confidence,
        seconds,
      });
    }
    return results;
  } finally {
    await files.close();
    await rm(workDir, { recursive: true, force: true });
  }
}
