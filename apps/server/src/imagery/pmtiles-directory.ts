import { gzipSync } from 'node:zlib';

/** One PMTiles v3 directory entry (offsets relative to the tile-data or leaf-directory section). */
export interface DirectoryEntry {
  tileId: number;
  offset: number;
  length: number;
  /** 0 marks a pointer to a leaf directory. */
  runLength: number;
}

export const PMTILES_HEADER_LENGTH = 127;
/** The spec wants the header plus the root directory in the first 16 KiB, so a client gets both in one read. */
const ROOT_BUDGET = 16_384 - PMTILES_HEADER_LENGTH;

function writeVarint(out: number[], value: number): void {
  // Tile ids pass 2^32 from zoom 16 on, so no bitwise operators (they truncate to 32 bits).
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

/** Serialises entries as the spec lays them out (ids as deltas, then run lengths, lengths, offsets), gzipped. */
export function serializeDirectory(entries: readonly DirectoryEntry[]): Buffer {
  const out: number[] = [];
  writeVarint(out, entries.length);
  let lastId = 0;
  for (const entry of entries) {
    writeVarint(out, entry.tileId - lastId);
    lastId = entry.tileId;
  }
  for (const entry of entries) writeVarint(out, entry.runLength);
  for (const entry of entries) writeVarint(out, entry.length);
  entries.forEach((entry, index) => {
    const previous = index > 0 ? entries[index - 1] : undefined;
    // 0 means "right after the previous entry", which makes clustered archives' directories tiny.
    const contiguous = previous !== undefined && entry.offset === previous.offset + previous.length;
    writeVarint(out, contiguous ? 0 : entry.offset + 1);
  });
  return gzipSync(Buffer.from(out));
}

export interface Directories {
  root: Buffer;
  leaves: Buffer;
}

function buildRootAndLeaves(entries: readonly DirectoryEntry[], leafSize: number): Directories {
  const rootEntries: DirectoryEntry[] = [];
  const leafParts: Buffer[] = [];
  let leafOffset = 0;
  for (let start = 0; start < entries.length; start += leafSize) {
    const slice = entries.slice(start, start + leafSize);
    const serialized = serializeDirectory(slice);
    rootEntries.push({
      tileId: slice[0]!.tileId,
      offset: leafOffset,
      length: serialized.length,
      runLength: 0,
    });
    leafParts.push(serialized);
    leafOffset += serialized.length;
  }
  return { root: serializeDirectory(rootEntries), leaves: Buffer.concat(leafParts) };
}

/** A root directory that fits the 16 KiB budget, with leaf directories when the entries don't fit in it. */
export function buildDirectories(entries: readonly DirectoryEntry[]): Directories {
  const root = serializeDirectory(entries);
  if (root.length <= ROOT_BUDGET) return { root, leaves: Buffer.alloc(0) };
  let leafSize = 4096;
  for (;;) {
    const directories = buildRootAndLeaves(entries, leafSize);
    if (directories.root.length <= ROOT_BUDGET) return directories;
    leafSize = Math.ceil(leafSize * 1.2);
  }
}
