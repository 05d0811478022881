import { LAYER_IMPORT_MESSAGES, type LayerImportReport } from '@mirante/shared';
import { crsFromEpsg, crsFromWkt, CrsError, type Crs } from '../../geo/crs';
import { unprocessable } from '../../http/app-error';
import type { DeclaredCrs } from './read/source-file';

const WGS84 = 4326;

export interface FileCrs {
  crs: Crs;
  source: LayerImportReport['crs']['source'];
}

function build(make: () => Crs, detail: string): Crs {
  try {
    return make();
  } catch (error) {
    if (error instanceof CrsError)
      throw unprocessable('UNKNOWN_CRS', LAYER_IMPORT_MESSAGES.crsUnknown(detail));
    throw error;
  }
}

/**
 * The CRS of the file's coordinates: the `epsg` field when given (it overrides the file), else what the file
 * declares (.prj, GeoJSON `crs`, KML's WGS 84), else RFC 7946's WGS 84. A DXF has none: the field is required.
 */
export function fileCrs(declared: DeclaredCrs, epsg: number | undefined): FileCrs {
  if (epsg !== undefined) return { crs: build(() => crsFromEpsg(epsg), `EPSG:${epsg}`), source: 'field' };
  switch (declared.kind) {
    case 'epsg':
      return { crs: build(() => crsFromEpsg(declared.code), `EPSG:${declared.code}`), source: 'file' };
    case 'wkt':
      return { crs: build(() => crsFromWkt(declared.wkt), declared.wkt.slice(0, 80)), source: 'file' };
    case 'wgs84':
      return { crs: crsFromEpsg(WGS84), source: 'file' };
    case 'none':
      throw unprocessable('EPSG_REQUIRED', LAYER_IMPORT_MESSAGES.epsgRequired);
    case 'unspecified':
      return { crs: crsFromEpsg(WGS84), source: 'default' };
  }
}

/** How a CRS is named in messages: 'EPSG:31983 (SIRGAS 2000 / UTM zone 23S)'. */
export const crsLabel = (crs: Crs) => (crs.epsg !== null ? `EPSG:${crs.epsg} (${crs.name})` : crs.name);
