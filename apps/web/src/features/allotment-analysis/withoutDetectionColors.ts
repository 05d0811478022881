import type { StyleSpecification } from 'maplibre-gl';

interface FeatureLike {
  properties?: Record<string, unknown> | null;
}

const isCollection = (data: unknown): data is { type: 'FeatureCollection'; features: FeatureLike[] } =>
  typeof data === 'object' &&
  data !== null &&
  (data as { type?: unknown }).type === 'FeatureCollection' &&
  Array.isArray((data as { features?: unknown }).features);

/** The style with every lot unclassified (grey): 'Cores das detecções' turned off in Configurações. */
export function withoutDetectionColors(style: StyleSpecification): StyleSpecification {
  const sources = Object.fromEntries(
    Object.entries(style.sources).map(([id, source]) => {
      if (source.type !== 'geojson' || !isCollection(source.data)) return [id, source];
      const features = source.data.features.map((feature) =>
        feature.properties?.type === 'LOT'
          ? { ...feature, properties: { ...feature.properties, status: '' } }
          : feature,
      );
      return [id, { ...source, data: { ...source.data, features } }];
    }),
  );
  return { ...style, sources: sources as StyleSpecification['sources'] };
}
