import sharp, { type Sharp } from 'sharp';
import { TILE_SIZE } from './tile-math';

const raw = { width: TILE_SIZE, height: TILE_SIZE, channels: 4 as const };

export type TileFormat = 'png' | 'webp';

/** PMTiles' tile types (v3 header byte 99) of the formats Mirante stores. */
export const PMTILES_TILE_TYPE: Record<TileFormat, number> = { png: 2, webp: 4 };

/** The format an archive holds, from its PMTiles tile type; null for one Mirante never wrote. */
export function tileFormatOfType(tileType: number): TileFormat | null {
  return tileType === 2 ? 'png' : tileType === 4 ? 'webp' : null;
}

/**
 * zlib level 3, no row filter. Level 6 (the setting until 2026-11-27) took about 60 % of the ingest's CPU on
 * the textured synthetic scene (9.7 ms a tile against 2.9 ms) for 10 % fewer bytes, and on aerial photos made
 * 0–3 % fewer bytes for more CPU. Adaptive row filters (GDAL's choice) would save about 20 % of the bytes for
 * 50 % more encoding CPU on photos; the web map gets WebP anyway. See bench/RESULTS.md, "Tile bytes".
 */
export const PNG_OPTIONS = { compressionLevel: 3, adaptiveFiltering: false } as const;

/**
 * The stored tiles: lossy WebP for the colours at quality 90 with a lossless alpha (a scene's edge stays
 * exact, so tiles of two scenes meet without a seam). On the real GeoTIFFs this is about a tenth of the PNG's
 * bytes for a PSNR over 40 dB against the source pixels (bench/RESULTS.md, "Stored tiles"). Effort 2 of 6:
 * the higher efforts cost the ingest up to twice the encoding time for 2–4 % fewer bytes.
 */
export const WEBP_OPTIONS = { quality: 90, alphaQuality: 100, effort: 2 } as const;

/** What the ingest writes into new archives (older archives hold PNG and are still served). */
export const STORED_TILE_FORMAT: TileFormat = 'webp';

export function encodePng(rgba: Uint8Array): Promise<Buffer> {
  return sharp(rgba, { raw }).png(PNG_OPTIONS).toBuffer();
}

export function encodeWebp(rgba: Uint8Array): Promise<Buffer> {
  return sharp(rgba, { raw }).webp(WEBP_OPTIONS).toBuffer();
}

/** A rendered tile in the stored format. */
export function encodeStoredTile(rgba: Uint8Array): Promise<Buffer> {
  return STORED_TILE_FORMAT === 'webp' ? encodeWebp(rgba) : encodePng(rgba);
}

/** `image` set to be written in `format`, with the settings of stored tiles. */
export function encodedAs(image: Sharp, format: TileFormat): Sharp {
  return format === 'webp' ? image.webp(WEBP_OPTIONS) : image.png(PNG_OPTIONS);
}

/** A tile (PNG or WebP) re-encoded in `format`: for clients asking for the format an archive does not hold. */
export function convertTile(tile: Buffer, format: TileFormat): Promise<Buffer> {
  return encodedAs(sharp(tile), format).toBuffer();
}

/** A stored PNG as WebP (old archives, and the bench of tile bytes). */
export function pngToWebp(png: Buffer): Promise<Buffer> {
  return convertTile(png, 'webp');
}

/** JPEG tiles for GIS clients that ask for them: quality 85, 4:2:0, what aerial basemaps usually serve. */
export const JPEG_OPTIONS = { quality: 85 } as const;

/** A tile (PNG or WebP) as JPEG, composed on white: JPEG has no alpha, so what lies outside the scene is white. */
export function tileAsJpeg(tile: Buffer): Promise<Buffer> {
  return sharp(tile).flatten({ background: '#ffffff' }).jpeg(JPEG_OPTIONS).toBuffer();
}

const transparent = new Map<TileFormat, Promise<Buffer>>();

/** The tile served wherever a scene has no data, in `format`. */
export function transparentTile(format: TileFormat): Promise<Buffer> {
  let tile = transparent.get(format);
  if (!tile) {
    const empty = new Uint8Array(TILE_SIZE * TILE_SIZE * 4);
    tile = format === 'webp' ? encodeWebp(empty) : encodePng(empty);
    transparent.set(format, tile);
  }
  return tile;
}
