import { createRequire } from 'node:module';

interface EpsgIndexEntry {
  code: string;
  name: string;
  proj4: string | null;
  wkt: string | null;
}

const require = createRequire(import.meta.url);
let epsgIndex: Record<string, EpsgIndexEntry | undefined> | null = null;

/** epsg-index's full table (≈ 8,000 codes), loaded on first use only. */
export function epsgEntry(code: number): { name: string; proj4: string } | null {
  epsgIndex ??= require('epsg-index/all.json') as Record<string, EpsgIndexEntry | undefined>;
  const entry = epsgIndex[String(code)];
  return entry?.proj4 ? { name: entry.name, proj4: entry.proj4 } : null;
}

/**
 * The OGC WKT (version 1) of an EPSG code, as a Shapefile's .prj and a GeoPackage's srs table carry it. A
 * zero TOWGS84 (SIRGAS 2000 = WGS 84) is left out: with it GDAL reads a bound CRS instead of the EPSG one.
 */
export function epsgWkt(code: number): string {
  epsgIndex ??= require('epsg-index/all.json') as Record<string, EpsgIndexEntry | undefined>;
  const wkt = epsgIndex[String(code)]?.wkt;
  if (!wkt) throw new Error(`EPSG:${code} sem WKT no epsg-index`);
  return wkt.replace(',TOWGS84[0,0,0,0,0,0,0]', '');
}

/**
 * The old Brazilian datums and how PROJ (so GDAL) takes them to WGS 84: IBGE's grid where it has data,
 * else the Helmert shift PROJ picks when the grid is missing. SIRGAS 2000 = WGS 84 here, as in PROJ.
 */
export interface LegacyDatum {
  label: string;
  grid: 'SAD69_003.gsb' | 'CA7072_003.gsb' | 'CA61_003.gsb';
  /** EPSG transformation PROJ uses without the grid (null: none for this datum). */
  helmert: string | null;
}

export const SAD69: LegacyDatum = {
  label: 'SAD69',
  grid: 'SAD69_003.gsb',
  helmert: '-67.35,3.88,-38.22,0,0,0,0', // EPSG:15485 "SAD69 to WGS 84 (16)"
};

export const CORREGO_ALEGRE_1970_72: LegacyDatum = {
  label: 'Córrego Alegre 1970-72',
  grid: 'CA7072_003.gsb',
  helmert: '-206.05,168.28,-3.82,0,0,0,0', // EPSG:6192 "Corrego Alegre 1970-72 to WGS 84 (4)"
};

export const CORREGO_ALEGRE_1961: LegacyDatum = {
  label: 'Córrego Alegre 1961',
  grid: 'CA61_003.gsb',
  helmert: null,
};

/** Which legacy datum a proj4 definition from epsg-index stands on (by its ellipsoid and shift). */
export function legacyDatumOf(definition: string): LegacyDatum | null {
  if (/\+nadgrids=@?CA7072_003\.gsb/.test(definition)) return CORREGO_ALEGRE_1970_72;
  if (/\+nadgrids=@?CA61_003\.gsb/.test(definition)) return CORREGO_ALEGRE_1961;
  // epsg-index gives every SAD69 CRS the continental shift (-57,1,-41), about 5 m off in Brazil.
  if (/\+ellps=aust_SA\b/.test(definition) && /\+towgs84=-57,1,-41(,0){0,4}\b/.test(definition)) return SAD69;
  return null;
}

/** A definition without its datum shift, to which a grid or a Helmert shift is then added. */
export function withoutDatumShift(definition: string): string {
  return definition.replace(/\s*\+(towgs84|nadgrids|datum)=\S+/g, '');
}
