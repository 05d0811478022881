import proj4 from 'proj4';
import type { Converter } from 'proj4';

/** A GeoJSON area geometry in lon/lat (WGS 84 / SIRGAS 2000 coordinates, which agree within centimetres). */
export type PlanarGeometry =
  { type: 'Polygon'; coordinates: number[][][] } | { type: 'MultiPolygon'; coordinates: number[][][][] };

/** The SIRGAS 2000 / UTM zones covering Brazil: 18S (EPSG:31978) to 25S (EPSG:31985). */
export const SIRGAS_UTM_EPSG = { first: 31978, last: 31985 } as const;

/**
 * The SIRGAS 2000 / UTM zone (EPSG:31978–31985) of a longitude: the 6° zone it falls in, clamped to Brazil's
 * zones 18–25. These "south" zones use the 10,000 km false northing on both sides of the equator.
 */
export function sirgasUtmEpsg(longitude: number): number {
  const zone = Math.floor((longitude + 180) / 6) + 1;
  return 31960 + Math.min(25, Math.max(18, zone));
}

/** The zone's name as GIS tools show it: 'SIRGAS 2000 / UTM zone 23S'. */
export const sirgasUtmName = (epsg: number): string => `SIRGAS 2000 / UTM zone ${epsg - 31960}S`;

/** The proj4 definition of a SIRGAS 2000 / UTM zone (GRS 80, no datum shift from WGS 84). */
export const sirgasUtmProj4 = (epsg: number): string =>
  `+proj=utm +zone=${epsg - 31960} +south +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs`;

const converters = new Map<number, Converter>();

/** Lon/lat → SIRGAS 2000 / UTM easting/northing of the given zone. */
export function toSirgasUtm(epsg: number): (position: readonly number[]) => [number, number] {
  if (epsg < SIRGAS_UTM_EPSG.first || epsg > SIRGAS_UTM_EPSG.last)
    throw new RangeError(`EPSG:${epsg} is not a SIRGAS 2000 / UTM zone of Brazil`);
  let converter = converters.get(epsg);
  if (!converter) {
    converter = proj4('EPSG:4326', sirgasUtmProj4(epsg));
    converters.set(epsg, converter);
  }
  const forward = converter;
  return (position) => forward.forward([position[0] ?? 0, position[1] ?? 0]) as [number, number];
}

/** SIRGAS 2000 / UTM easting/northing of the given zone → lon/lat (a surveyed corner read as the map draws it). */
export function fromSirgasUtm(epsg: number): (position: readonly number[]) => [number, number] {
  toSirgasUtm(epsg);
  const converter = converters.get(epsg) as Converter;
  return (position) => converter.inverse([position[0] ?? 0, position[1] ?? 0]) as [number, number];
}

/** The zone of a geometry: the one of its bounding box's middle longitude. */
export function geometryUtmEpsg(geometry: PlanarGeometry): number {
  let min = Infinity;
  let max = -Infinity;
  const rings = geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
  for (const ring of rings)
    for (const position of ring) {
      const lon = position[0] ?? 0;
      if (lon < min) min = lon;
      if (lon > max) max = lon;
    }
  return sirgasUtmEpsg(Number.isFinite(min) ? (min + max) / 2 : 0);
}

/** Shoelace area (m², unsigned) of a ring of projected positions. */
function shoelace(ring: readonly (readonly [number, number])[]): number {
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as readonly [number, number];
    const [xj, yj] = ring[j] as readonly [number, number];
    twice += xj * yi - xi * yj;
  }
  return Math.abs(twice) / 2;
}

/**
 * A surveyor's area: the planar area (m²) of a lon/lat polygon in a SIRGAS 2000 / UTM zone (by default the
 * geometry's own; pass the project's zone so every feature of a project is measured in one plane), outer
 * rings minus holes. A lot surveyed as 12 × 30 m in that zone measures exactly 360 m², as a CAD or GIS tool
 * working in the zone shows it; a geodesic (spherical) area of the same lot differs by the zone's scale factor.
 */
export function planarArea(geometry: PlanarGeometry, epsg = geometryUtmEpsg(geometry)): number {
  const project = toSirgasUtm(epsg);
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let total = 0;
  for (const polygon of polygons)
    polygon.forEach((ring, index) => {
      const area = shoelace(ring.map(project));
      total += index === 0 ? area : -area;
    });
  return total;
}

/**
 * A surveyor's length: the planar length (m) of a lon/lat line in a SIRGAS 2000 / UTM zone (by default the
 * one of its first point), as measured on a drawing in that zone.
 */
export function planarLength(line: readonly (readonly number[])[], epsg?: number): number {
  if (line.length < 2) return 0;
  const project = toSirgasUtm(epsg ?? sirgasUtmEpsg(line[0]?.[0] ?? 0));
  let total = 0;
  let previous = project(line[0] ?? []);
  for (const position of line.slice(1)) {
    const next = project(position);
    total += Math.hypot(next[0] - previous[0], next[1] - previous[1]);
    previous = next;
  }
  return total;
}
