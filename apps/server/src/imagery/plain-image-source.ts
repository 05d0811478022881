import sharp from 'sharp';
import { crsForEpsg } from './crs';
import { ImageryError } from './imagery-error';
import type { ImageLimits } from './limits';
import type { RasterSource } from './raster-source';
import { lonLatToMercator, type LonLatBounds } from './tile-math';

export function assertValidBounds(bounds: LonLatBounds): void {
  const { west, south, east, north } = bounds;
  const valid =
    [west, south, east, north].every(Number.isFinite) &&
    west >= -180 &&
    east <= 180 &&
    south >= -85 &&
    north <= 85 &&
    west < east &&
    south < north;
  if (!valid) {
    throw new ImageryError(
      'INVALID_BOUNDS',
      'Limites da imagem inválidos: informe oeste, sul, leste e norte em graus (WGS 84), com oeste < leste e sul < norte.',
    );
  }
}

/**
 * A PNG or JPEG placed by its WGS 84 bounds. It is stretched in Web Mercator between those corners, as web
 * maps place image overlays, so it lands where the person who aligned it on a map saw it.
 */
export async function openPlainImage(
  filePath: string,
  bounds: LonLatBounds,
  limits: ImageLimits,
): Promise<RasterSource> {
  assertValidBounds(bounds);
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(filePath, { limitInputPixels: false }).metadata();
    width = metadata.width ?? 0;
    height = metadata.height ?? 0;
  } catch {
    throw new ImageryError(
      'INVALID_IMAGE',
      'Não foi possível ler a imagem: o arquivo está corrompido ou incompleto.',
    );
  }
  if (width * height > limits.maxPixels) {
    throw new ImageryError('TOO_MANY_PIXELS', 'A imagem excede o limite de pixels permitido.', 413);
  }
  const [minX, minY] = lonLatToMercator(bounds.west, bounds.south);
  const [maxX, maxY] = lonLatToMercator(bounds.east, bounds.north);
  return {
    width,
    height,
    crs: crsForEpsg(3857),
    transform: {
      originX: minX,
      originY: maxY,
      pixelWidth: (maxX - minX) / width,
      pixelHeight: (minY - maxY) / height,
    },
    description: `imagem ${width}×${height} com limites`,
    async readRgba(window) {
      try {
        const data = await sharp(filePath, { limitInputPixels: limits.maxPixels })
          .extract({
            left: window.x0,
            top: window.y0,
            width: window.x1 - window.x0,
            height: window.y1 - window.y0,
          })
          .toColourspace('srgb')
          .ensureAlpha()
          .raw()
          .toBuffer();
        return new Uint8Array(data.buffer, data.byteOffset, data.length);
      } catch {
        throw new ImageryError('INVALID_IMAGE', 'A imagem está corrompida ou incompleta.');
      }
    },
    async close() {},
  };
}
