import { stat } from 'node:fs/promises';
import { fromFile, type GeoTIFF, type GeoTIFFImage } from 'geotiff';
import { bandLayoutOf, gdalColorInterpretation, type BandLayout } from './band-layout';
import { applyMask, findInternalMask, readMask } from './geotiff-mask';
import { crsFromGeoTiffKeys, type SourceCrs } from './crs';
import { CRS_MESSAGES } from '../geo/crs';
import { createByteSpares } from './byte-spares';
import { createWindowReader, type WindowReader } from './geotiff-window';
import { ImageryError } from './imagery-error';
import { megapixels, type ImageLimits } from './limits';
import type { GeoTransform, PixelWindow, RasterSource } from './raster-source';
import { percentileStretch, samplesToRgba, type SampleArray, type StretchRanges } from './to-rgba';

export function numberList(value: unknown): number[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'number') return [value];
  if (typeof value === 'bigint') return [Number(value)];
  if (typeof value === 'object' && Symbol.iterator in value)
    return Array.from(value as Iterable<number>, Number);
  return [];
}

function transformOf(image: GeoTIFFImage): GeoTransform {
  const directory = image.getFileDirectory();
  const matrix = numberList(directory.getValue('ModelTransformation'));
  if (matrix.length >= 16 && (matrix[1] !== 0 || matrix[4] !== 0)) {
    throw new ImageryError(
      'ROTATED_RASTER',
      'Imagens rotacionadas (ModelTransformation com rotação) não são suportadas.',
    );
  }
  let origin: number[];
  let resolution: number[];
  try {
    origin = image.getOrigin();
    resolution = image.getResolution();
  } catch {
    throw new ImageryError(
      'NO_GEOREFERENCE',
      'A imagem não possui georreferenciamento (sem ponto de amarração).',
    );
  }
  const [originX, originY] = origin as [number, number];
  const [pixelWidth, pixelHeight] = resolution as [number, number];
  if (
    ![originX, originY, pixelWidth, pixelHeight].every(Number.isFinite) ||
    pixelWidth === 0 ||
    pixelHeight === 0
  ) {
    throw new ImageryError('NO_GEOREFERENCE', 'O georreferenciamento da imagem é inválido.');
  }
  // PixelIsPoint tie points name pixel centres; move to the corner the rest of the pipeline expects.
  const shift = image.pixelIsArea() ? 0 : 0.5;
  return {
    originX: originX - shift * pixelWidth,
    originY: originY - shift * pixelHeight,
    pixelWidth,
    pixelHeight,
  };
}

/**
 * Every point of the image's outline must reach WGS 84, checked before the file is accepted: an ingest must
 * never find out later (a datum grid that does not cover the image, a CRS proj4 cannot invert).
 */
function assertTransformable(crs: SourceCrs, transform: GeoTransform, width: number, height: number): void {
  const steps = 8;
  for (let i = 0; i <= steps; i++) {
    for (const [column, row] of [
      [(width * i) / steps, 0],
      [(width * i) / steps, height],
      [0, (height * i) / steps],
      [width, (height * i) / steps],
      [width / 2, height / 2],
    ] as const) {
      const x = transform.originX + column * transform.pixelWidth;
      const y = transform.originY + row * transform.pixelHeight;
      const [lon, lat] = crs.toLonLat(x, y);
      const [backX, backY] = Number.isFinite(lon) ? crs.fromLonLat(lon, lat) : [Number.NaN, Number.NaN];
      const tolerance = Math.abs(transform.pixelWidth);
      if (
        !Number.isFinite(lat) ||
        Math.abs(lat) > 90 ||
        !(Math.abs(backX - x) <= tolerance && Math.abs(backY - y) <= tolerance)
      ) {
        throw new ImageryError(
          'UNKNOWN_CRS',
          crs.legacyDatum
            ? CRS_MESSAGES.outsideGrid(crs.legacyDatum)
            : 'As coordenadas da imagem não podem ser convertidas para WGS 84 no sistema de coordenadas declarado.',
        );
      }
    }
  }
}

/** Strips or tiles that point past the end of the file: the upload was cut short. */
async function assertComplete(image: GeoTIFFImage, fileSize: number): Promise<void> {
  const directory = image.getFileDirectory();
  const tiled = image.isTiled;
  const offsets = numberList(await directory.loadValue(tiled ? 'TileOffsets' : 'StripOffsets'));
  const counts = numberList(await directory.loadValue(tiled ? 'TileByteCounts' : 'StripByteCounts'));
  if (offsets.length === 0)
    throw new ImageryError('TRUNCATED', 'O arquivo TIFF está incompleto (sem dados de imagem).');
  for (let i = 0; i < offsets.length; i++) {
    if (offsets[i]! + (counts[i] ?? 0) > fileSize) {
      throw new ImageryError(
        'TRUNCATED',
        'O arquivo TIFF está incompleto ou corrompido (dados além do fim do arquivo).',
      );
    }
  }
}

function assertWithinLimits(image: GeoTIFFImage, fileSize: number, limits: ImageLimits): void {
  const pixels = image.getWidth() * image.getHeight();
  if (pixels > limits.maxPixels) {
    throw new ImageryError(
      'TOO_MANY_PIXELS',
      `A imagem tem ${megapixels(pixels)} megapixels; o limite é ${megapixels(limits.maxPixels)} megapixels.`,
      413,
    );
  }
  const unpacked = pixels * image.getBytesPerPixel();
  if (unpacked > limits.minBombBytes && unpacked / fileSize > limits.maxCompressionRatio) {
    throw new ImageryError(
      'DECOMPRESSION_BOMB',
      'A imagem descompactada seria desproporcionalmente maior que o arquivo (possível bomba de descompressão).',
    );
  }
}

interface SampledRanges {
  stretch: StretchRanges;
  /** Some 16-bit files keep alpha in 0–255; their alpha must not be read as nearly transparent. */
  alphaMax: number;
}

/** Reads a few windows spread over the image to find the 2–98 % range of each band (bounded memory). */
async function sampleRanges(image: GeoTIFFImage, layout: BandLayout): Promise<SampledRanges> {
  const grid = 4;
  const size = 128;
  const parts: SampleArray[] = [];
  for (let gy = 0; gy < grid; gy++) {
    for (let gx = 0; gx < grid; gx++) {
      const x0 = Math.floor(((image.getWidth() - 1) * (gx + 0.5)) / grid - size / 2);
      const y0 = Math.floor(((image.getHeight() - 1) * (gy + 0.5)) / grid - size / 2);
      const window = [
        Math.max(0, x0),
        Math.max(0, y0),
        Math.min(image.getWidth(), Math.max(0, x0) + size),
        Math.min(image.getHeight(), Math.max(0, y0) + size),
      ];
      parts.push(await image.readRasters({ window, interleave: true }));
    }
  }
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const all = new Float64Array(total);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  let alphaMax = layout.alphaMax;
  if (layout.alphaSample !== null) {
    let highest = 0;
    for (let i = layout.alphaSample; i < all.length; i += layout.samplesPerPixel)
      highest = Math.max(highest, all[i]!);
    if (highest <= 255) alphaMax = 255;
  }
  return { stretch: percentileStretch(all, layout), alphaMax };
}

/** Opens and checks a GeoTIFF: georeference, CRS with an EPSG code, bands, limits and completeness. */
export async function openGeoTiff(filePath: string, limits: ImageLimits): Promise<RasterSource> {
  const fileSize = (await stat(filePath)).size;
  let tiff: GeoTIFF;
  let image: GeoTIFFImage;
  try {
    tiff = await fromFile(filePath);
    image = await tiff.getImage(0);
  } catch {
    throw new ImageryError(
      'INVALID_TIFF',
      'Não foi possível ler o arquivo TIFF: ele está corrompido ou incompleto.',
    );
  }
  try {
    assertWithinLimits(image, fileSize, limits);
    await assertComplete(image, fileSize);
    const transform = transformOf(image);
    const crs = crsFromGeoTiffKeys(image.getGeoKeys());
    assertTransformable(crs, transform, image.getWidth(), image.getHeight());
    const directory = image.getFileDirectory();
    const declaredLayout = bandLayoutOf({
      samplesPerPixel: image.getSamplesPerPixel(),
      bitsPerSample: image.getBitsPerSample(),
      sampleFormat: image.getSampleFormat(),
      photometric: numberList(directory.getValue('PhotometricInterpretation'))[0],
      extraSamples: numberList(directory.getValue('ExtraSamples')),
      nodata: image.getGDALNoData(),
      colorInterpretation: gdalColorInterpretation(await directory.loadValue('GDAL_METADATA')),
    });
    const mask = await findInternalMask(tiff, image);
    const sampled = declaredLayout.needsStretch ? await sampleRanges(image, declaredLayout) : null;
    const layout = { ...declaredLayout, alphaMax: sampled?.alphaMax ?? declaredLayout.alphaMax };
    const stretch = sampled?.stretch ?? null;
    let reader: Promise<WindowReader> | null = null;
    const windows = createByteSpares();
    return {
      width: image.getWidth(),
      height: image.getHeight(),
      crs,
      transform,
      description: `GeoTIFF ${image.getWidth()}×${image.getHeight()} ${crs.epsg ? `EPSG:${crs.epsg}` : crs.name}`,
      async readRgba(window: PixelWindow) {
        reader ??= createWindowReader(image);
        const masked = mask ? readMask(mask, window, null) : null;
        const windowReader = await reader;
        const samples = await windowReader.read(window);
        const pixels = (window.x1 - window.x0) * (window.y1 - window.y0);
        const rgba = samplesToRgba(samples, layout, stretch, windows.take(pixels * 4));
        windowReader.recycle(samples);
        return masked ? applyMask(rgba, await masked) : rgba;
      },
      recycle(rgba: Uint8Array) {
        windows.give(rgba);
      },
      async close() {
        if (reader) await (await reader.catch(() => null))?.close();
        await tiff.close();
      },
    };
  } catch (error) {
    await tiff.close();
    if (error instanceof ImageryError) throw error;
    throw new ImageryError(
      'INVALID_TIFF',
      'Não foi possível ler o arquivo TIFF: ele está corrompido ou incompleto.',
    );
  }
}
