import { toSirgasUtm, type LayerGeometry } from '@mirante/shared';
import { WGS84 } from './export-layers';

type Position = number[];

/** The geometry with its positions written in `epsg` (lon/lat kept for WGS 84). */
export function reprojectGeometry(geometry: LayerGeometry, epsg: number): LayerGeometry {
  if (epsg === WGS84) return geometry;
  const forward = toSirgasUtm(epsg);
  const point = (position: Position): Position => forward(position);
  const line = (positions: Position[]) => positions.map(point);
  switch (geometry.type) {
    case 'Point':
      return { type: 'Point', coordinates: point(geometry.coordinates) };
    case 'LineString':
      return { type: 'LineString', coordinates: line(geometry.coordinates) };
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: geometry.coordinates.map(line) };
    case 'Polygon':
      return { type: 'Polygon', coordinates: geometry.coordinates.map(line) };
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: geometry.coordinates.map((polygon) => polygon.map(line)) };
  }
}
