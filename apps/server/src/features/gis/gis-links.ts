/**
 * Where the GIS documents point: the site the request reached (behind a proxy, as TRUST_PROXY lets Fastify read
 * it) and, when the client sent its key in the query, that same `?key=` on every link, since a client that
 * follows links (GDAL, QGIS) sends only what the link holds. A key sent by basic auth never enters a link.
 */
export interface GisLinks {
  /** `https://host` */
  origin: string;
  /** `?key=…` when the key came in the query, else ''. */
  keyQuery: string;
}

/** `path` with `params` and the key in its query. */
export function linkTo(links: GisLinks, path: string, params: Record<string, string | number> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) search.set(name, String(value));
  const own = search.toString();
  const key = links.keyQuery.replace(/^\?/, '');
  const query = [own, key].filter(Boolean).join('&');
  return `${links.origin}${path}${query ? `?${query}` : ''}`;
}
