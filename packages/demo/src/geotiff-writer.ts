import { closeSync, openSync, writeSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import type { RasterFrame } from './raster';

/**
 * A small baseline TIFF 6.0 + GeoTIFF 1.1 writer for 8-bit RGB, stripped, uncompressed or deflate (with the
 * horizontal predictor). geotiff.js' own writer holds the whole image as JS numbers and cannot compress, so the
 * demo scenes are streamed to disk strip by strip instead.
 */
export interface GeoTiffOptions {
  epsg: number;
  compression: 'deflate' | 'none';
  rowsPerStrip: number;
  /** zlib level 1–9; lower is faster. */
  deflateLevel?: number;
}

/** Produces RGB rows [rowStart, rowEnd) as interleaved bytes, (rowEnd − rowStart) × width × 3 long. */
export type RowSource = (rowStart: number, rowEnd: number) => Uint8Array;

const TYPE_ASCII = 2;
const TYPE_SHORT = 3;
const TYPE_LONG = 4;
const TYPE_DOUBLE = 12;

interface TagEntry {
  tag: number;
  type: number;
  values: readonly number[] | string;
}

/** Writes the GeoTIFF to `path`, pulling `chunkRows` rows at a time from `source`. Returns the file size. */
export function writeGeoTiffFile(
  path: string,
  frame: RasterFrame,
  source: RowSource,
  options: GeoTiffOptions,
  chunkRows = options.rowsPerStrip * 8,
): number {
  const { width, height } = frame;
  const rowsPerStrip = options.rowsPerStrip;
  if (chunkRows % rowsPerStrip !== 0) throw new Error('chunkRows must be a multiple of rowsPerStrip');
  const fd = openSync(path, 'w');
  try {
    let position = 8;
    writeSync(fd, Buffer.alloc(8), 0, 8, 0);
    const stripOffsets: number[] = [];
    const stripByteCounts: number[] = [];
    for (let chunkStart = 0; chunkStart < height; chunkStart += chunkRows) {
      const chunkEnd = Math.min(height, chunkStart + chunkRows);
      const rows = source(chunkStart, chunkEnd);
      if (rows.length !== (chunkEnd - chunkStart) * width * 3)
        throw new Error('row source returned a wrong size');
      for (let stripStart = chunkStart; stripStart < chunkEnd; stripStart += rowsPerStrip) {
        const stripEnd = Math.min(chunkEnd, stripStart + rowsPerStrip);
        const raw = rows.subarray((stripStart - chunkStart) * width * 3, (stripEnd - chunkStart) * width * 3);
        const bytes =
          options.compression === 'deflate' ? deflateStrip(raw, width, options.deflateLevel ?? 4) : raw;
        writeSync(fd, bytes, 0, bytes.length, position);
        stripOffsets.push(position);
        stripByteCounts.push(bytes.length);
        position += bytes.length;
      }
    }
    if (position % 2 === 1) {
      writeSync(fd, Buffer.alloc(1), 0, 1, position);
      position += 1;
    }
    const ifd = encodeIfd(position, buildTags(frame, options, stripOffsets, stripByteCounts));
    writeSync(fd, ifd, 0, ifd.length, position);
    const header = Buffer.alloc(8);
    header.write('II', 0, 'latin1');
    header.writeUInt16LE(42, 2);
    header.writeUInt32LE(position, 4);
    writeSync(fd, header, 0, 8, 0);
    return position + ifd.length;
  } finally {
    closeSync(fd);
  }
}

function deflateStrip(raw: Uint8Array, width: number, level: number): Buffer {
  // Horizontal differencing (TIFF predictor 2) per sample: much better compression for imagery.
  const diff = new Uint8Array(raw.length);
  const rowBytes = width * 3;
  for (let rowStart = 0; rowStart < raw.length; rowStart += rowBytes) {
    diff[rowStart] = raw[rowStart] as number;
    diff[rowStart + 1] = raw[rowStart + 1] as number;
    diff[rowStart + 2] = raw[rowStart + 2] as number;
    for (let i = rowStart + 3; i < rowStart + rowBytes; i++)
      diff[i] = ((raw[i] as number) - (raw[i - 3] as number)) & 255;
  }
  return deflateSync(diff, { level });
}

function buildTags(
  frame: RasterFrame,
  options: GeoTiffOptions,
  stripOffsets: number[],
  stripByteCounts: number[],
): TagEntry[] {
  const deflate = options.compression === 'deflate';
  const tags: TagEntry[] = [
    { tag: 256, type: TYPE_LONG, values: [frame.width] },
    { tag: 257, type: TYPE_LONG, values: [frame.height] },
    { tag: 258, type: TYPE_SHORT, values: [8, 8, 8] },
    { tag: 259, type: TYPE_SHORT, values: [deflate ? 8 : 1] },
    { tag: 262, type: TYPE_SHORT, values: [2] },
    { tag: 273, type: TYPE_LONG, values: stripOffsets },
    { tag: 277, type: TYPE_SHORT, values: [3] },
    { tag: 278, type: TYPE_LONG, values: [options.rowsPerStrip] },
    { tag: 279, type: TYPE_LONG, values: stripByteCounts },
    { tag: 284, type: TYPE_SHORT, values: [1] },
    { tag: 305, type: TYPE_ASCII, values: 'Mirante demo imagery generator' },
  ];
  if (deflate) tags.push({ tag: 317, type: TYPE_SHORT, values: [2] });
  tags.push(
    { tag: 339, type: TYPE_SHORT, values: [1, 1, 1] },
    { tag: 33550, type: TYPE_DOUBLE, values: [frame.pixelSize, frame.pixelSize, 0] },
    { tag: 33922, type: TYPE_DOUBLE, values: [0, 0, 0, frame.originX, frame.originY, 0] },
    {
      tag: 34735,
      type: TYPE_SHORT,
      // Header (version 1.1.0, 4 keys), then GTModelType = projected, GTRasterType = PixelIsArea,
      // ProjectedCSType = EPSG code, ProjLinearUnits = metre.
      values: [1, 1, 0, 4, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, options.epsg, 3076, 0, 1, 9001],
    },
  );
  return tags;
}

const TYPE_SIZE: Record<number, number> = {
  [TYPE_ASCII]: 1,
  [TYPE_SHORT]: 2,
  [TYPE_LONG]: 4,
  [TYPE_DOUBLE]: 8,
};

function encodeIfd(ifdOffset: number, tags: TagEntry[]): Buffer {
  const entriesSize = 2 + tags.length * 12 + 4;
  const payloads = tags.map(encodeValues);
  const extraSize = payloads.reduce((sum, p) => sum + (p.length > 4 ? p.length + (p.length % 2) : 0), 0);
  const out = Buffer.alloc(entriesSize + extraSize);
  out.writeUInt16LE(tags.length, 0);
  let extraOffset = entriesSize;
  tags.forEach((entry, i) => {
    const at = 2 + i * 12;
    const payload = payloads[i] as Buffer;
    out.writeUInt16LE(entry.tag, at);
    out.writeUInt16LE(entry.type, at + 2);
    out.writeUInt32LE(payload.length / (TYPE_SIZE[entry.type] as number), at + 4);
    if (payload.length <= 4) {
      payload.copy(out, at + 8);
    } else {
      out.writeUInt32LE(ifdOffset + extraOffset, at + 8);
      payload.copy(out, extraOffset);
      extraOffset += payload.length + (payload.length % 2);
    }
  });
  out.writeUInt32LE(0, 2 + tags.length * 12); // no next IFD
  return out;
}

function encodeValues(entry: TagEntry): Buffer {
  if (typeof entry.values === 'string') return Buffer.from(`${entry.values}\0`, 'latin1');
  const size = TYPE_SIZE[entry.type] as number;
  const out = Buffer.alloc(entry.values.length * size);
  entry.values.forEach((value, i) => {
    if (entry.type === TYPE_SHORT) out.writeUInt16LE(value, i * 2);
    else if (entry.type === TYPE_LONG) out.writeUInt32LE(value, i * 4);
    else out.writeDoubleLE(value, i * 8);
  });
  return out;
}
