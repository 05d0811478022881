import { Button, message } from 'antd';
import { useState } from 'react';
import { MAP_MESSAGES } from '@mirante/shared';
import { LabelEditModal } from './LabelEditModal';

export interface LabelEditBarProps {
  projectId: number;
  selected: readonly number[];
  onClear(): void;
  onExit(): void;
}

/** The bar of the lot/block label edit mode: selection count, rename, clear, leave. */
export function LabelEditBar({ projectId, selected, onClear, onExit }: LabelEditBarProps) {
  const [open, setOpen] = useState(false);
  const rename = () => {
    if (selected.length === 0) return void message.warning(MAP_MESSAGES.noLayerSelected);
    setOpen(true);
  };
  return (
    <div className="label-edit-bar" data-testid="label-edit-bar">
      <div className="label-edit-bar__text">
        <strong>Edição de lotes/quadras</strong>
        <small>
          Clique seleciona; com Ctrl ou Shift, passar o mouse seleciona. Lotes com detecção: só com Shift.
        </small>
      </div>
      <span data-testid="label-edit-count">{selected.length} selecionado(s)</span>
      <Button type="primary" size="small" onClick={rename}>
        Renomear
      </Button>
      <Button size="small" onClick={onClear}>
        Limpar seleção
      </Button>
      <Button size="small" onClick={onExit}>
        Sair
      </Button>
      <LabelEditModal
        projectId={projectId}
        layerIds={selected}
        open={open}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          onClear();
        }}
      />
    </div>
  );
}
