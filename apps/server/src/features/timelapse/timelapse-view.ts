/**
 * Where a timelapse frame's pixels come from: a WGS 84 bounding box fitted (centred, aspect kept) into a
 * frame of width × height pixels, read from the stored 256 px Web Mercator tiles of one zoom and scaled.
 */

const TILE = 256;
/** Tiles are read at most at this zoom (the tile server over-zooms up to it). */
export const MAX_FRAME_TILE_ZOOM = 22;

export interface FrameBox {
  west: number;
  south: number;
  east: number;
  north: number;
  width: number;
  height: number;
}

export interface TilePlacement {
  x: number;
  y: number;
  /** Where the tile's top-left corner lands in the stitched mosaic (pixels at `zoom`). */
  left: number;
  top: number;
}

export interface FrameLayout {
  zoom: number;
  /** The mosaic of whole tiles that covers the window, `columns × rows` tiles. */
  tiles: TilePlacement[];
  mosaicWidth: number;
  mosaicHeight: number;
  /** The frame's window inside the mosaic (pixels at `zoom`), resized to the frame's size. */
  window: { left: number; top: number; width: number; height: number };
  width: number;
  height: number;
  /** lon/lat → the frame's pixel (x right, y down). */
  project(lon: number, lat: number): [number, number];
}

/** World pixel of a longitude/latitude at `zoom` (Web Mercator, 256 px tiles). */
export function worldPixel(lon: number, lat: number, zoom: number): [number, number] {
  const size = TILE * 2 ** zoom;
  const sin = Math.sin((Math.max(-85.05112878, Math.min(85.05112878, lat)) * Math.PI) / 180);
  const x = ((lon + 180) / 360) * size;
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size;
  return [x, y];
}

/**
 * The layout of a frame: the zoom whose pixels are closest to the frame's (rounded, so a frame is scaled by at
 * most √2 either way) but not past `maxZoom` (a scene's native zoom: coarser tiles are enlarged once for the
 * whole frame), the tiles to read and the window to cut out of them. `shift` is the scene's offset in whole
 * pixels at that zoom (x east, y south): its content shows that far away, so the window reads that far back.
 */
export function frameLayout(
  box: FrameBox,
  maxZoom = MAX_FRAME_TILE_ZOOM,
  shift: (zoom: number) => [number, number] = () => [0, 0],
): FrameLayout {
  const [x0, y0] = worldPixel(box.west, box.north, 0);
  const [x1, y1] = worldPixel(box.east, box.south, 0);
  // The box fitted into the frame: frame pixels per world pixel at zoom 0.
  const scale0 = Math.min(box.width / (x1 - x0), box.height / (y1 - y0));
  const zoom = Math.max(0, Math.min(maxZoom, Math.round(Math.log2(scale0))));
  const factor = 2 ** zoom;
  // The window at `zoom`, centred on the box, with the frame's aspect.
  const windowWidth = (box.width / scale0) * factor;
  const windowHeight = (box.height / scale0) * factor;
  const centreX = ((x0 + x1) / 2) * factor;
  const centreY = ((y0 + y1) / 2) * factor;
  const left = centreX - windowWidth / 2;
  const top = centreY - windowHeight / 2;
  const [dx, dy] = shift(zoom);
  const readLeft = left - dx;
  const readTop = top - dy;
  const firstX = Math.floor(readLeft / TILE);
  const firstY = Math.floor(readTop / TILE);
  const lastX = Math.floor((readLeft + windowWidth - 1e-9) / TILE);
  const lastY = Math.floor((readTop + windowHeight - 1e-9) / TILE);
  const tiles: TilePlacement[] = [];
  for (let y = firstY; y <= lastY; y += 1)
    for (let x = firstX; x <= lastX; x += 1)
      tiles.push({ x, y, left: (x - firstX) * TILE, top: (y - firstY) * TILE });
  const window = {
    left: Math.round(readLeft - firstX * TILE),
    top: Math.round(readTop - firstY * TILE),
    width: Math.max(1, Math.round(windowWidth)),
    height: Math.max(1, Math.round(windowHeight)),
  };
  const pixelScale = box.width / windowWidth;
  return {
    zoom,
    tiles,
    mosaicWidth: (lastX - firstX + 1) * TILE,
    mosaicHeight: (lastY - firstY + 1) * TILE,
    window: {
      ...window,
      // Rounding must not push the window past the mosaic's edge.
      width: Math.min(window.width, (lastX - firstX + 1) * TILE - window.left),
      height: Math.min(window.height, (lastY - firstY + 1) * TILE - window.top),
    },
    width: box.width,
    height: box.height,
    project(lon, lat) {
      const [px, py] = worldPixel(lon, lat, zoom);
      return [(px - left) * pixelScale, (py - top) * pixelScale];
    },
  };
}
