import { gunzipSync } from 'node:zlib';
import { bytesToHeader, findTile, readVarint, zxyToTileId, type Entry, type Header } from 'pmtiles';
import type { BufferPool } from '../storage/buffer-pool';
import { tileFormatOfType, type TileFormat } from './encode-tile';
import type { Storage } from '../storage/storage';

const HEADER_READ = 16_384;
const PMTILES_MAGIC = 0x4d50;
const COMPRESSION_NONE = 1;
const COMPRESSION_GZIP = 2;
const MAX_DEPTH = 3;

interface OpenArchive {
  header: Header;
  root: Entry[];
  /** Decoded leaf directories by file offset (an LRU). */
  leaves: Map<number, Promise<Entry[]>>;
}

function decompress(bytes: Buffer, compression: number): Buffer {
  if (compression === COMPRESSION_NONE || compression === 0) return bytes;
  if (compression === COMPRESSION_GZIP) return gunzipSync(bytes);
  throw new Error(`Compressão de arquivo PMTiles não suportada (${compression}).`);
}

/** A PMTiles v3 directory: varint count, then tile-id deltas, run lengths, lengths and offsets, column by column. */
function parseDirectory(bytes: Buffer): Entry[] {
  const position = { buf: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), pos: 0 };
  const count = readVarint(position);
  const entries: Entry[] = new Array<Entry>(count);
  let tileId = 0;
  for (let i = 0; i < count; i++) {
    tileId += readVarint(position);
    entries[i] = { tileId, offset: 0, length: 0, runLength: 1 };
  }
  for (let i = 0; i < count; i++) entries[i]!.runLength = readVarint(position);
  for (let i = 0; i < count; i++) entries[i]!.length = readVarint(position);
  for (let i = 0; i < count; i++) {
    const value = readVarint(position);
    const entry = entries[i]!;
    entry.offset = value === 0 && i > 0 ? entries[i - 1]!.offset + entries[i - 1]!.length : value - 1;
  }
  return entries;
}

/**
 * Tiles out of PMTiles archives in storage (local file or S3 object). Each archive's header and root
 * directory are decoded once and leaf directories on first use, then kept (LRUs of open archives and of
 * leaves per archive), so a tile costs one range read of its bytes and no parsing. The official `pmtiles`
 * reader does the same job through several promise-cache lookups per tile; this is its hot path only
 * (its exported header parser, varint reader and directory search are reused).
 */
export function createArchiveReader(
  storage: Pick<Storage, 'readRange'>,
  maxOpenArchives = 128,
  maxLeavesPerArchive = 256,
) {
  const archives = new Map<string, Promise<OpenArchive>>();

  async function load(key: string): Promise<OpenArchive> {
    const start = await storage.readRange(key, 0, HEADER_READ);
    if (start.length < 127 || start.readUInt16LE(0) !== PMTILES_MAGIC) {
      throw new Error(`Arquivo PMTiles inválido: ${key}`);
    }
    const header = bytesToHeader(start.buffer.slice(start.byteOffset, start.byteOffset + 127) as ArrayBuffer);
    const rootEnd = header.rootDirectoryOffset + header.rootDirectoryLength;
    const rootBytes =
      rootEnd <= start.length
        ? start.subarray(header.rootDirectoryOffset, rootEnd)
        : await storage.readRange(key, header.rootDirectoryOffset, header.rootDirectoryLength);
    return {
      header,
      root: parseDirectory(decompress(rootBytes, header.internalCompression)),
      leaves: new Map(),
    };
  }

  function open(key: string): Promise<OpenArchive> {
    let archive = archives.get(key);
    if (archive) {
      archives.delete(key);
    } else {
      archive = load(key);
      archive.catch(() => archives.get(key) === archive && archives.delete(key));
    }
    archives.set(key, archive);
    if (archives.size > maxOpenArchives) archives.delete(archives.keys().next().value!);
    return archive;
  }

  function leaf(key: string, archive: OpenArchive, offset: number, length: number): Promise<Entry[]> {
    let entries = archive.leaves.get(offset);
    if (entries) {
      archive.leaves.delete(offset);
    } else {
      entries = storage
        .readRange(key, offset, length)
        .then((bytes) => parseDirectory(decompress(bytes, archive.header.internalCompression)));
      const pending = entries;
      pending.catch(() => archive.leaves.get(offset) === pending && archive.leaves.delete(offset));
    }
    archive.leaves.set(offset, entries);
    if (archive.leaves.size > maxLeavesPerArchive) archive.leaves.delete(archive.leaves.keys().next().value!);
    return entries;
  }

  return {
    /** The tile's bytes; with `pool`, on a pooled buffer the caller gives back once it has sent them. */
    async tile(key: string, z: number, x: number, y: number, pool?: BufferPool): Promise<Buffer | null> {
      const archive = await open(key);
      const { header } = archive;
      if (z < header.minZoom || z > header.maxZoom) return null;
      const tileId = zxyToTileId(z, x, y);
      let entries = archive.root;
      for (let depth = 0; depth <= MAX_DEPTH; depth++) {
        const entry = findTile(entries, tileId);
        if (!entry) return null;
        if (entry.runLength > 0) {
          const bytes = await storage.readRange(
            key,
            header.tileDataOffset + entry.offset,
            entry.length,
            pool,
          );
          const tile = decompress(bytes, header.tileCompression);
          if (tile !== bytes) pool?.release(bytes);
          return tile;
        }
        entries = await leaf(key, archive, header.leafDirectoryOffset + entry.offset, entry.length);
      }
      throw new Error(`Diretórios PMTiles profundos demais: ${key}`);
    },
    /** The format of the archive's tiles: PNG (archives written before WebP was stored) or WebP. */
    async format(key: string): Promise<TileFormat> {
      const { header } = await open(key);
      const format = tileFormatOfType(header.tileType);
      if (!format) throw new Error(`Tipo de tile PMTiles não suportado (${header.tileType}): ${key}`);
      return format;
    },
    /** Archive keys are versioned: a forgotten archive is simply never asked for again. */
    forget(key: string): void {
      archives.delete(key);
    },
  };
}

export type ArchiveReader = ReturnType<typeof createArchiveReader>;
