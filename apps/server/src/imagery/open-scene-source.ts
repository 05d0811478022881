import { openGeoTiff } from './geotiff-source';
import { ImageryError } from './imagery-error';
import type { ImageLimits } from './limits';
import { openPlainImage } from './plain-image-source';
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
