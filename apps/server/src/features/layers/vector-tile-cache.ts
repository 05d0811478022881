import { createHash } from 'node:crypto';
import { VECTOR_TILE_MAX_ZOOM } from '@mirante/shared';
import type { CpuPool } from '../../cpu/cpu-pool';
import type { TileLotStatus, TileSourceRow } from './vector-tiles';
import { toTileSourceRow, type AskedTile, type CutZoom, type StopCut } from './vector-tile-tasks';

/** ADMINs' tiles carry unapproved AI statuses; everyone else's the published ones. */
export type TileAudience = 'admin' | 'published';

/** One encoded tile: its bytes, their gzip (sent to clients that take it) and a hash of the bytes. */
export interface CachedTile {
  bytes: Buffer;
  gzipped: Buffer;
  etag: string;
}

/** Where the tiles' data comes from: the project's list version, its layers, lot statuses on a date. */
export interface VectorTileSource {
  listVersion(projectId: number): Promise<number>;
  layers(projectId: number, audience: TileAudience): Promise<{ version: number; rows: TileSourceRow[] }>;
  statusesAt(
    projectId: number,
    audience: TileAudience,
    date: string,
  ): Promise<ReadonlyMap<number, TileLotStatus>>;
}

/**
 * Cuts every tile of the given rows off the event loop, handing over each zoom as it is done; `ask` (given
 * once the cut is queued) asks for one tile ahead of its zoom.
 */
export type TileCutter = (
  input: { rows: TileSourceRow[]; statuses?: [number, TileLotStatus][] },
  onZoom: (zoom: CutZoom) => void,
  onAsk: (ask: (message: AskedTile | StopCut) => void) => void,
) => Promise<unknown>;

/** The pool's cutter (vector-tile-tasks.ts). */
export const poolTileCutter =
  (cpu: CpuPool): TileCutter =>
  (input, onZoom, onAsk) =>
    cpu.run('cutVectorTiles', input, {
      onMessage: (message) => onZoom(message as CutZoom),
      onSend: (send) => onAsk(send),
    });

/** The tiles of one project version (and date): a promise per zoom, settled when the thread has cut it. */
interface TileSet {
  version: number;
  zooms: Promise<ReadonlyMap<string, CachedTile>>[];
  ready: boolean[];
  /** A tile asked for ahead of its zoom: settled when the thread sends it, or its zoom. */
  early(tile: AskedTile): Promise<CachedTile>;
  /** A newer version replaced this one: the thread stops cutting, waiting requests ask the newer one. */
  stopped: boolean;
  stop(): void;
}

/** A request that raced a change asks again at most this often (each time for the newer version). */
const MAX_ATTEMPTS = 3;

/** Sets kept (a 50,000-lot set is tens of MB: see bench/RESULTS.md), least recently used out first. */
const MAX_SETS = 6;

const EMPTY: CachedTile = {
  bytes: Buffer.alloc(0),
  gzipped: Buffer.alloc(0),
  etag: `"${createHash('sha1').update(Buffer.alloc(0)).digest('base64url')}"`,
};

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const cachedTile = (tile: CutZoom['tiles'][number]): CachedTile => ({
  bytes: asBuffer(tile.bytes),
  gzipped: asBuffer(tile.gzipped),
  etag: tile.etag,
});

/** A map bounded by its count, least recently used out first. */
function boundedMap<V>(max: number) {
  const entries = new Map<string, V>();
  return {
    get(key: string): V | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: string, value: V): void {
      entries.delete(key);
      entries.set(key, value);
      for (const oldest of entries.keys()) {
        if (entries.size <= max) break;
        entries.delete(oldest);
      }
    },
    delete(key: string): void {
      entries.delete(key);
    },
  };
}

/** A promise with its settlers. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  // Zooms nobody asked for must not surface as unhandled rejections.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/**
 * The vector tiles of each project, kept per project version (the count of its list changes, as for the layer
 * list) and audience, and per date for the dated maps. A version's tiles are all cut at once on the CPU pool
 * (one task, concurrent requests share it), zoom by zoom: the event loop never builds an index or encodes a
 * tile, so other requests are answered while a large project is cut, and a warm tile is a version check and a
 * map lookup. A change to the project (any writer: triggers count it) gives a new version, so nothing stale is
 * served; old sets age out. `warm` starts the cut before the first tile is asked for (the map lists the
 * layers first).
 */
export function createVectorTileCache(source: VectorTileSource, cut: TileCutter) {
  const sets = boundedMap<TileSet>(MAX_SETS);

  function build(key: string, version: number, input: Promise<Parameters<TileCutter>[0]>): TileSet {
    const zooms = Array.from({ length: VECTOR_TILE_MAX_ZOOM + 1 }, () =>
      deferred<ReadonlyMap<string, CachedTile>>(),
    );
    const asked = new Map<string, ReturnType<typeof deferred<CachedTile>>>();
    const queued: (AskedTile | StopCut)[] = [];
    let send: ((message: AskedTile | StopCut) => void) | null = null;
    const set: TileSet = {
      version,
      zooms: zooms.map((zoom) => zoom.promise),
      ready: zooms.map(() => false),
      early(tile) {
        const id = `${tile.z}/${tile.x}/${tile.y}`;
        let answer = asked.get(id);
        if (!answer) {
          answer = deferred<CachedTile>();
          asked.set(id, answer);
          if (send) send(tile);
          else queued.push(tile);
        }
        return answer.promise;
      },
      stopped: false,
      stop() {
        set.stopped = true;
        const stop: StopCut = { stop: true };
        if (send) send(stop);
        else queued.push(stop);
        zooms.forEach((zoom) => zoom.resolve(new Map()));
        asked.forEach((answer) => answer.resolve(EMPTY));
      },
    };
    sets.set(key, set);
    const onZoom = ({ z, tiles, asked: one }: CutZoom) => {
      if (one) {
        const tile = tiles[0];
        asked.get(`${z}/${one.x}/${one.y}`)?.resolve(tile ? cachedTile(tile) : EMPTY);
        return;
      }
      const made = new Map(tiles.map((tile) => [`${tile.x}/${tile.y}`, cachedTile(tile)]));
      set.ready[z] = true;
      zooms[z]?.resolve(made);
      // Asked tiles of this zoom the thread had not reached: the zoom answers them.
      for (const [id, answer] of asked) {
        const [tz, tx, ty] = id.split('/');
        if (Number(tz) === z) answer.resolve(made.get(`${tx}/${ty}`) ?? EMPTY);
      }
    };
    const onAsk = (post: (message: AskedTile | StopCut) => void) => {
      send = post;
      queued.splice(0).forEach(post);
    };
    input
      .then((data) => cut(data, onZoom, onAsk))
      .then(() => zooms.forEach((zoom) => zoom.resolve(new Map())))
      .catch((error: unknown) => {
        // A failed cut is not kept: the next request cuts again.
        if (sets.get(key) === set) sets.delete(key);
        zooms.forEach((zoom) => zoom.reject(error));
        asked.forEach((answer) => answer.reject(error));
      });
    return set;
  }

  function setOf(
    projectId: number,
    audience: TileAudience,
    version: number,
    date: string | undefined,
    rows?: readonly TileSourceRow[],
  ): TileSet {
    const key = `${projectId}:${audience}:${date ?? ''}`;
    const kept = sets.get(key);
    // A request that read the version before a change is answered from the newer tiles.
    if (kept && kept.version >= version) return kept;
    kept?.stop();
    const layers = rows
      ? Promise.resolve(rows.map(toTileSourceRow))
      : source.layers(projectId, audience).then((snapshot) => snapshot.rows.map(toTileSourceRow));
    const statuses =
      date === undefined
        ? Promise.resolve(undefined)
        : source.statusesAt(projectId, audience, date).then((map) => [...map]);
    return build(
      key,
      version,
      Promise.all([layers, statuses]).then(([layerRows, dated]) => ({
        rows: layerRows,
        ...(dated ? { statuses: dated } : {}),
      })),
    );
  }

  return {
    /** The tile z/x/y of the project as `audience` sees it, lots coloured as of `date` (latest: undefined). */
    async tile(
      projectId: number,
      audience: TileAudience,
      tile: { z: number; x: number; y: number },
      date?: string,
    ): Promise<CachedTile> {
      for (let attempt = 1; ; attempt++) {
        const version = await source.listVersion(projectId);
        const set = setOf(projectId, audience, version, date);
        // Right after a change, a deep view needn't wait for the whole pyramid: the thread cuts it first.
        const answer = set.ready[tile.z]
          ? (await set.zooms[tile.z])?.get(`${tile.x}/${tile.y}`)
          : await set.early(tile);
        if (!set.stopped || attempt === MAX_ATTEMPTS) return answer ?? EMPTY;
      }
    },

    /** Starts cutting the latest tiles of a project version unless they are kept (`rows`: already read). */
    warm(projectId: number, audience: TileAudience, version: number, rows?: readonly TileSourceRow[]): void {
      setOf(projectId, audience, version, undefined, rows);
    },
  };
}

export type VectorTileCache = ReturnType<typeof createVectorTileCache>;
