import { open, type FileHandle } from 'node:fs/promises';
import sharp from 'sharp';
import { createArchiveReader } from '../../../imagery/archive-reader';
import { TILE_SIZE } from '../../../imagery/tile-math';
import { emptyGrey, type GreyImage } from './grey-image';

/** A rectangle of global Web Mercator pixels at one zoom (x right, y down). */
export interface PixelWindow {
  z: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Windows of stored tiles out of PMTiles archives on this machine (by file path), until `close`. */
export function openArchiveFiles() {
  const handles = new Map<string, Promise<FileHandle>>();
  const reader = createArchiveReader({
    async readRange(file, offset, length) {
      let handle = handles.get(file);
      if (!handle) {
        handle = open(file, 'r');
        handles.set(file, handle);
      }
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await (await handle).read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    },
  });

  /** The window's RGBA pixels (transparent where the scene has no tile or no data). */
  async function rgba(file: string, window: PixelWindow): Promise<Buffer> {
    const { z, left, top, width, height } = window;
    const out = Buffer.alloc(width * height * 4);
    const lastIndex = 2 ** z - 1;
    for (let ty = Math.floor(top / TILE_SIZE); ty <= Math.floor((top + height - 1) / TILE_SIZE); ty++) {
      for (let tx = Math.floor(left / TILE_SIZE); tx <= Math.floor((left + width - 1) / TILE_SIZE); tx++) {
        if (tx < 0 || ty < 0 || tx > lastIndex || ty > lastIndex) continue;
        const png = await reader.tile(file, z, tx, ty);
        if (!png) continue;
        const pixels = await sharp(png).ensureAlpha().raw().toBuffer();
        const x0 = Math.max(left, tx * TILE_SIZE);
        const x1 = Math.min(left + width, (tx + 1) * TILE_SIZE);
        for (
          let gy = Math.max(top, ty * TILE_SIZE);
          gy < Math.min(top + height, (ty + 1) * TILE_SIZE);
          gy++
        ) {
          const from = ((gy - ty * TILE_SIZE) * TILE_SIZE + (x0 - tx * TILE_SIZE)) * 4;
          pixels.copy(out, ((gy - top) * width + (x0 - left)) * 4, from, from + (x1 - x0) * 4);
        }
      }
    }
    return out;
  }

  return {
    rgba,
    /** The window as luminance, valid where the pixel is mostly opaque. */
    async grey(file: string, window: PixelWindow): Promise<GreyImage> {
      return greyOf(await rgba(file, window), window.width, window.height);
    },
    async close(): Promise<void> {
      for (const handle of handles.values()) await (await handle).close();
      handles.clear();
    },
  };
}

export function greyOf(rgba: Buffer, width: number, height: number): GreyImage {
  const image = emptyGrey(width, height);
  for (let i = 0; i < width * height; i++) {
    image.grey[i] = 0.299 * rgba[4 * i]! + 0.587 * rgba[4 * i + 1]! + 0.114 * rgba[4 * i + 2]!;
    image.valid[i] = rgba[4 * i + 3]! >= 128 ? 1 : 0;
  }
  return image;
}

export type ArchiveFiles = ReturnType<typeof openArchiveFiles>;
