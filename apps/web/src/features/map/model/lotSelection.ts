import type { LayerType } from '@mirante/shared';

/** Label edit and detection edit are mutually exclusive map modes. */
export type EditMode = 'none' | 'labels' | 'detections';

export interface Candidate {
  id: number;
  type: LayerType;
  /** The lot already has a detection type in the analysis being edited (not 'X' Nenhuma). */
  hasDetection: boolean;
}

export interface Modifiers {
  shift: boolean;
  ctrl: boolean;
}

/**
 * The states and transitions "Lot selection": click selects lots and blocks in label-edit mode, only lots in detection-edit mode.
 * Shift guards a lot's existing detection type: in detection-edit mode a lot that already has one in the shown
 * analysis is selected only while Shift is held, so a stray click never overwrites a classification. Renaming
 * (label-edit mode) changes no detection type, so there a plain click selects any lot.
 */
export function canSelect(candidate: Candidate, mode: EditMode, keys: Modifiers): boolean {
  if (mode === 'none') return false;
  const kinds: readonly LayerType[] = mode === 'labels' ? ['LOT', 'BLOCK'] : ['LOT'];
  if (!kinds.includes(candidate.type)) return false;
  return !needsShift(candidate, mode) || keys.shift;
}

/** Whether selecting this candidate takes Shift held (the bar then says why a plain click did nothing). */
export function needsShift(candidate: Candidate, mode: EditMode): boolean {
  return mode === 'detections' && candidate.type === 'LOT' && candidate.hasDetection;
}

/** Click selects; clicking again deselects (deselecting is always allowed). */
export function clickSelect(
  selected: readonly number[],
  candidate: Candidate,
  mode: EditMode,
  keys: Modifiers,
): number[] {
  if (selected.includes(candidate.id)) return selected.filter((id) => id !== candidate.id);
  return canSelect(candidate, mode, keys) ? [...selected, candidate.id] : [...selected];
}

/** Hovering with Ctrl or Shift held also selects (never deselects, so a sweep doesn't flicker). */
export function hoverSelect(
  selected: readonly number[],
  candidate: Candidate,
  mode: EditMode,
  keys: Modifiers,
): number[] {
  if (!keys.ctrl && !keys.shift) return [...selected];
  if (selected.includes(candidate.id)) return [...selected];
  return canSelect(candidate, mode, keys) ? [...selected, candidate.id] : [...selected];
}

/** Switching one edit mode on switches the other off; the selection starts empty. */
export function toggleMode(current: EditMode, wanted: Exclude<EditMode, 'none'>): EditMode {
  return current === wanted ? 'none' : wanted;
}
