import {
  buildPath,
  endpointUrl,
  geoExportApi,
  type GeoExportCrs,
  type GeoExportFormat,
} from '@mirante/shared';
import { readStoredCredentials } from '../session/credentialsStorage';

export interface GeoExportChoice {
  format: GeoExportFormat;
  crs: GeoExportCrs;
}

const withToken = (values: Record<string, string | undefined>) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) query.set(key, value);
  query.set('api_token', readStoredCredentials()?.api_token ?? '');
  return query.toString();
};

/** The map's geometry export: lots with their latest status and the environment analyses' polygons. */
export const layersGeoExportHref = (projectId: number, choice: GeoExportChoice) =>
  `${buildPath(endpointUrl(geoExportApi.layers), { id: projectId })}?${withToken({ ...choice })}`;

/** The detections report's lots as geometry, with the page's filters (as its CSV/Excel export sends them). */
export const detectionsGeoExportHref = (
  projectId: number,
  filters: Record<string, string | undefined>,
  choice: GeoExportChoice,
) =>
  `${buildPath(endpointUrl(geoExportApi.detections), { id: projectId })}?${withToken({ ...filters, ...choice })}`;

/** An inspection's notes as geometry. */
export const notesGeoExportHref = (inspectionId: number, choice: GeoExportChoice) =>
  `${endpointUrl(geoExportApi.notes)}?${withToken({ inspection_id: String(inspectionId), ...choice })}`;
