import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { once } from 'node:events';
import { gzipSync } from 'node:zlib';
import { zxyToTileId } from 'pmtiles';
import { buildDirectories, PMTILES_HEADER_LENGTH, type DirectoryEntry } from './pmtiles-directory';
import { encodeHeader } from './pmtiles-header';
import type { LonLatBounds } from './tile-math';

export interface ArchiveSummary {
  bounds: LonLatBounds;
  minZoom: number;
  maxZoom: number;
  /** 2 PNG, 4 WebP */
  tileType: number;
  metadata: Record<string, unknown>;
}

export interface PmtilesWriter {
  addTile(z: number, x: number, y: number, data: Buffer): Promise<void>;
  readonly tileCount: number;
  /** Writes the archive to `outputPath` (clustered: tile data in tile-id order) and removes the spool file. */
  finish(outputPath: string, summary: ArchiveSummary): Promise<{ bytes: number; tiles: number }>;
  abort(): Promise<void>;
}

interface SpooledTile {
  tileId: number;
  spoolOffset: number;
  length: number;
  hash: string;
}

/**
 * A PMTiles v3 writer (no JS writer exists). Tiles arrive in any order and are spooled to a scratch file as
 * they come, so memory holds only their index; `finish` sorts by tile id, deduplicates identical contents,
 * run-length encodes consecutive repeats and writes header, root directory, metadata, leaves and data.
 */
export async function createPmtilesWriter(spoolPath: string): Promise<PmtilesWriter> {
  const spool: FileHandle = await open(spoolPath, 'w+');
  const tiles: SpooledTile[] = [];
  let spoolSize = 0;

  return {
    get tileCount() {
      return tiles.length;
    },
    async addTile(z, x, y, data) {
      // Reserve the spool range before awaiting, so concurrent calls never overlap.
      const spoolOffset = spoolSize;
      spoolSize += data.length;
      const hash = createHash('sha1').update(data).digest('base64');
      tiles.push({ tileId: zxyToTileId(z, x, y), spoolOffset, length: data.length, hash });
      await spool.write(data, 0, data.length, spoolOffset);
    },
    async finish(outputPath, summary) {
      try {
        tiles.sort((a, b) => a.tileId - b.tileId);
        const entries: DirectoryEntry[] = [];
        const contentOffsets = new Map<string, number>();
        const order: SpooledTile[] = [];
        let dataLength = 0;
        for (const tile of tiles) {
          const last = entries[entries.length - 1];
          const known = contentOffsets.get(tile.hash);
          if (last && known === last.offset && last.tileId + last.runLength === tile.tileId) {
            last.runLength += 1;
            continue;
          }
          if (known !== undefined) {
            entries.push({ tileId: tile.tileId, offset: known, length: tile.length, runLength: 1 });
            continue;
          }
          contentOffsets.set(tile.hash, dataLength);
          entries.push({ tileId: tile.tileId, offset: dataLength, length: tile.length, runLength: 1 });
          order.push(tile);
          dataLength += tile.length;
        }

        const { root, leaves } = buildDirectories(entries);
        const metadata = gzipSync(Buffer.from(JSON.stringify(summary.metadata)));
        const rootOffset = PMTILES_HEADER_LENGTH;
        const metadataOffset = rootOffset + root.length;
        const leavesOffset = metadataOffset + metadata.length;
        const dataOffset = leavesOffset + leaves.length;
        const { bounds } = summary;
        const header = encodeHeader({
          rootDirectoryOffset: rootOffset,
          rootDirectoryLength: root.length,
          jsonMetadataOffset: metadataOffset,
          jsonMetadataLength: metadata.length,
          leafDirectoryOffset: leavesOffset,
          leafDirectoryLength: leaves.length,
          tileDataOffset: dataOffset,
          tileDataLength: dataLength,
          numAddressedTiles: tiles.length,
          numTileEntries: entries.length,
          numTileContents: order.length,
          clustered: true,
          internalCompression: 2,
          tileCompression: 1,
          tileType: summary.tileType,
          minZoom: summary.minZoom,
          maxZoom: summary.maxZoom,
          minLon: bounds.west,
          minLat: bounds.south,
          maxLon: bounds.east,
          maxLat: bounds.north,
          centerZoom: Math.round((summary.minZoom + summary.maxZoom) / 2),
          centerLon: (bounds.west + bounds.east) / 2,
          centerLat: (bounds.south + bounds.north) / 2,
        });

        const out = createWriteStream(outputPath);
        const write = async (chunk: Buffer) => {
          if (!out.write(chunk)) await once(out, 'drain');
        };
        await write(Buffer.concat([header, root, metadata, leaves]));
        for (const tile of order) {
          const buffer = Buffer.allocUnsafe(tile.length);
          await spool.read(buffer, 0, tile.length, tile.spoolOffset);
          await write(buffer);
        }
        out.end();
        await once(out, 'finish');
        return { bytes: dataOffset + dataLength, tiles: tiles.length };
      } finally {
        await spool.close();
        await rm(spoolPath, { force: true });
      }
    },
    async abort() {
      await spool.close().catch(() => undefined);
      await rm(spoolPath, { force: true });
    },
  };
}
