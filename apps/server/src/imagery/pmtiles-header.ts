import { PMTILES_HEADER_LENGTH } from './pmtiles-directory';

export interface PmtilesHeaderFields {
  rootDirectoryOffset: number;
  rootDirectoryLength: number;
  jsonMetadataOffset: number;
  jsonMetadataLength: number;
  leafDirectoryOffset: number;
  leafDirectoryLength: number;
  tileDataOffset: number;
  tileDataLength: number;
  numAddressedTiles: number;
  numTileEntries: number;
  numTileContents: number;
  clustered: boolean;
  /** 1 none, 2 gzip (directories and metadata). */
  internalCompression: number;
  /** 1 none (PNG/WebP tiles are compressed already). */
  tileCompression: number;
  /** 2 PNG, 4 WebP. */
  tileType: number;
  minZoom: number;
  maxZoom: number;
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
  centerZoom: number;
  centerLon: number;
  centerLat: number;
}

/** The fixed 127-byte PMTiles v3 header (little-endian; positions in E7 fixed point). */
export function encodeHeader(fields: PmtilesHeaderFields): Buffer {
  const header = Buffer.alloc(PMTILES_HEADER_LENGTH);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const u64 = [
    fields.rootDirectoryOffset,
    fields.rootDirectoryLength,
    fields.jsonMetadataOffset,
    fields.jsonMetadataLength,
    fields.leafDirectoryOffset,
    fields.leafDirectoryLength,
    fields.tileDataOffset,
    fields.tileDataLength,
    fields.numAddressedTiles,
    fields.numTileEntries,
    fields.numTileContents,
  ];
  u64.forEach((value, index) => header.writeBigUInt64LE(BigInt(value), 8 + index * 8));
  header.writeUInt8(fields.clustered ? 1 : 0, 96);
  header.writeUInt8(fields.internalCompression, 97);
  header.writeUInt8(fields.tileCompression, 98);
  header.writeUInt8(fields.tileType, 99);
  header.writeUInt8(fields.minZoom, 100);
  header.writeUInt8(fields.maxZoom, 101);
  const e7 = (degrees: number) => Math.round(degrees * 1e7);
  header.writeInt32LE(e7(fields.minLon), 102);
  header.writeInt32LE(e7(fields.minLat), 106);
  header.writeInt32LE(e7(fields.maxLon), 110);
  header.writeInt32LE(e7(fields.maxLat), 114);
  header.writeUInt8(fields.centerZoom, 118);
  header.writeInt32LE(e7(fields.centerLon), 119);
  header.writeInt32LE(e7(fields.centerLat), 123);
  return header;
}
