import type { ImportProblem, LayerImportFormat } from '@mirante/shared';
import type { Geometry } from 'geojson';

/** One feature as the file has it: coordinates still in the file's CRS. */
export interface SourceFeature {
  /** Position in the file, from 0 (the report names features by it). */
  index: number;
  /** The file's own id for the feature (GeoJSON id, KML id, shapefile record number, DXF handle). */
  featureId: string | null;
  /** Where the feature sits inside the file (shapefile name, KML folder, DXF layer): a type may be read from it. */
  sourceLayer: string | null;
  properties: Record<string, unknown>;
  geometry: Geometry | null;
}

/** What the file says about its CRS. */
export type DeclaredCrs =
  | { kind: 'wkt'; wkt: string }
  | { kind: 'epsg'; code: number }
  /** The format fixes WGS 84 longitude/latitude (KML). */
  | { kind: 'wgs84' }
  /** The format has no CRS (DXF): the user must name one. */
  | { kind: 'none' }
  /** The format allows a CRS but this file names none (GeoJSON: RFC 7946 says WGS 84). */
  | { kind: 'unspecified' };

export interface SourceFile {
  format: LayerImportFormat;
  features: SourceFeature[];
  declaredCrs: DeclaredCrs;
  /** Problems the reader found (DXF open shapes, texts outside lots…); locations in the file's CRS. */
  problems: ImportProblem[];
}
