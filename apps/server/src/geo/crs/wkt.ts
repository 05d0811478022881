import parseWkt from 'wkt-parser';
import { crsFromDefinition, crsFromEpsg, type Crs } from './crs';
import { CRS_MESSAGES, CrsError } from './crs-error';
import {
  epsgEntry,
  CORREGO_ALEGRE_1961,
  CORREGO_ALEGRE_1970_72,
  SAD69,
  type LegacyDatum,
} from './epsg-definitions';

/** The legacy Brazilian datum a WKT's DATUM names (OGC or ESRI spelling), if any. SAD69(96) is not SAD69. */
function legacyDatumNamed(datumName: string): LegacyDatum | null {
  const name = datumName.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  if (/corrego_alegre/.test(name)) return /1961/.test(name) ? CORREGO_ALEGRE_1961 : CORREGO_ALEGRE_1970_72;
  if (/(south_american_(datum_)?1969|sad_?69)(?!_?96|_?1996)/.test(name)) return SAD69;
  return null;
}

function authorityCode(parsed: Record<string, unknown>): number | null {
  const authority = parsed.AUTHORITY as Record<string, unknown> | undefined;
  const code = Number(authority?.EPSG ?? authority?.epsg);
  return Number.isInteger(code) && code > 0 && epsgEntry(code) ? code : null;
}

function datumNameOf(parsed: Record<string, unknown>): string {
  const geographic = (parsed.GEOGCS ?? parsed) as Record<string, unknown>;
  const datum = geographic.DATUM as { name?: unknown } | undefined;
  return `${String(datum?.name ?? '')} ${String(parsed.datumCode ?? '')}`;
}

/**
 * A CRS from WKT: OGC WKT (a `.prj`, a GeoTIFF citation) or an ESRI PE string. An EPSG authority at the top
 * wins; otherwise the parameters are read by proj4, and SAD69/Córrego Alegre get IBGE's grids.
 */
export function crsFromWkt(text: string): Crs {
  let parsed: ReturnType<typeof parseWkt>;
  try {
    parsed = parseWkt(text.trim());
  } catch {
    throw new CrsError('UNKNOWN_CRS', CRS_MESSAGES.noEpsg);
  }
  if (!parsed || typeof parsed !== 'object' || !parsed.projName) {
    throw new CrsError('UNKNOWN_CRS', CRS_MESSAGES.noEpsg);
  }
  const code = authorityCode(parsed);
  if (code !== null) return crsFromEpsg(code);
  const name = typeof parsed.name === 'string' ? parsed.name.replace(/_/g, ' ') : 'WKT';
  return crsFromDefinition(parsed, name, null, legacyDatumNamed(datumNameOf(parsed)));
}
