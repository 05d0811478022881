import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../storage/local-storage';
import { createArchiveReader } from './archive-reader';
import { createPmtilesWriter } from './pmtiles-writer';

let dir: string;

async function writeArchive(
  tiles: Array<[number, number, number, Buffer]>,
  name: string,
  tileType = 2,
): Promise<string> {
  const writer = await createPmtilesWriter(path.join(dir, `${name}.spool`));
  for (const [z, x, y, data] of tiles) await writer.addTile(z, x, y, data);
  await writer.finish(path.join(dir, `${name}.pmtiles`), {
    bounds: { west: -46.7, south: -23.6, east: -46.6, north: -23.5 },
    minZoom: Math.min(...tiles.map((tile) => tile[0])),
    maxZoom: Math.max(...tiles.map((tile) => tile[0])),
    tileType,
    metadata: { name: 'teste' },
  });
  return `${name}.pmtiles`;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'archive-reader-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('archive reader', () => {
  it('reads tiles through leaf directories, repeated runs and misses', async () => {
    const same = Buffer.from('same content');
    const tiles: Array<[number, number, number, Buffer]> = [];
    for (let x = 0; x < 160; x++) {
      for (let y = 0; y < 160; y++) {
        const data = x < 4 ? same : Buffer.from(`${x}:${y}:${'#'.repeat((x * y) % 37)}`);
        tiles.push([12, 1000 + x, 2000 + y, data]);
      }
    }
    tiles.push([11, 500, 1000, Buffer.from('parent')]);
    const key = await writeArchive(tiles, 'leaves');
    const reader = createArchiveReader(createLocalStorage(dir), 4, 2);
    for (const [z, x, y, data] of tiles.filter((_, index) => index % 7 === 0 || index === tiles.length - 1)) {
      expect((await reader.tile(key, z, x, y))?.toString(), `${z}/${x}/${y}`).toBe(data.toString());
    }
    expect(await reader.tile(key, 12, 999, 2000)).toBeNull();
    expect(await reader.tile(key, 13, 2000, 4000)).toBeNull();
    expect(await reader.tile(key, 10, 250, 500)).toBeNull();
  }, 120_000); // 25,600 tiles, like pmtiles-writer.test.ts's leaf case, which passed 30 s at load ~22

  it('fails for a file that is not an archive, then recovers once it is one', async () => {
    const storage = createLocalStorage(dir);
    const reader = createArchiveReader(storage);
    await storage.put('later.pmtiles', Buffer.from('not an archive'));
    await expect(reader.tile('later.pmtiles', 0, 0, 0)).rejects.toThrow(/PMTiles/);
    const key = await writeArchive([[0, 0, 0, Buffer.from('world')]], 'later');
    expect((await reader.tile(key, 0, 0, 0))?.toString()).toBe('world');
  });

  it('tells the format of an archive: PNG (archives written before WebP was stored), WebP, nothing else', async () => {
    const reader = createArchiveReader(createLocalStorage(dir));
    const png = await writeArchive([[0, 0, 0, Buffer.from('png')]], 'format-png', 2);
    const webp = await writeArchive([[0, 0, 0, Buffer.from('webp')]], 'format-webp', 4);
    const jpeg = await writeArchive([[0, 0, 0, Buffer.from('jpeg')]], 'format-jpeg', 3);
    expect(await reader.format(png)).toBe('png');
    expect(await reader.format(webp)).toBe('webp');
    await expect(reader.format(jpeg)).rejects.toThrow(/não suportado \(3\)/);
  });
});
