import { createHash } from 'node:crypto';
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { VECTOR_TILE_MAX_ZOOM } from '@mirante/shared';
import { encodeVectorTile, vectorTileIndex, type TileLotStatus, type TileSourceRow } from './vector-tiles';

export interface CutVectorTilesInput {
  rows: TileSourceRow[];
  /** The lots' statuses on a date (lot id, status): lots take theirs from here, unclassified without one. */
  statuses?: [number, TileLotStatus][];
}

/** One encoded tile as it crosses back from the thread. */
export interface CutTile {
  x: number;
  y: number;
  bytes: Uint8Array;
  gzipped: Uint8Array;
  etag: string;
}

/**
 * Every tile of one zoom that holds something, posted as soon as that zoom is cut; or (`asked`) one tile the
 * server asked for ahead of its zoom (`tiles` then holds it, or nothing where the tile is empty).
 */
export interface CutZoom {
  z: number;
  tiles: CutTile[];
  asked?: { x: number; y: number };
}

/** The server no longer needs this cut (a newer version of the project replaced it). */
export interface StopCut {
  stop: true;
}

/** A tile the server needs before its zoom's turn (a view at street level right after a change). */
export interface AskedTile {
  z: number;
  x: number;
  y: number;
}

/** Only what the tiles need crosses to the thread (not the rest of the list's row). */
export const toTileSourceRow = (row: TileSourceRow): TileSourceRow => ({
  id: row.id,
  type: row.type,
  geoJsonText: row.geoJsonText,
  latestStatus: row.latestStatus,
  latestDate: row.latestDate,
  latestPrecision: row.latestPrecision,
});

/**
 * The vector tiles of a project version on a pool thread, never on the event loop: the index (geojson-vt) is
 * built once, then every tile that holds a feature is cut, encoded and gzipped zoom by zoom, from z0 down to
 * the deepest zoom; each zoom is posted as it is done, so a view at a shallow zoom is answered before the
 * deeper zooms are cut. Only the children of tiles the index holds are visited. Tiles the server asks for on
 * the port (`AskedTile`) are cut first, between two tiles of the walk; `StopCut` ends the task there.
 */
export const vectorTileTasks = {
  async cutVectorTiles(
    input: CutVectorTilesInput,
    port: MessagePort,
  ): Promise<{ tiles: number; bytes: number }> {
    let stopped = false;
    let done = -1;
    let cutTile: ((z: number, x: number, y: number) => CutTile | null) | null = null;
    const pending: AskedTile[] = [];
    /** Reads the port: false once the server stopped the cut; asked tiles are cut once the index exists. */
    const answerAsked = (): boolean => {
      for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) {
        const asked = message.message as AskedTile | StopCut;
        if ('stop' in asked) stopped = true;
        else pending.push(asked);
      }
      if (stopped) return false;
      const cut = cutTile;
      if (!cut) return true;
      for (let asked = pending.shift(); asked; asked = pending.shift()) {
        if (asked.z <= done) continue;
        const tile = cut(asked.z, asked.x, asked.y);
        const { x, y } = asked;
        port.postMessage({ z: asked.z, tiles: tile ? [tile] : [], asked: { x, y } } satisfies CutZoom);
      }
      return true;
    };
    // Stopped while queued: the index is not built at all.
    if (!answerAsked()) return { tiles: 0, bytes: 0 };
    const index = vectorTileIndex(input.rows);
    const statuses = input.statuses ? new Map(input.statuses) : undefined;
    cutTile = (z, x, y) => {
      const encoded = encodeVectorTile(index, z, x, y, statuses);
      if (encoded.length === 0) return null;
      const gzipped = gzipSync(encoded, { level: 6 });
      const etag = `"${createHash('sha1').update(encoded).digest('base64url')}"`;
      // Exact copies: a view would carry its whole backing buffer across to the server.
      return { x, y, bytes: new Uint8Array(encoded), gzipped: new Uint8Array(gzipped), etag };
    };
    let candidates: [number, number][] = [[0, 0]];
    let count = 0;
    let bytes = 0;
    for (let z = 0; z <= VECTOR_TILE_MAX_ZOOM; z++) {
      const tiles: CutTile[] = [];
      const next: [number, number][] = [];
      for (const [x, y] of candidates) {
        if (!answerAsked()) return { tiles: count, bytes };
        // A shallow tile may hold no feature (lots below its tolerance) while its children do.
        if (!index.getTile(z, x, y)) continue;
        next.push([2 * x, 2 * y], [2 * x + 1, 2 * y], [2 * x, 2 * y + 1], [2 * x + 1, 2 * y + 1]);
        const tile = cutTile(z, x, y);
        if (!tile) continue;
        tiles.push(tile);
        bytes += tile.bytes.length + tile.gzipped.length;
      }
      count += tiles.length;
      port.postMessage({ z, tiles } satisfies CutZoom);
      done = z;
      candidates = next;
    }
    return { tiles: count, bytes };
  },
};
