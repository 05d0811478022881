import sharp from 'sharp';
import { TILE_SIZE } from './tile-math';

const raw = { width: TILE_SIZE, height: TILE_SIZE, channels: 4 as const };

/**
 * zlib level 3, no row filter. Level 6 (the setting until 2026-11-27) took about 60 % of the ingest's CPU on
 * the textured synthetic scene (9.7 ms a tile against 2.9 ms) for 10 % fewer bytes, and on aerial photos made
 * 0–3 % fewer bytes for more CPU. Adaptive row filters (GDAL's choice) would save about 20 % of the bytes for
 * 50 % more encoding CPU on photos; the web map gets WebP anyway. See bench/RESULTS.md, "Tile bytes".
 */
export const PNG_OPTIONS = { compressionLevel: 3, adaptiveFiltering: false } as const;

export function encodePng(rgba: Uint8Array): Promise<Buffer> {
  return sharp(rgba, { raw }).png(PNG_OPTIONS).toBuffer();
}

export function pngToWebp(png: Buffer): Promise<Buffer> {
  return sharp(png).webp({ quality: 85, alphaQuality: 100 }).toBuffer();
}

let transparent: Promise<Buffer> | null = null;

/** The tile served wherever a scene has no data. */
export function transparentPng(): Promise<Buffer> {
  transparent ??= encodePng(new Uint8Array(TILE_SIZE * TILE_SIZE * 4));
  return transparent;
}
