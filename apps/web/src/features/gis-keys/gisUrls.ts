/** The GIS addresses of a project on this server, with the key in the query when one is given. */
export interface GisUrls {
  wmts: string;
  features: string;
}

export function gisUrls(origin: string, projectId: number, key?: string): GisUrls {
  const withKey = (url: string) => (key ? `${url}?key=${encodeURIComponent(key)}` : url);
  const base = `${origin}/gis/project/${projectId}`;
  return {
    wmts: withKey(`${base}/wmts/1.0.0/WMTSCapabilities.xml`),
    features: withKey(`${base}/ogc`),
  };
}
