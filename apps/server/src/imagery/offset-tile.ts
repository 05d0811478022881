import sharp, { type OverlayOptions } from 'sharp';
import { encodedAs, type TileFormat } from './encode-tile';
import { TILE_SIZE } from './tile-math';

/**
 * The tile whose content is shifted by (dx, dy) whole pixels (x east, y south): it is cut out of the up to
 * four stored tiles it overlaps. `fetch` returns a stored tile (PNG or WebP) or null for an empty tile; the
 * result is in `format`.
 */
export async function shiftedTile(
  x: number,
  y: number,
  dx: number,
  dy: number,
  fetch: (x: number, y: number) => Promise<Buffer | null>,
  format: TileFormat = 'png',
): Promise<Buffer | null> {
  // Pixel (0,0) of the result shows global source pixel (x*256 - dx, y*256 - dy).
  const sourceLeft = x * TILE_SIZE - dx;
  const sourceTop = y * TILE_SIZE - dy;
  const firstX = Math.floor(sourceLeft / TILE_SIZE);
  const firstY = Math.floor(sourceTop / TILE_SIZE);
  const layers: OverlayOptions[] = [];
  for (let ty = firstY; ty <= firstY + 1; ty++) {
    for (let tx = firstX; tx <= firstX + 1; tx++) {
      const png = tx >= 0 && ty >= 0 ? await fetch(tx, ty) : null;
      if (png) layers.push({ input: png, left: (tx - firstX) * TILE_SIZE, top: (ty - firstY) * TILE_SIZE });
    }
  }
  if (layers.length === 0) return null;
  const canvas = await sharp({
    create: {
      width: 2 * TILE_SIZE,
      height: 2 * TILE_SIZE,
      channels: 4,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
    .composite(layers)
    .raw()
    .toBuffer();
  const cut = sharp(canvas, { raw: { width: 2 * TILE_SIZE, height: 2 * TILE_SIZE, channels: 4 } }).extract({
    left: sourceLeft - firstX * TILE_SIZE,
    top: sourceTop - firstY * TILE_SIZE,
    width: TILE_SIZE,
    height: TILE_SIZE,
  });
  return encodedAs(cut, format).toBuffer();
}
