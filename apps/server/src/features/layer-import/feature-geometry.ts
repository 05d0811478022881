import type { LayerGeometry, LayerType } from '@mirante/shared';
import type { Geometry } from 'geojson';

/** Types drawn as areas: their features must be polygons. */
const AREA_TYPES: ReadonlySet<LayerType> = new Set([
  'LOT',
  'BLOCK',
  'STAGE',
  'PPA',
  'LIMIT',
  'RESERVA_LEGAL',
  'AREA_VERDE',
]);

export type GeometryCheck = { geometry: LayerGeometry } | { unsupported: string };

/**
 * The geometry as a layer may hold it: a GeometryCollection of polygons (KML MultiGeometry) becomes a
 * MultiPolygon, of lines a MultiLineString, a one-point MultiPoint a Point; area types must be polygons.
 */
export function layerGeometryOf(geometry: Geometry, type: LayerType): GeometryCheck {
  let result: LayerGeometry | null = null;
  switch (geometry.type) {
    case 'Point':
    case 'LineString':
    case 'MultiLineString':
    case 'Polygon':
    case 'MultiPolygon':
      result = geometry as LayerGeometry;
      break;
    case 'MultiPoint':
      if (geometry.coordinates.length === 1)
        result = { type: 'Point', coordinates: geometry.coordinates[0]! };
      break;
    case 'GeometryCollection': {
      const parts = geometry.geometries;
      if (
        parts.length > 0 &&
        parts.every((part) => part.type === 'Polygon' || part.type === 'MultiPolygon')
      ) {
        result = {
          type: 'MultiPolygon',
          coordinates: parts.flatMap((part) =>
            part.type === 'Polygon'
              ? [part.coordinates]
              : part.type === 'MultiPolygon'
                ? part.coordinates
                : [],
          ),
        };
      } else if (parts.length > 0 && parts.every((part) => part.type === 'LineString')) {
        result = {
          type: 'MultiLineString',
          coordinates: parts.flatMap((part) => (part.type === 'LineString' ? [part.coordinates] : [])),
        };
      }
      break;
    }
  }
  if (!result) return { unsupported: `geometria ${geometry.type} não suportada` };
  if (AREA_TYPES.has(type) && result.type !== 'Polygon' && result.type !== 'MultiPolygon') {
    return { unsupported: `${result.type} não é um polígono` };
  }
  return { geometry: result };
}

/** A point of the geometry to show a problem at (the first vertex; the box centre for polygons). */
export function anchorOf(
  geometry: LayerGeometry,
  bbox: [number, number, number, number] | null,
): [number, number] | null {
  if (bbox) return [(bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2];
  const first =
    geometry.type === 'Point'
      ? geometry.coordinates
      : geometry.type === 'LineString'
        ? geometry.coordinates[0]
        : geometry.type === 'MultiLineString' || geometry.type === 'Polygon'
          ? geometry.coordinates[0]?.[0]
          : geometry.coordinates[0]?.[0]?.[0];
  return first && first.length >= 2 ? [first[0]!, first[1]!] : null;
}
