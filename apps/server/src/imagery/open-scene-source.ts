import { openGeoTiff } from './geotiff-source';
import { ImageryError } from './imagery-error';
import type { ImageLimits } from './limits';
import { openPlainImage } from './plain-image-source';
import { mosaicSource } from './mosaic-source';
import type { RasterSource } from './raster-source';
import type { ImageKind } from './sniff';
import type { LonLatBounds } from './tile-math';

/** Opens an uploaded scene file of a sniffed kind; PNG/JPEG need their bounds. */
export async function openSceneSource(
  filePath: string,
  kind: ImageKind,
  bounds: LonLatBounds | null,
  limits: ImageLimits,
): Promise<RasterSource> {
  if (kind === 'geotiff') return openGeoTiff(filePath, limits);
  if (!bounds) {
    throw new ImageryError(
      'BOUNDS_REQUIRED',
      'Imagens PNG ou JPEG precisam dos limites (oeste, sul, leste, norte em WGS 84); envie um GeoTIFF para usar o georreferenciamento do arquivo.',
    );
  }
  return openPlainImage(filePath, bounds, limits);
}

export interface SceneFile {
  path: string;
  kind: ImageKind;
  /** The name it was sent with (for messages). */
  name: string;
}

/**
 * One file, or several GeoTIFFs of one date as a mosaic (`mosaic-source.ts`). PNG/JPEG files, placed by the
 * bounds given with them, cannot be part of a mosaic.
 */
export async function openSceneSources(
  files: readonly SceneFile[],
  bounds: LonLatBounds | null,
  limits: ImageLimits,
): Promise<RasterSource> {
  const [first] = files;
  if (!first) throw new ImageryError('FILE_REQUIRED', 'Nenhum arquivo de imagem enviado.');
  if (files.length === 1) return openSceneSource(first.path, first.kind, bounds, limits);
  const plain = files.find((file) => file.kind !== 'geotiff');
  if (plain) {
    throw new ImageryError(
      'MOSAIC_MISMATCH',
      `Um mosaico só pode ser feito de arquivos GeoTIFF; ${plain.name} é ${plain.kind.toUpperCase()}. ` +
        'Envie os GeoTIFFs da data, ou um arquivo só.',
    );
  }
  const opened: RasterSource[] = [];
  try {
    for (const file of files) opened.push(await openGeoTiff(file.path, limits));
    return mosaicSource(
      opened,
      files.map((file) => file.name),
      limits,
    );
  } catch (error) {
    await Promise.allSettled(opened.map((source) => source.close()));
    if (error instanceof ImageryError && files.length > 1 && error.code !== 'MOSAIC_MISMATCH') {
      const failing = files[opened.length];
      if (failing && opened.length < files.length) {
        throw new ImageryError(error.code, `${failing.name}: ${error.message}`, error.status);
      }
    }
    throw error;
  }
}
