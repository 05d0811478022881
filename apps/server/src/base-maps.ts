import type { BaseMap, BaseMaps } from '@mirante/shared';

/**
 * The external base maps from the environment: `BASEMAP_STREET_URL` / `BASEMAP_SATELLITE_URL` (an XYZ tile URL
 * with {z}/{x}/{y}, or the URL of a MapLibre style JSON) with `…_ATTRIBUTION`. Unset: none (the web then draws
 * the project's own streets and blocks under 'Mapa'). A URL that is not http(s) stops the start-up: a typo
 * should not silently leave the map without its base.
 */
export function baseMapsFromEnv(env: NodeJS.ProcessEnv): BaseMaps {
  return {
    street: baseMap('BASEMAP_STREET', env),
    satellite: baseMap('BASEMAP_SATELLITE', env),
  };
}

function baseMap(prefix: string, env: NodeJS.ProcessEnv): BaseMap | null {
  const url = env[`${prefix}_URL`]?.trim() ?? '';
  if (url === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/\{[a-z]\}/g, '0'));
  } catch {
    throw new Error(`${prefix}_URL is not a URL: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error(`${prefix}_URL must be http(s): ${url}`);
  const tiles = url.includes('{z}') && url.includes('{x}') && url.includes('{y}');
  return { kind: tiles ? 'tiles' : 'style', url, attribution: env[`${prefix}_ATTRIBUTION`]?.trim() ?? '' };
}

/**
 * Origins the browser may fetch base-map data from (Content-Security-Policy connect-src and img-src): those of
 * the configured URLs plus `BASEMAP_EXTRA_ORIGINS` (comma-separated; the tile, glyph and sprite hosts a style
 * names when they are not the style's own host).
 */
export function baseMapOrigins(env: NodeJS.ProcessEnv): string[] {
  const maps = baseMapsFromEnv(env);
  const origins = [maps.street, maps.satellite]
    .filter((map): map is BaseMap => map !== null)
    .map((map) => new URL(map.url.replace(/\{[a-z]\}/g, '0')).origin);
  const extra = (env.BASEMAP_EXTRA_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => /^https?:\/\/[^/\s;']+$/.test(origin));
  return [...new Set([...origins, ...extra])];
}
