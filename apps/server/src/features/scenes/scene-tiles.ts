import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { SCENE_MESSAGES } from '@mirante/shared';
import { notFound, type AppError } from '../../http/app-error';
import type { ArchiveReader } from '../../imagery/archive-reader';
import { createByteLru } from '../../imagery/byte-lru';
import { createBufferPool, type BufferPool } from '../../storage/buffer-pool';
import { convertTile, transparentTile, type TileFormat } from '../../imagery/encode-tile';
import { shiftedTile } from '../../imagery/offset-tile';
import { MAX_SERVED_ZOOM, overzoomedTile } from '../../imagery/overzoom-tile';
import { isValidTile, mercatorResolution } from '../../imagery/tile-math';
import type { Storage } from '../../storage/storage';
import type { AuthUser } from '../auth';
import type { ProjectsService } from '../projects';
import type { SceneRow, ScenesRepo } from './scenes.repo';
import type { TilePath } from './tile-url';
import { seesItem } from '../../policies';

export type { TileFormat };

export interface ServedTile {
  body: Buffer;
  etag: string;
  contentType: string;
  /** The request named the scene's current version, so the response may be cached for good. */
  immutable: boolean;
  /** Call once `body` is sent (or won't be): it is on pooled memory that the next tile reuses. */
  release?: () => void;
}

export interface ServedFile {
  stream: Readable;
  size: number | null;
  contentType: string;
  fileName: string;
  etag: string;
}

const SCENE_TTL_MS = 5_000;
const ACCESS_TTL_MS = 10_000;

/** What changes a scene's tiles: a new ingest or a new offset. Clients put it in the tile URL (`?v=`). */
export function tileVersion(row: Pick<SceneRow, 'tilesVersion' | 'offsetX' | 'offsetY'>): string {
  const offset = createHash('sha1').update(`${row.offsetX},${row.offsetY}`).digest('hex').slice(0, 8);
  return `${row.tilesVersion}.${offset}`;
}

interface CachedScene {
  row: SceneRow | undefined;
  version: string;
}

/** Ground metres → whole Web Mercator pixels at zoom z (Mercator stretches by 1/cos(latitude)). */
function offsetPixels(row: SceneRow, z: number): [number, number] {
  const bounds = row.bounds ?? [0, 0, 0, 0];
  const latitude = ((bounds[1]! + bounds[3]!) / 2) * (Math.PI / 180);
  const scale = 1 / (Math.cos(latitude) * mercatorResolution(z));
  return [Math.round(row.offsetX * scale), Math.round(-row.offsetY * scale)];
}

/**
 * Serving a scene's tiles and files with the project's permission rules. Lookups of scenes and access
 * decisions are cached for a few seconds (tiles come 20 at a time per map move), by `clock` (tests move it);
 * tiles in a byte LRU of `tileCacheMb` per process (0 turns it off).
 */
export function createSceneTiles(
  repo: ScenesRepo,
  storage: Storage,
  projects: ProjectsService,
  reader: ArchiveReader,
  { tileCacheMb, clock = Date.now }: { tileCacheMb: number; clock?: () => number },
) {
  // The tile version (a hash) is computed once per cached lookup, not per tile. Lookups are shared: when an
  // entry expires under a burst of tile requests, one query runs and the others wait for it.
  const scenes = new Map<string, { scene: Promise<CachedScene>; until: number }>();
  const access = new Map<string, { allowed: Promise<unknown>; until: number }>();
  const tiles = createByteLru(tileCacheMb * 1024 * 1024);
  const bodies = createBufferPool();

  function cachedScene(space: string, date: string, now: number): Promise<CachedScene> {
    const sceneKey = `${space}/${date}`;
    const cached = scenes.get(sceneKey);
    if (cached && cached.until >= now) return cached.scene;
    if (scenes.size > 10_000) scenes.clear();
    const scene = repo
      .findBySpaceAndDate(space, date)
      .then((row) => ({ row, version: row ? tileVersion(row) : '' }));
    const entry = { scene, until: now + SCENE_TTL_MS };
    scenes.set(sceneKey, entry);
    scene.catch(() => scenes.get(sceneKey) === entry && scenes.delete(sceneKey));
    return scene;
  }

  function projectAccess(
    user: AuthUser,
    projectId: number,
    now: number,
    refused: () => AppError,
  ): Promise<unknown> {
    const accessKey = `${user.sessionId}/${projectId}`;
    const cached = access.get(accessKey);
    if (cached && cached.until >= now) return cached.allowed;
    if (access.size > 10_000) access.clear();
    const allowed = projects.assertAccess(user, projectId, 'map', refused);
    const entry = { allowed, until: now + ACCESS_TTL_MS };
    access.set(accessKey, entry);
    // A refusal is not kept: the next request asks again (the user may just have been given the project).
    allowed.catch(() => access.get(accessKey) === entry && access.delete(accessKey));
    return allowed;
  }

  /** The scene as `user` may see it; `null` (a signed URL) sees published scenes only. */
  async function visibleScene(
    user: AuthUser | null,
    space: string,
    date: string,
    publishedOnly = user === null,
  ): Promise<{ row: SceneRow; version: string }> {
    const now = clock();
    const { row, version } = await cachedScene(space, date, now);
    const sceneNotFound = () => notFound(SCENE_MESSAGES.notFound, 'SCENE_NOT_FOUND');
    if (!row) throw sceneNotFound();
    if (publishedOnly && !row.published) throw sceneNotFound();
    if (user === null) return { row, version };
    await projectAccess(user, row.projectId, now, sceneNotFound);
    if (!seesItem(user, row)) throw sceneNotFound();
    return { row, version };
  }

  /**
   * Tile (z, x, y) shifted by (dx, dy) pixels in `format`, out of the archive holding `stored`; null where the
   * scene has no data. A tile read as stored goes onto a buffer of `pool` when given.
   */
  async function sceneTile(
    row: SceneRow,
    z: number,
    x: number,
    y: number,
    [dx, dy]: [number, number],
    { format, stored }: { format: TileFormat; stored: TileFormat },
    pool?: BufferPool,
  ): Promise<Buffer | null> {
    const nativeZoom = row.maxZoom ?? -1;
    if (row.status !== 'ready' || !row.archiveKey || z < (row.minZoom ?? 0) || z > MAX_SERVED_ZOOM)
      return null;
    const archiveKey = row.archiveKey;
    // Any stored or enlarged tile: the shift below decodes whatever it gets.
    const fetch = (tx: number, ty: number): Promise<Buffer | null> => {
      if (!isValidTile(z, tx, ty)) return Promise.resolve(null);
      if (z <= nativeZoom) return reader.tile(archiveKey, z, tx, ty);
      return overzoomedTile(nativeZoom, z, tx, ty, (px, py) => reader.tile(archiveKey, nativeZoom, px, py));
    };
    if (dx !== 0 || dy !== 0) return shiftedTile(x, y, dx, dy, fetch, format);
    if (z > nativeZoom) {
      return overzoomedTile(
        nativeZoom,
        z,
        x,
        y,
        (px, py) => reader.tile(archiveKey, nativeZoom, px, py),
        format,
      );
    }
    const bytes = await reader.tile(archiveKey, z, x, y, format === stored ? pool : undefined);
    return bytes && format !== stored ? convertTile(bytes, format) : bytes;
  }

  return {
    /**
     * A tile for `user` (`null`: anyone, published scenes only); `publishedOnly` for a signed URL's user, whose
     * tiles may sit in a shared cache.
     */
    async tile(
      user: AuthUser | null,
      request: TilePath & { version?: string },
      publishedOnly = user === null,
    ): Promise<ServedTile> {
      const { z, x, y, format } = request;
      if (!isValidTile(z, x, y)) throw notFound('Tile inexistente.', 'TILE_NOT_FOUND');
      const { row, version } = await visibleScene(user, request.space, request.date, publishedOnly);
      const offset = offsetPixels(row, z);
      const served = (body: Buffer, release?: () => void): ServedTile => ({
        body,
        etag: `"${row.id}-${version}-${z}-${x}-${y}-${format}"`,
        contentType: format === 'webp' ? 'image/webp' : 'image/png',
        immutable: row.status === 'ready' && request.version === version,
        release,
      });
      const stored = row.status === 'ready' && row.archiveKey ? await reader.format(row.archiveKey) : format;
      const formats = { format, stored };
      // A tile in the format the archive holds costs one range read, from the page cache on local disk:
      // keeping a copy would only add GC work. Other formats (WebP asked of an old PNG archive, PNG of a WebP
      // one), enlarged and shifted tiles are computed, so they are kept.
      const native = z <= (row.maxZoom ?? -1);
      if (format === stored && native && offset[0] === 0 && offset[1] === 0 && storage.pageCached) {
        const tile = await sceneTile(row, z, x, y, offset, formats, bodies);
        return tile ? served(tile, () => bodies.release(tile)) : served(await transparentTile(format));
      }
      const cacheKey = `${row.id}/${version}/${z}/${x}/${y}.${format}`;
      let body = tiles.get(cacheKey);
      if (!body) {
        body = (await sceneTile(row, z, x, y, offset, formats)) ?? (await transparentTile(format));
        tiles.set(cacheKey, body);
      }
      return served(body);
    },

    async file(
      user: AuthUser,
      request: { space: string; date: string; kind: 'preview' | 'original' | 'model' },
    ): Promise<ServedFile> {
      const { row } = await visibleScene(user, request.space, request.date);
      const key =
        request.kind === 'preview'
          ? row.previewKey
          : request.kind === 'model'
            ? row.modelKey
            : row.originalKey;
      if (!key) throw notFound('Arquivo não disponível para esta imagem.', 'SCENE_FILE_NOT_FOUND');
      const contentTypes: Record<string, string> = {
        png: 'image/png',
        jpg: 'image/jpeg',
        tif: 'image/tiff',
        glb: 'model/gltf-binary',
        gltf: 'model/gltf+json',
      };
      const extension = key.slice(key.lastIndexOf('.') + 1);
      const fileName =
        request.kind === 'original'
          ? row.originalName
          : request.kind === 'model'
            ? (row.modelName ?? `modelo-${row.date}.${extension}`)
            : `previa-${row.date}.${extension}`;
      return {
        stream: await storage.getStream(key),
        size: await storage.size(key),
        contentType: contentTypes[extension] ?? 'application/octet-stream',
        fileName,
        etag: `"${row.id}-${createHash('sha1').update(key).digest('hex').slice(0, 16)}"`,
      };
    },

    /**
     * `length` bytes from `offset` of a scene's original file (an HTTP range request: GDAL and QGIS read a
     * GeoTIFF over HTTP by ranges), with the file's size; the range is cut at the end of the file.
     */
    async originalRange(
      user: AuthUser,
      request: { space: string; date: string },
      offset: number,
      length: number,
    ): Promise<{ bytes: Buffer; size: number }> {
      const { row } = await visibleScene(user, request.space, request.date);
      const size = await storage.size(row.originalKey);
      if (size === null) throw notFound('Arquivo não disponível para esta imagem.', 'SCENE_FILE_NOT_FOUND');
      const bytes =
        offset >= size
          ? Buffer.alloc(0)
          : await storage.readRange(row.originalKey, offset, Math.min(length, size - offset));
      return { bytes, size };
    },

    /** Drops cached lookups and tiles of scenes that changed or were deleted. */
    forget(sceneIds: number[], archiveKeys: Array<string | null>): void {
      scenes.clear();
      const prefixes = sceneIds.map((id) => `${id}/`);
      tiles.deleteWhere((key) => prefixes.some((prefix) => key.startsWith(prefix)));
      for (const key of archiveKeys) if (key) reader.forget(key);
    },
  };
}

export type SceneTiles = ReturnType<typeof createSceneTiles>;
