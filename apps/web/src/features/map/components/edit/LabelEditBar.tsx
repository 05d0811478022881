import { useState } from 'react';
import { LabelEditModal } from './LabelEditModal';
import { SelectionEditBar } from './SelectionEditBar';

export interface LabelEditBarProps {
  projectId: number;
  selected: readonly number[];
  onClear(): void;
  onExit(): void;
}

/** The bar of the lot/block label edit mode: selection count, rename, clear, leave. */
export function LabelEditBar({ projectId, selected, onClear, onExit }: LabelEditBarProps) {
  const [open, setOpen] = useState(false);
  return (
    <SelectionEditBar
      name="label-edit"
      title="Edição de lotes/quadras"
      hint="Clique num lote ou numa quadra para selecioná-lo (clique de novo para desmarcar); com Ctrl ou Shift, passar o mouse seleciona."
      selectedCount={selected.length}
      actionLabel="Renomear"
      onAction={() => setOpen(true)}
      onClear={onClear}
      onExit={onExit}
    >
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
    </SelectionEditBar>
  );
}
