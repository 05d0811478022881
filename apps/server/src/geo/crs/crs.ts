import proj4 from 'proj4';
import type { Converter, ProjectionDefinition } from 'proj4';
import { CRS_MESSAGES, CrsError } from './crs-error';
import { loadDatumGrid } from './datum-grids';
import { epsgEntry, legacyDatumOf, withoutDatumShift, type LegacyDatum } from './epsg-definitions';

/** A coordinate reference system of a file, with its transforms to and from WGS 84 longitude/latitude. */
export interface Crs {
  /** null for a user-defined CRS (GeoKeys without a code, ESRI PE or WKT strings). */
  epsg: number | null;
  name: string;
  /** The old Brazilian datum it stands on, if any (its grid is shipped). */
  legacyDatum: string | null;
  /** Source CRS coordinates → [longitude, latitude] (WGS 84); NaN where no transform applies. */
  toLonLat(x: number, y: number): [number, number];
  /** [longitude, latitude] → source CRS coordinates; NaN where no transform applies. */
  fromLonLat(lon: number, lat: number): [number, number];
}

const NOTHING: [number, number] = [Number.NaN, Number.NaN];

type ProjDefinition = string | ProjectionDefinition;

function pair(result: unknown): [number, number] | null {
  if (!Array.isArray(result)) return null;
  const [a, b] = result as number[];
  return Number.isFinite(a) && Number.isFinite(b) ? [a!, b!] : null;
}

/**
 * Old Brazilian datums: the IBGE grid where it has data (PROJ's first choice, so GDAL's when the grid is
 * installed), else PROJ's Helmert shift; the result is NaN only outside both (Córrego Alegre 1961).
 */
function legacyConverters(base: ProjDefinition, datum: LegacyDatum): Converter[] {
  loadDatumGrid(datum.grid);
  const converters: Converter[] = [];
  if (typeof base === 'string') {
    const bare = withoutDatumShift(base);
    converters.push(proj4(`${bare} +nadgrids=${datum.grid}`, 'EPSG:4326'));
    if (datum.helmert) converters.push(proj4(`${bare} +towgs84=${datum.helmert}`, 'EPSG:4326'));
  } else {
    const bare = { ...base, datumCode: undefined, datum_params: undefined };
    converters.push(proj4(new proj4.Proj({ ...bare, nadgrids: datum.grid }), 'EPSG:4326'));
    if (datum.helmert) {
      const datumParams = datum.helmert.split(',').map(Number);
      converters.push(proj4(new proj4.Proj({ ...bare, datum_params: datumParams }), 'EPSG:4326'));
    }
  }
  return converters;
}

function fromConverters(
  epsg: number | null,
  name: string,
  datum: LegacyDatum | null,
  converters: Converter[],
): Crs {
  const [first] = converters;
  if (!first) throw new CrsError('UNKNOWN_CRS', CRS_MESSAGES.noEpsg);
  if (converters.length === 1) {
    return {
      epsg,
      name,
      legacyDatum: datum?.label ?? null,
      toLonLat: (x, y) => pair(first.forward([x, y])) ?? NOTHING,
      fromLonLat: (lon, lat) => pair(first.inverse([lon, lat])) ?? NOTHING,
    };
  }
  const attempt = (run: (converter: Converter) => unknown): [number, number] => {
    for (const converter of converters) {
      const result = pair(run(converter));
      if (result) return result;
    }
    return NOTHING;
  };
  return {
    epsg,
    name,
    legacyDatum: datum?.label ?? null,
    toLonLat: (x, y) => attempt((converter) => converter.forward([x, y])),
    fromLonLat: (lon, lat) => attempt((converter) => converter.inverse([lon, lat])),
  };
}

/** Builds a CRS from a proj4 definition (string or parsed WKT) and the legacy datum it stands on. */
export function crsFromDefinition(
  definition: ProjDefinition,
  name: string,
  epsg: number | null,
  datum: LegacyDatum | null,
): Crs {
  let converters: Converter[];
  try {
    const projection = typeof definition === 'string' ? definition : new proj4.Proj(definition);
    converters = datum ? legacyConverters(definition, datum) : [proj4(projection, 'EPSG:4326')];
  } catch {
    throw new CrsError('UNKNOWN_CRS', CRS_MESSAGES.noEpsg);
  }
  return fromConverters(epsg, name, datum, converters);
}

/** A CRS from its EPSG code, with its definition from epsg-index (never a hand-typed table). */
export function crsFromEpsg(code: number): Crs {
  const entry = epsgEntry(code);
  if (!entry) throw new CrsError('UNKNOWN_CRS', CRS_MESSAGES.unknownEpsg(code));
  const datum = legacyDatumOf(entry.proj4);
  try {
    return crsFromDefinition(entry.proj4, entry.name, code, datum);
  } catch {
    throw new CrsError('UNKNOWN_CRS', CRS_MESSAGES.unknownEpsg(code));
  }
}
