import type { Scene } from '@mirante/shared';
import type { EditMode } from '../../model/lotSelection';
import { DetectionEditBar } from './DetectionEditBar';
import { LabelEditBar } from './LabelEditBar';

export interface EditModeBarProps {
  mode: EditMode;
  projectId: number;
  scene: Scene | null;
  selected: readonly number[];
  /** A plain click was refused: the lot already has a detection type (Shift selects it). */
  shiftHint: boolean;
  onClear(): void;
  onExitLabels(): void;
  onExitDetections(): void;
}

/** The bar of the ADMIN's current edit mode (labels or detection types), none outside them. */
export function EditModeBar({
  mode,
  projectId,
  scene,
  selected,
  shiftHint,
  onClear,
  onExitLabels,
  onExitDetections,
}: EditModeBarProps) {
  if (mode === 'labels')
    return <LabelEditBar projectId={projectId} selected={selected} onClear={onClear} onExit={onExitLabels} />;
  if (mode === 'detections')
    return (
      <DetectionEditBar
        projectId={projectId}
        scene={scene}
        selected={selected}
        shiftHint={shiftHint}
        onClear={onClear}
        onExit={onExitDetections}
      />
    );
  return null;
}
