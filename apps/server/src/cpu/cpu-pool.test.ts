import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainTiff, syntheticGeoTiff } from '../../test/geotiff-fixtures';
import { DEFAULT_IMAGE_LIMITS } from '../imagery/limits';
import { ImageryError } from '../imagery/imagery-error';
import type { TilingProgress } from '../features/scenes/scene-tasks';
import { createCpuPool, CpuPoolClosedError, type CpuPool } from './cpu-pool';

let pool: CpuPool;
let dir: string;

beforeAll(async () => {
  pool = createCpuPool({ threads: 1 });
  dir = await mkdtemp(path.join(os.tmpdir(), 'mirante-cpu-pool-'));
});

afterAll(async () => {
  await pool.close();
  await rm(dir, { recursive: true, force: true });
});

async function tile(name: string, bytes: Buffer, onMessage?: (message: unknown) => void) {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  const workDir = await mkdtemp(path.join(dir, 'work-'));
  return pool.run(
    'tileSceneFiles',
    {
      files: [{ path: file, kind: 'geotiff', name }],
      bounds: null,
      limits: DEFAULT_IMAGE_LIMITS,
      projectZoom: 16,
      workDir,
    },
    { onMessage },
  );
}

describe('the CPU pool', () => {
  it('runs a TypeScript task in a thread and hands over every message it posted before its answer', async () => {
    const fractions: number[] = [];
    const tiled = await tile('scene.tif', syntheticGeoTiff().bytes, (message) =>
      fractions.push((message as TilingProgress).fraction),
    );
    expect(tiled.tiles).toBeGreaterThan(0);
    expect(fractions.length).toBeGreaterThan(0);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
  });

  it('gives back a refused file as the ImageryError it was, with its code and pt-BR message', async () => {
    const refused = tile('plain.tif', await plainTiff());
    await expect(refused).rejects.toBeInstanceOf(ImageryError);
    await expect(refused).rejects.toMatchObject({ code: 'NO_GEOREFERENCE', status: 422 });
  });

  it('ends a running task when closed (the process stops), with CpuPoolClosedError', async () => {
    const stopping = createCpuPool({ threads: 1 });
    const file = path.join(dir, 'large.tif');
    await writeFile(file, syntheticGeoTiff({ width: 1600, height: 1600 }).bytes);
    let closed: Promise<void> | null = null;
    const running = stopping.run(
      'tileSceneFiles',
      {
        files: [{ path: file, kind: 'geotiff', name: 'large.tif' }],
        bounds: null,
        limits: DEFAULT_IMAGE_LIMITS,
        projectZoom: 16,
        workDir: await mkdtemp(path.join(dir, 'work-')),
      },
      { onMessage: () => void (closed ??= stopping.close()) },
    );
    await expect(running).rejects.toBeInstanceOf(CpuPoolClosedError);
    await closed;
  });

  it('refuses new work once closed', async () => {
    const closed = createCpuPool({ threads: 1 });
    await closed.close();
    await expect(
      closed.run('readSceneForAi', {
        scene: { file: 'x', kind: 'geotiff', bounds: null },
        lots: [],
        learnDictionary: false,
        corrections: [],
      }),
    ).rejects.toThrow('O processamento em segundo plano foi encerrado.');
  });
});
