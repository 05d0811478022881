// The vector tiles a map view needs, as MapLibre asks for them (512 px tiles: tile zoom = floor(map zoom)).

const mercatorX = (lng: number) => (lng + 180) / 360;
const mercatorY = (lat: number) => {
  const rad = (lat * Math.PI) / 180;
  return (1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2;
};

export interface View {
  /** The map's zoom (MapLibre: the world is 512 × 2^zoom px wide). */
  zoom: number;
  tiles: { z: number; x: number; y: number }[];
}

/** The zoom that fits `bbox` in `width` × `height` px, and the tiles of that view (capped at `maxTileZoom`). */
export function fittedView(
  bbox: [number, number, number, number],
  width: number,
  height: number,
  maxTileZoom: number,
): View {
  const [west, south, east, north] = bbox;
  const dx = mercatorX(east) - mercatorX(west);
  const dy = mercatorY(south) - mercatorY(north);
  const zoom = Math.log2(Math.min(width / (dx * 512), height / (dy * 512)));
  return viewAt(bbox, zoom, width, height, maxTileZoom);
}

/** The tiles of a `width` × `height` px view at `zoom`, centred on the middle of `bbox`. */
export function viewAt(
  bbox: [number, number, number, number],
  zoom: number,
  width: number,
  height: number,
  maxTileZoom: number,
): View {
  const [west, south, east, north] = bbox;
  const cx = (mercatorX(west) + mercatorX(east)) / 2;
  const cy = (mercatorY(south) + mercatorY(north)) / 2;
  const world = 512 * 2 ** zoom;
  const z = Math.min(maxTileZoom, Math.floor(zoom));
  const n = 2 ** z;
  const x0 = Math.floor((cx - width / 2 / world) * n);
  const x1 = Math.floor((cx + width / 2 / world) * n);
  const y0 = Math.floor((cy - height / 2 / world) * n);
  const y1 = Math.floor((cy + height / 2 / world) * n);
  const tiles = [];
  for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) tiles.push({ z, x, y });
  return { zoom, tiles };
}
