import { forEachPixelSpan, toPixelRings } from '@mirante/shared';
import type { MultiPolygon, Polygon, Position } from 'geojson';

const METRES_PER_DEGREE_LAT = 110_574;
const METRES_PER_DEGREE_LON_AT_EQUATOR = 111_320;

/**
 * The common grid both scenes are resampled to: square cells of `cellSizeM` metres (at the area's centre
 * latitude) over a lon/lat box, row 0 at the north. Scenes of different sensors, CRSs and resolutions meet here.
 */
export interface ChangeGrid {
  west: number;
  north: number;
  /** Cell size in degrees of longitude and latitude. */
  cellLon: number;
  cellLat: number;
  width: number;
  height: number;
  cellSizeM: number;
}

export type Area = Polygon | MultiPolygon;

function areaRings(area: Area): Position[][] {
  return area.type === 'Polygon' ? area.coordinates : area.coordinates.flat();
}

/** [west, south, east, north] of a polygon. */
export function areaBounds(area: Area): [number, number, number, number] {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const ring of areaRings(area)) {
    for (const [lon = 0, lat = 0] of ring) {
      west = Math.min(west, lon);
      east = Math.max(east, lon);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
  }
  return [west, south, east, north];
}

/** A grid of `cellSizeM` cells covering `area`'s bounds. */
export function gridOver(area: Area, cellSizeM: number): ChangeGrid {
  const [west, south, east, north] = areaBounds(area);
  const latitude = ((south + north) / 2) * (Math.PI / 180);
  const cellLat = cellSizeM / METRES_PER_DEGREE_LAT;
  const cellLon = cellSizeM / (METRES_PER_DEGREE_LON_AT_EQUATOR * Math.cos(latitude));
  return {
    west,
    north,
    cellLon,
    cellLat,
    width: Math.max(1, Math.ceil((east - west) / cellLon)),
    height: Math.max(1, Math.ceil((north - south) / cellLat)),
    cellSizeM,
  };
}

/** Lon/lat of a grid position (fractional column and row; integer + 0.5 is a cell centre). */
export function gridToLonLat(grid: ChangeGrid, column: number, row: number): [number, number] {
  return [grid.west + column * grid.cellLon, grid.north - row * grid.cellLat];
}

/** 1 for the cells whose centre lies inside `area` (holes excluded), 0 elsewhere. */
export function areaMask(grid: ChangeGrid, area: Area): Uint8Array {
  const mask = new Uint8Array(grid.width * grid.height);
  const polygon = toPixelRings(areaRings(area), (lon, lat) => [
    (lon - grid.west) / grid.cellLon,
    (grid.north - lat) / grid.cellLat,
  ]);
  forEachPixelSpan(polygon, 0, grid.height, grid.width, (row, x0, x1) => {
    mask.fill(1, row * grid.width + x0, row * grid.width + x1);
  });
  return mask;
}
