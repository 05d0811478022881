import { inspectionLabel, type Inspection, type Scene } from '@mirante/shared';

export interface SceneOption {
  value: number;
  label: string;
  disabled: boolean;
}

/**
 * The states and transitions: the scenes of the project for the inspection picker, those already used by an inspection disabled —
 * except the scene of the inspection being edited.
 */
export function sceneOptions(
  scenes: readonly Scene[],
  inspections: readonly Inspection[],
  editing: Inspection | null,
): SceneOption[] {
  const used = new Set(inspections.filter((item) => item.id !== editing?.id).map((item) => item.scene_id));
  return scenes.map((scene) => ({
    value: scene.id,
    label: scene.dateFormatted,
    disabled: used.has(scene.id),
  }));
}

/** Options of an inspection select ('date - Fase #phase'). */
export const inspectionOptions = (inspections: readonly Inspection[]) =>
  inspections.map((item) => ({ value: item.id, label: inspectionLabel(item) }));
