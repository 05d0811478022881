import { z } from 'zod';
import { defineEndpoint, DOWNLOAD_ACCESS, fileResponse } from './endpoint';
import { detectionsFiltersSchema } from './detections-report';
import { id, idParams, text } from './input-rules';

/** The geometry formats a layer leaves Mirante in, with their file extension and content type. */
export const GEO_EXPORT_FORMATS = {
  geojson: { label: 'GeoJSON', extension: 'geojson', contentType: 'application/geo+json' },
  kml: { label: 'KML', extension: 'kml', contentType: 'application/vnd.google-earth.kml+xml' },
  shp: { label: 'Shapefile (.zip)', extension: 'zip', contentType: 'application/zip' },
  gpkg: { label: 'GeoPackage', extension: 'gpkg', contentType: 'application/geopackage+sqlite3' },
  dxf: { label: 'DXF', extension: 'dxf', contentType: 'image/vnd.dxf' },
} as const;
export type GeoExportFormat = keyof typeof GEO_EXPORT_FORMATS;
export const GEO_EXPORT_FORMAT_KEYS = Object.keys(GEO_EXPORT_FORMATS) as [
  GeoExportFormat,
  ...GeoExportFormat[],
];

/**
 * The coordinate system of an export: WGS 84 (EPSG:4326) or the project's SIRGAS 2000 / UTM zone. GeoJSON
 * (RFC 7946) and KML are WGS 84 by definition: they are always written so.
 */
export const GEO_EXPORT_CRS = {
  wgs84: 'WGS 84 (EPSG:4326)',
  utm: 'SIRGAS 2000 / UTM do projeto',
} as const;
export type GeoExportCrs = keyof typeof GEO_EXPORT_CRS;
export const WGS84_ONLY_FORMATS: readonly GeoExportFormat[] = ['geojson', 'kml'];

export const GEO_EXPORT_MESSAGES = {
  failed: 'Não foi possível exportar as geometrias. Tente novamente mais tarde.',
  empty: 'Não há geometrias para exportar com estes filtros.',
  formatInvalid: 'Formato de exportação inválido: use geojson, kml, shp, gpkg ou dxf.',
  crsInvalid: 'Sistema de coordenadas inválido: use wgs84 ou utm.',
} as const;

const geoOptions = {
  format: z.enum(GEO_EXPORT_FORMAT_KEYS, { error: GEO_EXPORT_MESSAGES.formatInvalid }),
  crs: z.enum(['wgs84', 'utm'], { error: GEO_EXPORT_MESSAGES.crsInvalid }).default('wgs84'),
  api_token: text(512).optional(),
};
export const geoExportQuerySchema = z.object(geoOptions);
export type GeoExportQuery = z.infer<typeof geoExportQuerySchema>;

export const detectionsGeoExportSchema = detectionsFiltersSchema.extend(geoOptions);
export type DetectionsGeoExportQuery = z.infer<typeof detectionsGeoExportSchema>;

export const notesGeoExportSchema = z.object({ inspection_id: id(), ...geoOptions });
export type NotesGeoExportQuery = z.infer<typeof notesGeoExportSchema>;

const geoFile = fileResponse(
  ...(Object.values(GEO_EXPORT_FORMATS).map((format) => format.contentType) as [string, ...string[]]),
);

export const geoExportApi = {
  layers: defineEndpoint({
    method: 'GET',
    path: '/project/:id/geo-export',
    summary:
      'Lotes (com a situação mais recente) e polígonos de análise do projeto em GeoJSON, KML, Shapefile, GeoPackage ou DXF',
    tags: ['layers'],
    access: DOWNLOAD_ACCESS,
    params: idParams,
    query: geoExportQuerySchema,
    response: geoFile,
    errorStatuses: [401, 403, 404, 422, 503],
  }),
  detections: defineEndpoint({
    method: 'GET',
    path: '/project/:id/allotments/geo-export',
    summary: 'Lotes da Lista de detecções (filtros da página) com a situação na data final, como geometria',
    tags: ['detections'],
    access: DOWNLOAD_ACCESS,
    params: idParams,
    query: detectionsGeoExportSchema,
    response: geoFile,
    errorStatuses: [401, 403, 404, 422, 503],
  }),
  notes: defineEndpoint({
    method: 'GET',
    path: '/notes/geo-export',
    summary: 'Anotações da vistoria como geometria (polígonos, linhas e marcadores)',
    tags: ['construction'],
    access: DOWNLOAD_ACCESS,
    query: notesGeoExportSchema,
    response: geoFile,
    errorStatuses: [401, 403, 404, 422, 503],
  }),
} as const;
