import { createHash } from 'node:crypto';
import { createByteLru } from '../../imagery/byte-lru';

/** A project's serialised layer list as one audience sees it, with the list version it was read at. */
export interface CachedLayerList {
  version: number;
  body: Buffer;
  /** A hash of the body: the same list gives the same ETag in every server process. */
  etag: string;
}

/**
 * ADMINs also see unapproved AI statuses; everyone else sees the published list. `+price`: the price map's
 * list, lots priced per m² from their sale values.
 */
export type LayerListAudience = 'admin' | 'published' | 'admin+price' | 'published+price';

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The layer lists last built, per project and audience (a 5,000-lot list is ~3 MB; building it is most of
 * the request). The caller checks `version` against the database before using an entry.
 */
export function createLayerListCache(maxBytes = DEFAULT_MAX_BYTES) {
  const lists = createByteLru<CachedLayerList>(maxBytes, (entry) => entry.body.length);
  const key = (projectId: number, audience: LayerListAudience) => `${projectId}:${audience}`;
  return {
    get(projectId: number, audience: LayerListAudience): CachedLayerList | undefined {
      return lists.get(key(projectId, audience));
    },
    store(projectId: number, audience: LayerListAudience, version: number, json: string): CachedLayerList {
      const body = Buffer.from(json);
      const entry = { version, body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      lists.set(key(projectId, audience), entry);
      return entry;
    },
  };
}

export type LayerListCache = ReturnType<typeof createLayerListCache>;
