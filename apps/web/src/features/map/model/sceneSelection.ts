import { MAP_LIMITS } from '@mirante/shared';

/**
 * The states and transitions "Images tab": at most 2 selected scenes; selecting a third replaces the oldest selection; clicking a
 * selected scene unselects it. The list keeps selection order (oldest first).
 */
export function toggleScene(selected: readonly number[], id: number): number[] {
  if (selected.includes(id)) return selected.filter((value) => value !== id);
  const next = [...selected, id];
  return next.length > MAP_LIMITS.maxSelectedScenes
    ? next.slice(next.length - MAP_LIMITS.maxSelectedScenes)
    : next;
}

/** The scene shown on the map: the most recently selected one (null with none selected). */
export function shownScene(selected: readonly number[]): number | null {
  return selected.length > 0 ? (selected[selected.length - 1] ?? null) : null;
}

/** Images list paging: 6 at first, 6 more per click. */
export function visibleSceneCount(clicks: number, total: number): number {
  return Math.min(total, MAP_LIMITS.imagesFirstPage + clicks * MAP_LIMITS.imagesPerClick);
}
