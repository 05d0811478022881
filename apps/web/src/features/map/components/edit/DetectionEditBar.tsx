import { useState } from 'react';
import type { Scene } from '@mirante/shared';
import { DetectionEditModal } from './DetectionEditModal';
import { SelectionEditBar } from './SelectionEditBar';

export interface DetectionEditBarProps {
  projectId: number;
  scene: Scene | null;
  selected: readonly number[];
  onClear(): void;
  onExit(): void;
}

/** The bar of the detection-type edit mode: selection count, set type (at the shown scene's analysis), leave. */
export function DetectionEditBar({ projectId, scene, selected, onClear, onExit }: DetectionEditBarProps) {
  const [open, setOpen] = useState(false);
  const detectId = scene?.detectId ?? null;
  return (
    <SelectionEditBar
      name="detection-edit"
      title="Edição de detecções"
      hint={
        detectId === null
          ? 'A imagem mostrada não possui análise.'
          : 'Só lotes: clique ou Ctrl/Shift + mouse. Lotes com detecção: só com Shift.'
      }
      selectedCount={selected.length}
      actionLabel="Definir tipo"
      actionDisabled={detectId === null}
      onAction={() => setOpen(true)}
      onClear={onClear}
      onExit={onExit}
    >
      {detectId !== null && scene && (
        <DetectionEditModal
          projectId={projectId}
          detectId={detectId}
          sceneId={scene.id}
          layerIds={selected}
          open={open}
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            onClear();
          }}
        />
      )}
    </SelectionEditBar>
  );
}
