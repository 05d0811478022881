import { crsFromEpsg, crsFromGeoKeys, CrsError, type Crs, type GeoKeys } from '../geo/crs';
import { ImageryError } from './imagery-error';

export type { GeoKeys };
/** The CRS of a raster; see `geo/crs` (shared with the vector import). */
export type SourceCrs = Crs;

function asImageryError<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof CrsError) throw new ImageryError('UNKNOWN_CRS', error.message);
    throw error;
  }
}

/** The CRS a GeoTIFF declares: an EPSG code, an ESRI PE string or a user-defined CRS in GeoKeys. */
export function crsFromGeoTiffKeys(geoKeys: GeoKeys | null): SourceCrs {
  if (!geoKeys) {
    throw new ImageryError(
      'NO_GEOREFERENCE',
      'A imagem não possui georreferenciamento (GeoTIFF sem GeoKeys).',
    );
  }
  return asImageryError(() => crsFromGeoKeys(geoKeys));
}

/** A transformer for an EPSG code (definitions from epsg-index, IBGE grids for SAD69/Córrego Alegre). */
export function crsForEpsg(code: number): SourceCrs {
  return asImageryError(() => crsFromEpsg(code));
}
