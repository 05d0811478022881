import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { VECTOR_TILE_MAX_ZOOM } from '@mirante/shared';
import { vectorTileTasks, type CutZoom } from './vector-tile-tasks';
import type { TileSourceRow } from './vector-tiles';

const lot = (id: number, west: number): TileSourceRow => ({
  id,
  type: 'LOT',
  geoJsonText: JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [west, -23.42],
        [west + 0.0001, -23.42],
        [west + 0.0001, -23.4199],
        [west, -23.4199],
        [west, -23.42],
      ],
    ],
  }),
  latestStatus: 'C',
  latestDate: '2026-01-10',
  latestPrecision: null,
});

/** The tile at zoom z holding (lng, lat). */
const tileAt = (z: number, lng: number, lat: number) => {
  const rad = (lat * Math.PI) / 180;
  return {
    z,
    x: Math.floor(((lng + 180) / 360) * 2 ** z),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z),
  };
};

/** Runs the task on this thread, with `asked` already waiting on its port; what it posted, in order. */
async function cut(rows: TileSourceRow[], asked: object[] = []) {
  const { port1, port2 } = new MessageChannel();
  for (const tile of asked) port1.postMessage(tile);
  const posted: CutZoom[] = [];
  port2.postMessage = (message: CutZoom) => posted.push(message);
  const summary = await vectorTileTasks.cutVectorTiles({ rows }, port2);
  port1.close();
  return { posted, summary };
}

describe('cutVectorTiles', () => {
  it('posts every zoom once, z0 to the deepest, with the tiles that hold the lots', async () => {
    const { posted, summary } = await cut([lot(1, -51.95), lot(2, -51.9497)]);
    expect(posted.map((zoom) => zoom.z)).toEqual(
      Array.from({ length: VECTOR_TILE_MAX_ZOOM + 1 }, (_, z) => z),
    );
    const z16 = posted[16]!;
    const here = tileAt(16, -51.94995, -23.41995);
    expect(z16.tiles.map(({ x, y }) => ({ x, y }))).toContainEqual({ x: here.x, y: here.y });
    expect(summary.tiles).toBe(posted.reduce((sum, zoom) => sum + zoom.tiles.length, 0));
  });

  it('cuts a tile asked for on its port before the walk reaches any zoom', async () => {
    const street = tileAt(17, -51.94995, -23.41995);
    const { posted } = await cut([lot(1, -51.95)], [street]);
    expect(posted[0]).toMatchObject({ z: 17, asked: { x: street.x, y: street.y } });
    expect(posted[0]!.tiles).toHaveLength(1);
    expect(posted[0]!.tiles[0]!.etag).toBe(posted[18]!.tiles.find((t) => t.x === street.x)?.etag);
  });

  it('cuts nothing when told to stop before it starts (a newer version replaced it)', async () => {
    const { posted, summary } = await cut([lot(1, -51.95)], [{ stop: true }]);
    expect(posted).toEqual([]);
    expect(summary.tiles).toBe(0);
  });
});
