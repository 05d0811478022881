import { GEO_EXPORT_FORMATS, WGS84_ONLY_FORMATS } from '@mirante/shared';
import { WGS84, type ExportLayer, type GeoExportRequest } from './export-layers';
import { reprojectGeometry } from './reproject';
import { writeDxf } from './write-dxf';
import { writeGeoJson } from './write-geojson';
import { writeGeoPackage } from './write-geopackage';
import { writeKml } from './write-kml';
import { writeShapefileZip } from './write-shapefile';

export interface WrittenGeoExport {
  bytes: Uint8Array;
  contentType: string;
  filename: string;
  /** The CRS the coordinates were written in (GeoJSON and KML: always 4326). */
  epsg: number;
}

/** Writes the layers in the asked format and CRS (GeoJSON and KML stay WGS 84, as their standards say). */
export function writeGeoExport(request: GeoExportRequest): WrittenGeoExport {
  const epsg = WGS84_ONLY_FORMATS.includes(request.format) ? WGS84 : request.epsg;
  const layers: ExportLayer[] = request.layers.map((layer) => ({
    ...layer,
    features: layer.features.map((feature) => ({
      ...feature,
      geometry: reprojectGeometry(feature.geometry, epsg),
    })),
  }));
  const bytes = (() => {
    switch (request.format) {
      case 'geojson':
        return writeGeoJson(layers);
      case 'kml':
        return writeKml(layers);
      case 'shp':
        return writeShapefileZip(layers, epsg);
      case 'gpkg':
        return writeGeoPackage(layers, epsg);
      case 'dxf':
        return writeDxf(layers, epsg);
    }
  })();
  const format = GEO_EXPORT_FORMATS[request.format];
  return {
    bytes,
    contentType: format.contentType,
    filename: `${request.baseName}.${format.extension}`,
    epsg,
  };
}
