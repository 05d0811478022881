import { frameSize, lotFrameBox, type TimelapseBox } from '@mirante/shared';

/** The lot player's and exports' frame (3:2, the street and the neighbours around the lot). */
export const LOT_FRAME = { width: 600, height: 400 } as const;
/** The largest frame the map's player shows in its dialog. */
const VIEW_PLAYER = { width: 760, height: 400 } as const;

/** [west, south, east, north] of any GeoJSON geometry's coordinates. */
export function geometryBbox(geometry: { coordinates?: unknown }): [number, number, number, number] | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  const visit = (value: unknown) => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number' && typeof value[1] === 'number') {
      west = Math.min(west, value[0]);
      east = Math.max(east, value[0]);
      south = Math.min(south, value[1]);
      north = Math.max(north, value[1]);
      return;
    }
    for (const item of value) visit(item);
  };
  visit(geometry.coordinates);
  return Number.isFinite(west) ? [west, south, east, north] : null;
}

/** The frame around a lot, for the player and the export alike. */
export function lotBox(geometry: { coordinates?: unknown }): TimelapseBox | null {
  const bbox = geometryBbox(geometry);
  return bbox ? lotFrameBox(bbox, LOT_FRAME.width, LOT_FRAME.height) : null;
}

/**
 * The map's visible area: exported at the map's own size (at most Full HD), played in the dialog at a smaller
 * size with the same area.
 */
export function viewBoxes(
  bounds: { west: number; south: number; east: number; north: number },
  canvas: { width: number; height: number },
): { player: TimelapseBox; export: TimelapseBox } {
  const exported = frameSize(canvas.width, canvas.height);
  const scale = Math.min(1, VIEW_PLAYER.width / exported.width, VIEW_PLAYER.height / exported.height);
  return {
    export: { ...bounds, ...exported },
    player: {
      ...bounds,
      width: Math.round(exported.width * scale),
      height: Math.round(exported.height * scale),
    },
  };
}
