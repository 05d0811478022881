import type { GeoTIFF, GeoTIFFImage, Pool } from 'geotiff';
import type { PixelWindow } from './raster-source';

/** NewSubfileType bits: 1 reduced-resolution (an overview), 4 transparency mask. */
const SUBFILE_REDUCED = 1;
const SUBFILE_MASK = 4;

/**
 * GDAL's internal mask of the full-resolution image (`GDAL_TIFF_INTERNAL_MASK`, what the COG driver writes
 * for JPEG files with alpha or nodata): a 1-bit IFD with NewSubfileType = 4 and the image's size.
 */
export async function findInternalMask(tiff: GeoTIFF, image: GeoTIFFImage): Promise<GeoTIFFImage | null> {
  const count = await tiff.getImageCount();
  for (let index = 1; index < count; index++) {
    const candidate = await tiff.getImage(index);
    const subfile = Number(candidate.getFileDirectory().getValue('NewSubfileType') ?? 0);
    if (
      (subfile & SUBFILE_MASK) !== 0 &&
      (subfile & SUBFILE_REDUCED) === 0 &&
      candidate.getWidth() === image.getWidth() &&
      candidate.getHeight() === image.getHeight() &&
      candidate.getSamplesPerPixel() === 1
    ) {
      return candidate;
    }
  }
  return null;
}

/** Reads the mask under a window: 0 where the image has no data. */
export function readMask(
  mask: GeoTIFFImage,
  window: PixelWindow,
  pool: Pool | null,
): Promise<ArrayLike<number>> {
  return mask.readRasters({
    window: [window.x0, window.y0, window.x1, window.y1],
    interleave: true,
    ...(pool ? { pool } : {}),
  }) as Promise<ArrayLike<number>>;
}

/** Makes every pixel the mask excludes transparent (RGBA in place). */
export function applyMask(rgba: Uint8Array, mask: ArrayLike<number>): Uint8Array {
  for (let pixel = 0, at = 0; pixel < mask.length; pixel++, at += 4) {
    if (mask[pixel] === 0) {
      rgba[at] = 0;
      rgba[at + 1] = 0;
      rgba[at + 2] = 0;
      rgba[at + 3] = 0;
    }
  }
  return rgba;
}
