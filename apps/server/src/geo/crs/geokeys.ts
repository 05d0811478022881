import { crsFromDefinition, crsFromEpsg, type Crs } from './crs';
import { CRS_MESSAGES, CrsError } from './crs-error';
import { epsgEntry, legacyDatumOf, withoutDatumShift } from './epsg-definitions';
import { crsFromWkt } from './wkt';

export type GeoKeys = Partial<Record<string, unknown>>;

/** GeoKey value meaning "user-defined" (no EPSG code). */
const USER_DEFINED = 32767;
const MODEL_TYPE_PROJECTED = 1;
const MODEL_TYPE_GEOGRAPHIC = 2;

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const code = (value: unknown): number | undefined => {
  const n = num(value);
  return n !== undefined && n > 0 && n !== USER_DEFINED ? n : undefined;
};

/** ESRI writes its PE string into a citation; GDAL reads it the same way. */
function esriPeString(keys: GeoKeys): string | null {
  for (const key of ['PCSCitationGeoKey', 'GTCitationGeoKey', 'GeogCitationGeoKey']) {
    const value = keys[key];
    if (typeof value !== 'string') continue;
    const match = /ESRI PE String\s*=\s*(.+)$/s.exec(value);
    if (match) return match[1]!.trim();
  }
  return null;
}

/** The datum part of the definition: a known geographic CRS or datum code, else the ellipsoid's axes. */
function datumPart(keys: GeoKeys): string {
  const geographic = code(keys.GeographicTypeGeoKey);
  const datum = code(keys.GeogGeodeticDatumGeoKey);
  // EPSG datum codes 6xxx have their geographic CRS at 4xxx.
  const fromCode =
    geographic ?? (datum !== undefined && datum >= 6000 && datum < 7000 ? datum - 2000 : undefined);
  const entry = fromCode !== undefined ? epsgEntry(fromCode) : null;
  if (entry) return entry.proj4.replace(/\+proj=\S+|\+no_defs|\+type=crs|\+units=\S+/g, '').trim();
  const a = num(keys.GeogSemiMajorAxisGeoKey);
  const rf = num(keys.GeogInvFlatteningGeoKey);
  const b = num(keys.GeogSemiMinorAxisGeoKey);
  if (a !== undefined && rf !== undefined && rf > 0) return `+a=${a} +rf=${rf}`;
  if (a !== undefined && b !== undefined) return `+a=${a} +b=${b}`;
  if (a !== undefined) return `+a=${a} +b=${a}`;
  return '+datum=WGS84';
}

const LINEAR_UNITS: Record<number, number> = { 9001: 1, 9002: 0.3048, 9003: 1200 / 3937, 9036: 1000 };

/** ProjCoordTransGeoKey → the proj4 parameters GDAL would map it to (GeoTIFF the roles and permissions). */
function projectionPart(keys: GeoKeys): string | null {
  const get = (...names: string[]) => names.map((name) => num(keys[name])).find((v) => v !== undefined) ?? 0;
  const lat0 = get('ProjNatOriginLatGeoKey', 'ProjFalseOriginLatGeoKey', 'ProjCenterLatGeoKey');
  const lon0 = get('ProjNatOriginLongGeoKey', 'ProjFalseOriginLongGeoKey', 'ProjCenterLongGeoKey');
  const x0 = get('ProjFalseEastingGeoKey', 'ProjFalseOriginEastingGeoKey', 'ProjCenterEastingGeoKey');
  const y0 = get('ProjFalseNorthingGeoKey', 'ProjFalseOriginNorthingGeoKey', 'ProjCenterNorthingGeoKey');
  const k = num(keys.ProjScaleAtNatOriginGeoKey) ?? num(keys.ProjScaleAtCenterGeoKey) ?? 1;
  const sp1 = get('ProjStdParallel1GeoKey');
  const sp2 = num(keys.ProjStdParallel2GeoKey) ?? sp1;
  const origin = `+lat_0=${lat0} +lon_0=${lon0} +x_0=${x0} +y_0=${y0}`;
  switch (num(keys.ProjCoordTransGeoKey)) {
    case 1: // TransverseMercator
      return `+proj=tmerc ${origin} +k=${k}`;
    case 7: // Mercator
      return `+proj=merc +lon_0=${lon0} +x_0=${x0} +y_0=${y0} +k=${k}`;
    case 8: // LambertConfConic_2SP
      return `+proj=lcc +lat_1=${sp1} +lat_2=${sp2} ${origin}`;
    case 9: // LambertConfConic_1SP
      return `+proj=lcc +lat_1=${lat0} ${origin} +k_0=${k}`;
    case 10: // LambertAzimEqualArea
      return `+proj=laea ${origin}`;
    case 11: // AlbersEqualArea
      return `+proj=aea +lat_1=${sp1} +lat_2=${sp2} ${origin}`;
    case 15: // PolarStereographic
      return `+proj=stere +lat_0=${lat0 >= 0 ? 90 : -90} +lat_ts=${lat0} +lon_0=${get('ProjStraightVertPoleLongGeoKey', 'ProjNatOriginLongGeoKey')} +x_0=${x0} +y_0=${y0} +k=${k}`;
    case 16: // ObliqueStereographic
      return `+proj=sterea ${origin} +k=${k}`;
    case 17: // Equirectangular
      return `+proj=eqc +lat_ts=${sp1} ${origin}`;
    case 22: // Polyconic
      return `+proj=poly ${origin}`;
    default:
      return null;
  }
}

/** EPSG's UTM conversions (16001–16060 north, 16101–16160 south), as a user-defined PCS may name them. */
function utmPart(projection: number | undefined): string | null {
  if (projection === undefined) return null;
  if (projection > 16000 && projection <= 16060) return `+proj=utm +zone=${projection - 16000}`;
  if (projection > 16100 && projection <= 16160) return `+proj=utm +zone=${projection - 16100} +south`;
  return null;
}

/**
 * The CRS a GeoTIFF declares in its GeoKeys: an EPSG code (ProjectedCSType / GeographicType), an ESRI PE
 * string in a citation, or a user-defined CRS written as parameters (read as GDAL does, then by proj4).
 */
export function crsFromGeoKeys(keys: GeoKeys | null): Crs {
  if (!keys) throw new CrsError('UNKNOWN_CRS', CRS_MESSAGES.noEpsg);
  const modelType = num(keys.GTModelTypeGeoKey);
  const projectedCode = code(keys.ProjectedCSTypeGeoKey);
  const geographicCode = code(keys.GeographicTypeGeoKey);
  if (modelType === MODEL_TYPE_PROJECTED && projectedCode !== undefined) return crsFromEpsg(projectedCode);
  if (modelType === MODEL_TYPE_GEOGRAPHIC && geographicCode !== undefined) return crsFromEpsg(geographicCode);
  const pe = esriPeString(keys);
  if (pe) return crsFromWkt(pe);
  const datum = datumPart(keys);
  let definition: string | null = null;
  if (modelType === MODEL_TYPE_GEOGRAPHIC) definition = `+proj=longlat ${datum}`;
  if (modelType === MODEL_TYPE_PROJECTED) {
    const projection = utmPart(code(keys.ProjectionGeoKey)) ?? projectionPart(keys);
    const unit = LINEAR_UNITS[num(keys.ProjLinearUnitsGeoKey) ?? 9001];
    if (projection && unit !== undefined) definition = `${projection} ${datum} +to_meter=${unit}`;
  }
  if (!definition) throw new CrsError('UNKNOWN_CRS', CRS_MESSAGES.noEpsg);
  const legacy = legacyDatumOf(definition);
  const citation = typeof keys.GTCitationGeoKey === 'string' ? keys.GTCitationGeoKey : '';
  const name = citation && citation !== 'unnamed' ? citation : 'Sistema definido pelo usuário';
  return crsFromDefinition(legacy ? withoutDatumShift(definition) : definition, name, null, legacy);
}
