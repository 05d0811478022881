import { MAP_LIMITS, MAP_MESSAGES, type Scene } from '@mirante/shared';

/** The the error catalogue warning when the 'Antes' date is not strictly before the 'Depois' date. */
export const COMPARE_DATE_ORDER = 'A data anterior precisa ser menor do que a posterior';

export type DateCheck =
  | { kind: 'incomplete' }
  | { kind: 'valid'; before: number; after: number }
  | { kind: 'invalid'; message: string };

type Dated = Pick<Scene, 'id' | 'isoDate'>;

/**
 * The states and transitions "Date comparison": enabled when both dates are set and the earlier is strictly before the later;
 * otherwise a warning (and the caller clears the comparison).
 */
export function checkDates(before: Dated | undefined, after: Dated | undefined): DateCheck {
  if (!before || !after) return { kind: 'incomplete' };
  if (before.isoDate < after.isoDate) return { kind: 'valid', before: before.id, after: after.id };
  return { kind: 'invalid', message: COMPARE_DATE_ORDER };
}

/** Two selected scenes, ordered by date: [before, after]. Null unless exactly two are selected. */
export function comparedPair(selected: readonly number[], scenes: readonly Dated[]): [number, number] | null {
  if (selected.length !== MAP_LIMITS.maxSelectedScenes) return null;
  const found = selected
    .map((id) => scenes.find((scene) => scene.id === id))
    .filter((scene): scene is Dated => scene !== undefined)
    .sort((a, b) => a.isoDate.localeCompare(b.isoDate));
  const [first, second] = found;
  return first && second ? [first.id, second.id] : null;
}

export interface SceneClick {
  selected: number[];
  warning: string | null;
}

/**
 * Scene clicks in the Imagens tab. Without the 'Comparar datas' checkbox a third scene replaces the oldest
 *; while comparing dates, picking a third one asks to unselect one first.
 */
export function clickScene(selected: readonly number[], id: number, comparingDates: boolean): SceneClick {
  if (selected.includes(id)) return { selected: selected.filter((value) => value !== id), warning: null };
  if (comparingDates && selected.length >= MAP_LIMITS.maxSelectedScenes)
    return { selected: [...selected], warning: MAP_MESSAGES.tooManyScenes };
  const next = [...selected, id];
  return { selected: next.slice(Math.max(0, next.length - MAP_LIMITS.maxSelectedScenes)), warning: null };
}
