import { Button, message } from 'antd';
import { useState } from 'react';
import { MAP_MESSAGES, type Scene } from '@mirante/shared';
import { DetectionEditModal } from './DetectionEditModal';

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
  const setType = () => {
    if (selected.length === 0) return void message.warning(MAP_MESSAGES.noLayerSelected);
    setOpen(true);
  };
  return (
    <div className="label-edit-bar" data-testid="detection-edit-bar">
      <div className="label-edit-bar__text">
        <strong>Edição de detecções</strong>
        <small>
          {detectId === null
            ? 'A imagem mostrada não possui análise.'
            : 'Só lotes: clique ou Ctrl/Shift + mouse. Lotes com detecção: só com Shift.'}
        </small>
      </div>
      <span data-testid="detection-edit-count">{selected.length} selecionado(s)</span>
      <Button type="primary" size="small" onClick={setType} disabled={detectId === null}>
        Definir tipo
      </Button>
      <Button size="small" onClick={onClear}>
        Limpar seleção
      </Button>
      <Button size="small" onClick={onExit}>
        Sair
      </Button>
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
    </div>
  );
}
