import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { GeoJSONVT } from '@maplibre/geojson-vt';
import { createByteLru } from '../../imagery/byte-lru';
import { encodeVectorTile, vectorTileIndex, type TileLotStatus } from './vector-tiles';
import type { LayerTextRow } from './layers.repo';

const gzip = promisify(zlib.gzip);

/** ADMINs' tiles carry unapproved AI statuses; everyone else's the published ones. */
export type TileAudience = 'admin' | 'published';

/** One encoded tile: its bytes, their gzip (sent to clients that take it) and a hash of the bytes. */
export interface CachedTile {
  bytes: Buffer;
  gzipped: Buffer;
  etag: string;
}

/** Where the tiles' data comes from: the project's list version, its layers at a version, lot statuses on a date. */
export interface VectorTileSource {
  listVersion(projectId: number): Promise<number>;
  /** The layers with the version they were read at (one snapshot). */
  layers(projectId: number, audience: TileAudience): Promise<{ version: number; rows: LayerTextRow[] }>;
  statusesAt(
    projectId: number,
    audience: TileAudience,
    date: string,
  ): Promise<ReadonlyMap<number, TileLotStatus>>;
}

interface IndexEntry {
  version: number;
  index: Promise<GeoJSONVT>;
}

const MAX_INDEXES = 4;
const MAX_DATED = 16;
const DEFAULT_TILE_BYTES = 64 * 1024 * 1024;

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

/**
 * The vector tiles of each project, kept per project version (the count of its list changes, as for the layer
 * list): a tile index per project and audience, built once per version (concurrent requests share the build),
 * the lots' statuses per date, and the encoded tiles (bytes and gzip) in a byte-bounded LRU. A change to the
 * project (any writer: triggers count it) gives a new version, so nothing stale is served; old entries age out.
 */
export function createVectorTileCache(source: VectorTileSource, maxTileBytes = DEFAULT_TILE_BYTES) {
  const indexes = boundedMap<IndexEntry>(MAX_INDEXES);
  const dated = boundedMap<Promise<ReadonlyMap<number, TileLotStatus>>>(MAX_DATED);
  const tiles = createByteLru<CachedTile>(
    maxTileBytes,
    (tile) => tile.bytes.length + tile.gzipped.length + 64,
  );

  function indexOf(projectId: number, audience: TileAudience, version: number): Promise<GeoJSONVT> {
    const key = `${projectId}:${audience}`;
    const kept = indexes.get(key);
    if (kept && kept.version === version) return kept.index;
    const index = source.layers(projectId, audience).then(({ rows }) => vectorTileIndex(rows));
    indexes.set(key, { version, index });
    // A failed build is not kept: the next request builds again.
    index.catch(() => {
      if (indexes.get(key)?.index === index) indexes.delete(key);
    });
    return index;
  }

  function statusesOn(projectId: number, audience: TileAudience, version: number, date: string) {
    const key = `${projectId}:${audience}:${version}:${date}`;
    let statuses = dated.get(key);
    if (!statuses) {
      statuses = source.statusesAt(projectId, audience, date);
      dated.set(key, statuses);
      statuses.catch(() => dated.delete(key));
    }
    return statuses;
  }

  return {
    /** The tile z/x/y of the project as `audience` sees it, lots coloured as of `date` (latest: undefined). */
    async tile(
      projectId: number,
      audience: TileAudience,
      tile: { z: number; x: number; y: number },
      date?: string,
    ): Promise<CachedTile> {
      const version = await source.listVersion(projectId);
      const key = `${projectId}:${audience}:${version}:${date ?? ''}:${tile.z}/${tile.x}/${tile.y}`;
      const kept = tiles.get(key);
      if (kept) return kept;
      const index = await indexOf(projectId, audience, version);
      const statuses = date === undefined ? undefined : await statusesOn(projectId, audience, version, date);
      const bytes = encodeVectorTile(index, tile.z, tile.x, tile.y, statuses);
      const made: CachedTile = {
        bytes,
        gzipped: await gzip(bytes, { level: 6 }),
        etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`,
      };
      tiles.set(key, made);
      return made;
    },
  };
}

export type VectorTileCache = ReturnType<typeof createVectorTileCache>;
