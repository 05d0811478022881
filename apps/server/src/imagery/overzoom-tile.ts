import sharp from 'sharp';
import { encodedAs, type TileFormat } from './encode-tile';
import { TILE_SIZE } from './tile-math';

/** Zooms past the scene's native zoom that are served by enlarging its tiles (z24 and up are refused). */
export const MAX_SERVED_ZOOM = 24;

/**
 * Tile (z, x, y) above the native zoom `nativeZoom`: the part of its native ancestor it covers, enlarged
 * (bilinear) to 256 px. Clients that request deeper zooms (QGIS's XYZ layer, a map without `maxzoom`) get
 * the imagery enlarged instead of a transparent tile. `fetch` returns a stored tile (PNG or WebP); the result
 * is in `format`.
 */
export async function overzoomedTile(
  nativeZoom: number,
  z: number,
  x: number,
  y: number,
  fetch: (x: number, y: number) => Promise<Buffer | null>,
  format: TileFormat = 'png',
): Promise<Buffer | null> {
  const levels = z - nativeZoom;
  if (levels <= 0 || z > MAX_SERVED_ZOOM) return null;
  const parent = await fetch(Math.floor(x / 2 ** levels), Math.floor(y / 2 ** levels));
  if (!parent) return null;
  const size = Math.max(1, TILE_SIZE / 2 ** levels);
  const within = 2 ** levels;
  const left = Math.floor(((x % within) * TILE_SIZE) / within);
  const top = Math.floor(((y % within) * TILE_SIZE) / within);
  const piece = await sharp(parent)
    .ensureAlpha()
    .extract({ left, top, width: size, height: size })
    .raw()
    .toBuffer();
  const enlarged = sharp(piece, { raw: { width: size, height: size, channels: 4 } }).resize(
    TILE_SIZE,
    TILE_SIZE,
    {
      kernel: levels >= 3 ? 'nearest' : 'linear',
    },
  );
  return encodedAs(enlarged, format).toBuffer();
}
