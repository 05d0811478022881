/** Web Mercator (EPSG:3857) tile arithmetic for 256 px XYZ tiles. */

export const TILE_SIZE = 256;
export const EARTH_RADIUS = 6_378_137;
/** Half the width of the Web Mercator square, in metres. */
export const MERCATOR_HALF_WORLD = Math.PI * EARTH_RADIUS;
export const MAX_MERCATOR_LATITUDE = 85.0511287798066;

export interface MercatorBounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface LonLatBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface TileRange {
  z: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** Metres of Web Mercator per pixel at zoom `z`. */
export function mercatorResolution(z: number): number {
  return (2 * MERCATOR_HALF_WORLD) / (TILE_SIZE * 2 ** z);
}

export function lonLatToMercator(lon: number, lat: number): [number, number] {
  const clamped = Math.max(-MAX_MERCATOR_LATITUDE, Math.min(MAX_MERCATOR_LATITUDE, lat));
  const x = (lon * Math.PI * EARTH_RADIUS) / 180;
  const y = EARTH_RADIUS * Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360));
  return [x, y];
}

export function mercatorToLonLat(x: number, y: number): [number, number] {
  const lon = (x / EARTH_RADIUS) * (180 / Math.PI);
  const lat = (2 * Math.atan(Math.exp(y / EARTH_RADIUS)) - Math.PI / 2) * (180 / Math.PI);
  return [lon, lat];
}

/** The Web Mercator extent of tile z/x/y (y grows southwards, as in XYZ). */
export function tileBounds(z: number, x: number, y: number): MercatorBounds {
  const size = (2 * MERCATOR_HALF_WORLD) / 2 ** z;
  const minX = -MERCATOR_HALF_WORLD + x * size;
  const maxY = MERCATOR_HALF_WORLD - y * size;
  return { minX, minY: maxY - size, maxX: minX + size, maxY };
}

/** The tiles of zoom `z` that intersect `bounds`. */
export function tileRangeFor(bounds: MercatorBounds, z: number): TileRange {
  const tiles = 2 ** z;
  const size = (2 * MERCATOR_HALF_WORLD) / tiles;
  const clampIndex = (value: number) => Math.max(0, Math.min(tiles - 1, value));
  // A hair inside the far edges so bounds that end exactly on a tile edge don't pull in the next tile.
  const epsilon = size * 1e-9;
  return {
    z,
    minX: clampIndex(Math.floor((bounds.minX + MERCATOR_HALF_WORLD) / size)),
    maxX: clampIndex(Math.floor((bounds.maxX - epsilon + MERCATOR_HALF_WORLD) / size)),
    minY: clampIndex(Math.floor((MERCATOR_HALF_WORLD - bounds.maxY) / size)),
    maxY: clampIndex(Math.floor((MERCATOR_HALF_WORLD - bounds.minY - epsilon) / size)),
  };
}

export function isValidTile(z: number, x: number, y: number): boolean {
  const tiles = 2 ** z;
  return Number.isInteger(z) && z >= 0 && z <= 30 && x >= 0 && y >= 0 && x < tiles && y < tiles;
}

/**
 * The smallest zoom whose pixels are at least as fine as `groundMetresPerPixel` at `latitude`
 * (Web Mercator stretches ground distances by 1/cos(latitude)).
 */
export function nativeZoomFor(groundMetresPerPixel: number, latitude: number, maxZoom = 23): number {
  const groundAtZoomZero = mercatorResolution(0) * Math.cos((latitude * Math.PI) / 180);
  const exact = Math.log2(groundAtZoomZero / groundMetresPerPixel);
  // A 5 % tolerance keeps a 0.31 m image at the 0.3 m zoom instead of doubling the tile count.
  return Math.max(0, Math.min(maxZoom, Math.ceil(exact - 0.07)));
}

/** The largest zoom at which `bounds` fits in one tile (the scene's overview). */
export function overviewZoomFor(bounds: MercatorBounds): number {
  const extent = Math.max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY);
  if (extent <= 0) return 0;
  return Math.max(0, Math.floor(Math.log2((2 * MERCATOR_HALF_WORLD) / extent) + 1e-9));
}

export function lonLatToMercatorBounds(bounds: LonLatBounds): MercatorBounds {
  const [minX, minY] = lonLatToMercator(bounds.west, bounds.south);
  const [maxX, maxY] = lonLatToMercator(bounds.east, bounds.north);
  return { minX, minY, maxX, maxY };
}

export function mercatorToLonLatBounds(bounds: MercatorBounds): LonLatBounds {
  const [west, south] = mercatorToLonLat(bounds.minX, bounds.minY);
  const [east, north] = mercatorToLonLat(bounds.maxX, bounds.maxY);
  return { west, south, east, north };
}
