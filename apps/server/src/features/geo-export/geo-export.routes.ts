import { geoExportApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { GeoExportFile, GeoExportService } from './geo-export.service';

const download = (file: GeoExportFile) => ({
  body: file.body,
  contentType: file.contentType,
  cacheControl: 'no-store',
  downloadName: file.filename,
});

/** The geometry downloads of the map, the detections report and the notes page (session or api_token). */
export function registerGeoExportRoutes(route: Router, geoExport: GeoExportService): void {
  route(geoExportApi.layers, async ({ user, params, query }) =>
    download(await geoExport.layers(user, params.id, query)),
  );
  route(geoExportApi.detections, async ({ user, params, query }) =>
    download(await geoExport.detections(user, params.id, query)),
  );
  route(geoExportApi.notes, async ({ user, query }) => download(await geoExport.notes(user, query)));
}
