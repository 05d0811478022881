import type { FeatureCollection } from 'geojson';
import type { ExportLayer } from './export-layers';

/**
 * RFC 7946 GeoJSON: always lon/lat WGS 84 (the RFC allows no other CRS, so no `crs` member); the layers are
 * one collection, each feature carrying its layer's name as `camada`.
 */
export function toFeatureCollection(layers: ExportLayer[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: layers.flatMap((layer) =>
      layer.features.map((feature) => ({
        type: 'Feature' as const,
        properties: { camada: layer.name, ...feature.properties },
        geometry: feature.geometry,
      })),
    ),
  };
}

export const writeGeoJson = (layers: ExportLayer[]): Uint8Array =>
  new TextEncoder().encode(JSON.stringify(toFeatureCollection(layers)));
