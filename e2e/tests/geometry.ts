import type { Layer } from '@mirante/shared';

/** The outer ring of a polygon layer's geometry (the demo's lots and patches); any other geometry fails the test. */
export function outerRing(layer: Pick<Layer, 'id' | 'geo_json'>): [number, number][] {
  const geometry = layer.geo_json;
  if (geometry.type !== 'Polygon') throw new Error(`layer ${layer.id}: a ${geometry.type}, not a Polygon`);
  return geometry.coordinates[0]!.map(([lng, lat]) => [lng!, lat!]);
}
