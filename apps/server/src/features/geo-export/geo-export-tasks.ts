import type { GeoExportRequest } from './export-layers';
import { writeGeoExport } from './write-geo-export';

/** The geometry exports' files, written whole on a CPU pool thread (reprojection and the format writers). */
export const geoExportTasks = {
  async writeGeoExport(input: GeoExportRequest) {
    return writeGeoExport(input);
  },
};
