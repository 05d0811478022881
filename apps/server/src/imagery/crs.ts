import { createRequire } from 'node:module';
import proj4 from 'proj4';
import { ImageryError } from './imagery-error';

interface EpsgIndexEntry {
  code: string;
  name: string;
  proj4: string | null;
}

const require = createRequire(import.meta.url);
let epsgIndex: Record<string, EpsgIndexEntry | undefined> | null = null;

/** epsg-index's full table (≈ 8,000 codes), loaded on first use only. */
function epsgEntry(code: number): EpsgIndexEntry | undefined {
  epsgIndex ??= require('epsg-index/all.json') as Record<string, EpsgIndexEntry | undefined>;
  return epsgIndex[String(code)];
}

/** GeoKey value meaning "user-defined" (no EPSG code). */
const USER_DEFINED = 32767;
const MODEL_TYPE_PROJECTED = 1;
const MODEL_TYPE_GEOGRAPHIC = 2;

export type GeoKeys = Partial<Record<string, unknown>>;

export interface SourceCrs {
  epsg: number;
  name: string;
  /** Source CRS coordinates → [longitude, latitude] (WGS 84). */
  toLonLat(x: number, y: number): [number, number];
  /** [longitude, latitude] → source CRS coordinates. */
  fromLonLat(lon: number, lat: number): [number, number];
}

/** The EPSG code a GeoTIFF declares in its GeoKeys, or an error saying why it can't be used. */
export function epsgCodeFromGeoKeys(geoKeys: GeoKeys | null): number {
  if (!geoKeys) {
    throw new ImageryError(
      'NO_GEOREFERENCE',
      'A imagem não possui georreferenciamento (GeoTIFF sem GeoKeys).',
    );
  }
  const modelType = geoKeys.GTModelTypeGeoKey;
  const projected = geoKeys.ProjectedCSTypeGeoKey;
  const geographic = geoKeys.GeographicTypeGeoKey;
  const code =
    modelType === MODEL_TYPE_GEOGRAPHIC
      ? geographic
      : modelType === MODEL_TYPE_PROJECTED
        ? projected
        : undefined;
  if (typeof code !== 'number' || code === USER_DEFINED || code <= 0) {
    throw new ImageryError(
      'UNKNOWN_CRS',
      'O sistema de coordenadas da imagem não possui código EPSG. Reprojete a imagem para um sistema com código EPSG ' +
        '(por exemplo SIRGAS 2000 / UTM, EPSG:31982 a 31985, ou WGS 84, EPSG:4326).',
    );
  }
  return code;
}

/** A transformer for an EPSG code, with its definition from epsg-index (never a hand-typed table). */
export function crsForEpsg(code: number): SourceCrs {
  const entry = epsgEntry(code);
  if (!entry?.proj4) {
    throw new ImageryError(
      'UNKNOWN_CRS',
      `Sistema de coordenadas EPSG:${code} desconhecido ou não suportado.`,
    );
  }
  const converter = proj4(entry.proj4, 'EPSG:4326');
  return {
    epsg: code,
    name: entry.name,
    toLonLat: (x, y) => converter.forward([x, y]) as [number, number],
    fromLonLat: (lon, lat) => converter.inverse([lon, lat]) as [number, number],
  };
}
