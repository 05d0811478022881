import sharp from 'sharp';
import { TILE_SIZE } from './tile-math';

const raw = { width: TILE_SIZE, height: TILE_SIZE, channels: 4 as const };

export function encodePng(rgba: Uint8Array): Promise<Buffer> {
  return sharp(rgba, { raw }).png({ compressionLevel: 6 }).toBuffer();
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
