import { createHash } from 'node:crypto';
import { createByteLru } from '../../imagery/byte-lru';
import { precompressed, type Precompressed } from '../../serialised/precompressed';

/** A project's serialised layer list as one audience sees it, with the list version it was read at. */
export interface CachedLayerList {
  version: number;
  body: Buffer;
  /** A hash of the body: the same list gives the same ETag in every server process. */
  etag: string;
  /** Its br and gzip forms, each made once on first demand (a warm call compresses nothing). */
  compressed: Precompressed;
}

/**
 * ADMINs also see unapproved AI statuses; everyone else sees the published list. `+price`: the price map's
 * list, lots priced per m² from their sale values.
 */
export type LayerListAudience = 'admin' | 'published' | 'admin+price' | 'published+price';

/**
 * A list over a quarter of this is not kept: 160 MB keeps a 50,000-lot list (~23 MB with its compressed
 * forms), which otherwise was built and compressed again on every call (seconds each).
 */
const DEFAULT_MAX_BYTES = 160 * 1024 * 1024;

/**
 * The layer lists last built, per project and audience (a 5,000-lot list is ~3 MB; building it is most of
 * the request). The caller checks `version` against the database before using an entry.
 */
export function createLayerListCache(maxBytes = DEFAULT_MAX_BYTES) {
  // The body and, once asked for, its compressed forms (a tenth of it or less).
  const lists = createByteLru<CachedLayerList>(
    maxBytes,
    (entry) => entry.body.length + (entry.body.length >> 3),
  );
  const key = (projectId: number, audience: LayerListAudience) => `${projectId}:${audience}`;
  return {
    get(projectId: number, audience: LayerListAudience): CachedLayerList | undefined {
      return lists.get(key(projectId, audience));
    },
    store(projectId: number, audience: LayerListAudience, version: number, json: string): CachedLayerList {
      const body = Buffer.from(json);
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      const entry = { version, body, etag, compressed: precompressed(body) };
      lists.set(key(projectId, audience), entry);
      return entry;
    },
  };
}

export type LayerListCache = ReturnType<typeof createLayerListCache>;
