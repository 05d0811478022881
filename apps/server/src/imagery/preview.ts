import sharp from 'sharp';
import { TILE_SIZE, tileRangeFor, tileBounds, type MercatorBounds } from './tile-math';

export const PREVIEW_SIZE = 512;

/** Collects one zoom's tiles and composes them into a ~512 px PNG of the scene. */
export function createPreviewCollector(bounds: MercatorBounds, zoom: number) {
  const range = tileRangeFor(bounds, zoom);
  const columns = range.maxX - range.minX + 1;
  const rows = range.maxY - range.minY + 1;
  const canvas = new Uint8Array(columns * rows * TILE_SIZE * TILE_SIZE * 4);
  const canvasWidth = columns * TILE_SIZE;

  return {
    zoom,
    add(x: number, y: number, rgba: Uint8Array) {
      const left = (x - range.minX) * TILE_SIZE;
      const top = (y - range.minY) * TILE_SIZE;
      for (let row = 0; row < TILE_SIZE; row++) {
        const from = row * TILE_SIZE * 4;
        canvas.set(rgba.subarray(from, from + TILE_SIZE * 4), ((top + row) * canvasWidth + left) * 4);
      }
    },
    async toPng(): Promise<Buffer> {
      const origin = tileBounds(zoom, range.minX, range.minY);
      const metresPerPixel = (origin.maxX - origin.minX) / TILE_SIZE;
      const left = Math.max(0, Math.floor((bounds.minX - origin.minX) / metresPerPixel));
      const top = Math.max(0, Math.floor((origin.maxY - bounds.maxY) / metresPerPixel));
      const width = Math.max(
        1,
        Math.min(canvasWidth - left, Math.ceil((bounds.maxX - bounds.minX) / metresPerPixel)),
      );
      const height = Math.max(
        1,
        Math.min(rows * TILE_SIZE - top, Math.ceil((bounds.maxY - bounds.minY) / metresPerPixel)),
      );
      return sharp(canvas, { raw: { width: canvasWidth, height: rows * TILE_SIZE, channels: 4 } })
        .extract({ left, top, width, height })
        .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer();
    },
  };
}
