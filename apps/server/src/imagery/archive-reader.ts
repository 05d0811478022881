import { PMTiles, SharedPromiseCache, type RangeResponse, type Source } from 'pmtiles';
import type { Storage } from '../storage/storage';

/** The official PMTiles reader over range reads of our Storage (local file or S3 object). */
function storageSource(storage: Storage, key: string): Source {
  return {
    getKey: () => key,
    async getBytes(offset, length): Promise<RangeResponse> {
      const bytes = await storage.readRange(key, offset, length);
      const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer;
      return { data };
    },
  };
}

/**
 * Tiles out of PMTiles archives in storage. Headers and directories stay in the reader's shared LRU cache
 * and open archives in a small LRU of their own, so a warm tile costs one range read.
 */
export function createArchiveReader(storage: Storage, maxOpenArchives = 128) {
  const cache = new SharedPromiseCache(1024);
  const archives = new Map<string, PMTiles>();

  const archive = (key: string): PMTiles => {
    let pmtiles = archives.get(key);
    if (pmtiles) {
      archives.delete(key);
    } else {
      pmtiles = new PMTiles(storageSource(storage, key), cache);
    }
    archives.set(key, pmtiles);
    if (archives.size > maxOpenArchives) archives.delete(archives.keys().next().value!);
    return pmtiles;
  };

  return {
    async tile(key: string, z: number, x: number, y: number): Promise<Buffer | null> {
      const response = await archive(key).getZxy(z, x, y);
      return response ? Buffer.from(response.data) : null;
    },
    /** Archive keys are versioned, so a forgotten archive's cached directories are simply never asked for again. */
    forget(key: string): void {
      archives.delete(key);
    },
  };
}

export type ArchiveReader = ReturnType<typeof createArchiveReader>;
