import type { StyleSpecification } from 'maplibre-gl';

interface FeatureLike {
  properties?: Record<string, unknown> | null;
}

const isCollection = (data: unknown): data is { type: 'FeatureCollection'; features: FeatureLike[] } =>
  typeof data === 'object' &&
  data !== null &&
  (data as { type?: unknown }).type === 'FeatureCollection' &&
  Array.isArray((data as { features?: unknown }).features);

/** An expression with every `['get', 'status']` read as '' (unclassified). */
function statusCleared(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  if (value.length === 2 && value[0] === 'get' && value[1] === 'status') return '';
  return value.map(statusCleared);
}

/** Layers drawing from vector tiles: their paint reads every lot's status as unclassified. */
function layersWithoutStatus(style: StyleSpecification): StyleSpecification['layers'] {
  const tiled = new Set(
    Object.entries(style.sources)
      .filter(([, source]) => source.type === 'vector')
      .map(([id]) => id),
  );
  return style.layers.map((layer) =>
    'source' in layer && tiled.has(layer.source) && 'paint' in layer && layer.paint
      ? ({
          ...layer,
          paint: Object.fromEntries(
            Object.entries(layer.paint).map(([key, value]) => [key, statusCleared(value)]),
          ),
        } as typeof layer)
      : layer,
  );
}

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
  return { ...style, sources: sources as StyleSpecification['sources'], layers: layersWithoutStatus(style) };
}
