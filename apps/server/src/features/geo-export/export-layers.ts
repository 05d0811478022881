import type { GeoExportFormat, LayerGeometry } from '@mirante/shared';

/** An attribute value of an exported feature (names within 10 characters: Shapefile's limit). */
export type ExportValue = string | number | null;

export interface ExportFeature {
  /** Lon/lat (WGS 84), as stored. */
  geometry: LayerGeometry;
  properties: Record<string, ExportValue>;
  /** A short text for drawings (the DXF's TEXT at the feature): 'Quadra 3 Lote 12 - Construído'. */
  label: string;
}

/** One layer of an export: a GeoPackage table, a KML folder, a set of Shapefile files, a DXF layer. */
export interface ExportLayer {
  /** ASCII, lower case (a file, table and layer name): 'lotes', 'analises', 'anotacoes'. */
  name: string;
  /** The attribute names in the order they are written (all features carry each of them). */
  fields: string[];
  features: ExportFeature[];
}

export interface GeoExportRequest {
  format: GeoExportFormat;
  /** 4326, or a SIRGAS 2000 / UTM zone (31978–31985) the coordinates are written in. */
  epsg: number;
  /** The file's base name, without extension. */
  baseName: string;
  layers: ExportLayer[];
}

export const WGS84 = 4326;

/** The attributes that are numbers, typed so even when every value of an export is empty. */
export const NUMERIC_FIELDS: ReadonlySet<string> = new Set([
  'confianca',
  'area_m2',
  'comprim_m',
  'volume_m3',
]);
