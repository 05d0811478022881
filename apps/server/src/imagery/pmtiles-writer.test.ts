import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPmtilesWriter } from './pmtiles-writer';

let dir: string;

function bufferSource(bytes: Buffer): Source {
  return {
    getKey: () => 'memory',
    async getBytes(offset, length): Promise<RangeResponse> {
      const slice = bytes.subarray(offset, offset + length);
      return { data: slice.buffer.slice(slice.byteOffset, slice.byteOffset + slice.length) as ArrayBuffer };
    },
  };
}

async function writeArchive(tiles: Array<[number, number, number, Buffer]>, name: string) {
  const writer = await createPmtilesWriter(path.join(dir, `${name}.spool`));
  for (const [z, x, y, data] of tiles) await writer.addTile(z, x, y, data);
  const output = path.join(dir, `${name}.pmtiles`);
  await writer.finish(output, {
    bounds: { west: -46.7, south: -23.6, east: -46.6, north: -23.5 },
    minZoom: Math.min(...tiles.map((tile) => tile[0])),
    maxZoom: Math.max(...tiles.map((tile) => tile[0])),
    tileType: 2,
    metadata: { name: 'teste' },
  });
  return new PMTiles(bufferSource(await readFile(output)));
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pmtiles-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('PMTiles v3 writer, read back with the official reader', () => {
  it('round-trips tiles given in any order, with header fields and metadata', async () => {
    const tiles: Array<[number, number, number, Buffer]> = [
      [16, 24_000, 37_000, Buffer.from('tile a')],
      [0, 0, 0, Buffer.from('world')],
      [16, 24_001, 37_000, Buffer.from('tile b, a bit longer')],
      [15, 12_000, 18_500, Buffer.from('parent')],
    ];
    const archive = await writeArchive(tiles, 'small');
    for (const [z, x, y, data] of tiles) {
      const response = await archive.getZxy(z, x, y);
      expect(Buffer.from(response!.data).toString()).toBe(data.toString());
    }
    expect(await archive.getZxy(16, 24_002, 37_000)).toBeUndefined();
    const header = await archive.getHeader();
    expect(header).toMatchObject({ specVersion: 3, minZoom: 0, maxZoom: 16, tileType: 2, clustered: true });
    expect(header.minLon).toBeCloseTo(-46.7, 6);
    expect(header.maxLat).toBeCloseTo(-23.5, 6);
    expect(header.numAddressedTiles).toBe(4);
    expect(await archive.getMetadata()).toEqual({ name: 'teste' });
  });

  it('deduplicates identical tiles and run-length encodes consecutive repeats', async () => {
    const same = Buffer.from('same content');
    const tiles: Array<[number, number, number, Buffer]> = [];
    for (let x = 0; x < 4; x++) for (let y = 0; y < 4; y++) tiles.push([2, x, y, same]);
    tiles.push([1, 0, 0, Buffer.from('other')]);
    const archive = await writeArchive(tiles, 'dedupe');
    const header = await archive.getHeader();
    expect(header.numAddressedTiles).toBe(17);
    expect(header.numTileContents).toBe(2);
    expect(header.numTileEntries).toBeLessThan(17);
    for (const [z, x, y] of tiles.slice(0, 16)) {
      expect(Buffer.from((await archive.getZxy(z, x, y))!.data).equals(same)).toBe(true);
    }
  });

  it('spills into leaf directories when the root would pass 16 KiB', async () => {
    const tiles: Array<[number, number, number, Buffer]> = [];
    for (let x = 0; x < 200; x++) {
      for (let y = 0; y < 200; y++)
        tiles.push([12, 1000 + x, 2000 + y, Buffer.from(`${x}:${y}:${'#'.repeat((x * y) % 37)}`)]);
    }
    const archive = await writeArchive(tiles, 'leaves');
    const header = await archive.getHeader();
    expect(header.leafDirectoryLength).toBeGreaterThan(0);
    expect(header.rootDirectoryLength).toBeLessThanOrEqual(16_384 - 127);
    for (const [x, y] of [
      [0, 0],
      [199, 199],
      [57, 133],
    ] as const) {
      const response = await archive.getZxy(12, 1000 + x, 2000 + y);
      expect(Buffer.from(response!.data).toString()).toBe(`${x}:${y}:${'#'.repeat((x * y) % 37)}`);
    }
  }, 120_000); // 40,000 tiles: over 30 s at load ~22 (bench/RESULTS.md, "npm test duration")
});
