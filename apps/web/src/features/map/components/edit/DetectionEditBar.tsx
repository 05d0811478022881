import { useState } from 'react';
import type { Scene } from '@mirante/shared';
import { DetectionEditModal } from './DetectionEditModal';
import { SelectionEditBar } from './SelectionEditBar';

const SHIFT_HINT = 'Este lote já tem tipo de detecção nesta imagem: segure Shift e clique para selecioná-lo.';

export interface DetectionEditBarProps {
  projectId: number;
  scene: Scene | null;
  selected: readonly number[];
  shiftHint: boolean;
  onClear(): void;
  onExit(): void;
}

/** The bar of the detection-type edit mode: selection count, set type (at the shown scene's analysis), leave. */
export function DetectionEditBar(props: DetectionEditBarProps) {
  const { projectId, scene, selected, shiftHint, onClear, onExit } = props;
  const [open, setOpen] = useState(false);
  const detectId = scene?.detectId ?? null;
  return (
    <SelectionEditBar
      name="detection-edit"
      title="Edição de detecções"
      hint={
        detectId === null
          ? 'A imagem mostrada não possui análise.'
          : 'Clique num lote para selecioná-lo (clique de novo para desmarcar); com Ctrl ou Shift, passar o mouse seleciona. Lotes que já têm tipo de detecção nesta imagem: segure Shift ao clicar.'
      }
      warning={shiftHint ? SHIFT_HINT : null}
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
