import { stat } from 'node:fs/promises';
import sharp from 'sharp';
import { crsForEpsg } from './crs';
import { ImageryError } from './imagery-error';
import { megapixels, type ImageLimits } from './limits';
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

/** Pixel count (from the header, before anything decodes) and unpacked size against the file's size. */
function assertPlainImageWithinLimits(pixels: number, fileSize: number, limits: ImageLimits): void {
  if (pixels > limits.maxPlainImagePixels) {
    throw new ImageryError(
      'TOO_MANY_PIXELS',
      `A imagem tem ${megapixels(pixels)} megapixels; o limite para PNG ou JPEG é ${megapixels(limits.maxPlainImagePixels)} megapixels (envie imagens maiores como GeoTIFF).`,
      413,
    );
  }
  const unpacked = pixels * 4;
  if (unpacked > limits.minBombBytes && unpacked / Math.max(1, fileSize) > limits.maxCompressionRatio) {
    throw new ImageryError(
      'DECOMPRESSION_BOMB',
      'A imagem descompactada seria desproporcionalmente maior que o arquivo (possível bomba de descompressão).',
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
  assertPlainImageWithinLimits(width * height, (await stat(filePath)).size, limits);
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
        const data = await sharp(filePath, { limitInputPixels: limits.maxPlainImagePixels })
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
