import type { BaseMap } from '@mirante/shared';
import type { LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl';

/** The part of the map style an external base map adds beneath the project: its sources and layers. */
export interface BaseMapPart {
  sources: Record<string, SourceSpecification>;
  layers: LayerSpecification[];
  glyphs?: string;
  sprite?: StyleSpecification['sprite'];
  attribution: string;
}

export const BASE_MAP_SOURCE = 'base-map';
/** Ids of a base style's sources and layers get this prefix, so they never clash with ours. */
const PREFIX = 'base:';

/**
 * The base map's part of the style: an XYZ tile server as one raster layer; a MapLibre style (already fetched)
 * as its own sources and layers, renamed, without its background (ours is drawn first). Null while a style is
 * still loading or failed (the map then shows without it).
 */
export function baseMapPart(base: BaseMap, fetchedStyle: StyleSpecification | null): BaseMapPart | null {
  if (base.kind === 'tiles') {
    return {
      sources: {
        [BASE_MAP_SOURCE]: {
          type: 'raster',
          tiles: expandSubdomains(base.url),
          tileSize: 256,
          attribution: base.attribution,
          maxzoom: 19,
        },
      },
      layers: [
        {
          id: BASE_MAP_SOURCE,
          type: 'raster',
          source: BASE_MAP_SOURCE,
          paint: { 'raster-fade-duration': 0 },
        },
      ],
      attribution: base.attribution,
    };
  }
  if (!fetchedStyle) return null;
  const sources = Object.fromEntries(
    Object.entries(fetchedStyle.sources).map(([id, source]) => [PREFIX + id, source]),
  );
  const layers = fetchedStyle.layers
    .filter((layer) => layer.type !== 'background')
    .map((layer) =>
      'source' in layer && typeof layer.source === 'string'
        ? ({ ...layer, id: PREFIX + layer.id, source: PREFIX + layer.source } as LayerSpecification)
        : ({ ...layer, id: PREFIX + layer.id } as LayerSpecification),
    );
  return {
    sources,
    layers,
    ...(fetchedStyle.glyphs ? { glyphs: fetchedStyle.glyphs } : {}),
    ...(fetchedStyle.sprite ? { sprite: fetchedStyle.sprite } : {}),
    attribution: base.attribution,
  };
}

/** `{s}` in a tile URL: the spec's tile subdomains 1 to 4, one URL each (MapLibre spreads requests over them). */
export function expandSubdomains(url: string): string[] {
  return url.includes('{s}') ? ['1', '2', '3', '4'].map((s) => url.replace('{s}', s)) : [url];
}
