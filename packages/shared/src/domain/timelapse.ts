import type { Scene } from '../api/scenes';
import { TIMELAPSE_LIMITS } from '../api/timelapse';

export interface TimelapseFilters {
  /** YYYY-MM-DD, inclusive */
  from?: string;
  to?: string;
  /** Skip scenes whose recorded cloud share (%) is above this; scenes with none recorded are kept. */
  max_cloud?: number;
}

/** The scenes a timelapse plays: the published, tiled ones, oldest first. */
export function timelapseScenes(scenes: readonly Scene[]): Scene[] {
  return scenes
    .filter((scene) => scene.publishImage && scene.status === 'ready')
    .sort((a, b) => a.isoDate.localeCompare(b.isoDate));
}

/** The timelapse's scenes within the date range and the cloud limit (the same rule in the player and the export). */
export function keptTimelapseScenes(scenes: readonly Scene[], filters: TimelapseFilters): Scene[] {
  return timelapseScenes(scenes).filter(
    (scene) =>
      (!filters.from || scene.isoDate >= filters.from) &&
      (!filters.to || scene.isoDate <= filters.to) &&
      (filters.max_cloud === undefined || scene.cloud === null || scene.cloud <= filters.max_cloud),
  );
}

export interface TimelapseBox {
  west: number;
  south: number;
  east: number;
  north: number;
  width: number;
  height: number;
}

/** A view's size kept within the largest frame, aspect kept (a 2560 px wide map exports at 1920). */
export function frameSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, TIMELAPSE_LIMITS.maxWidth / width, TIMELAPSE_LIMITS.maxHeight / height);
  return {
    width: Math.max(TIMELAPSE_LIMITS.minSide, Math.round(width * scale)),
    height: Math.max(TIMELAPSE_LIMITS.minSide, Math.round(height * scale)),
  };
}

/**
 * The frame around a lot: its bounding box grown to `margin` times its size (the street and the neighbours
 * show), at least ~60 m across, in a frame of width × height pixels.
 */
export function lotFrameBox(
  bbox: readonly [number, number, number, number],
  width: number,
  height: number,
  margin = 3,
): TimelapseBox {
  const [west, south, east, north] = bbox;
  const minSpan = 0.0006;
  const lonSpan = Math.max((east - west) * margin, minSpan);
  const latSpan = Math.max((north - south) * margin, minSpan);
  const lon = (west + east) / 2;
  const lat = (south + north) / 2;
  return {
    west: lon - lonSpan / 2,
    east: lon + lonSpan / 2,
    south: lat - latSpan / 2,
    north: lat + latSpan / 2,
    width,
    height,
  };
}
