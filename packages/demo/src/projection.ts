import proj4 from 'proj4';

/** SIRGAS 2000 / UTM zone 22S, the CRS every demo GeoTIFF is written in. */
export const DEMO_EPSG = 31982;

// The single CRS the generator writes; its definition matches EPSG:31982 (GRS80, towgs84 zero).
const UTM_22S = '+proj=utm +zone=22 +south +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs +type=crs';
const converter = proj4('EPSG:4326', UTM_22S);

export type LonLat = [number, number];
/** Easting, northing in metres (EPSG:31982). */
export type Utm = [number, number];

export function lonLatToUtm([lon, lat]: LonLat): Utm {
  const [x, y] = converter.forward([lon, lat]);
  return [x, y] as Utm;
}

export function utmToLonLat([x, y]: Utm): LonLat {
  const [lon, lat] = converter.inverse([x, y]);
  // 8 decimals ≈ 1 mm: enough precision, stable JSON.
  return [round(lon, 8), round(lat, 8)];
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
