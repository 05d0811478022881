import Drawing from 'dxf-writer';
import { centroid } from '@turf/turf';
import type { LayerGeometry } from '@mirante/shared';
import { WGS84, type ExportLayer } from './export-layers';

type Point2D = [number, number];
const xy = (position: number[]): Point2D => [position[0] ?? 0, position[1] ?? 0];

/** Every ring or line of a geometry as a polyline, with whether it is closed. */
function polylines(geometry: LayerGeometry): { points: Point2D[]; closed: boolean }[] {
  const open = (line: number[][]) => ({ points: line.map(xy), closed: false });
  // a DXF closed polyline does not repeat its first vertex
  const ring = (line: number[][]) => ({ points: line.slice(0, -1).map(xy), closed: true });
  switch (geometry.type) {
    case 'Point':
      return [];
    case 'LineString':
      return [open(geometry.coordinates)];
    case 'MultiLineString':
      return geometry.coordinates.map(open);
    case 'Polygon':
      return geometry.coordinates.map(ring);
    case 'MultiPolygon':
      return geometry.coordinates.flat().map(ring);
  }
}

/**
 * DXF (AutoCAD 2007: text in UTF-8, as that version defines; GDAL 3.6 reads it so with DXF_ENCODING=UTF-8) for
 * surveyors: one DXF layer per export layer, rings as closed LWPOLYLINEs,
 * lines as open ones, markers as POINTs, and each feature's label as TEXT at its centroid.
 * Units are metres in a UTM zone (a DXF names no CRS: the export's name and the area_crs attribute elsewhere do).
 */
export function writeDxf(layers: ExportLayer[], epsg: number): Uint8Array {
  const drawing = new Drawing();
  drawing.setUnits(epsg === WGS84 ? 'Unitless' : 'Meters');
  const textHeight = epsg === WGS84 ? 0.00001 : 1;
  layers.forEach((layer, layerIndex) => {
    drawing.addLayer(layer.name, (layerIndex % 6) + 1, 'CONTINUOUS');
    drawing.setActiveLayer(layer.name);
    for (const feature of layer.features) {
      if (feature.geometry.type === 'Point') drawing.drawPoint(...xy(feature.geometry.coordinates));
      for (const line of polylines(feature.geometry)) drawing.drawPolyline(line.points, line.closed);
      const label = feature.label;
      if (label) {
        const [x, y] = xy(centroid(feature.geometry).geometry.coordinates);
        drawing.drawText(x, y, textHeight, 0, label, 'center', 'middle');
      }
    }
  });
  // dxf-writer's types omit it; it adds the tables AutoCAD wants (VPORT, STYLE, block records)
  (drawing as Drawing & { generateAutocadExtras(): void }).generateAutocadExtras();
  return new TextEncoder().encode(drawing.toDxfString());
}
