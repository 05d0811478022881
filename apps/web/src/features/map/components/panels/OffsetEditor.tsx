import { Button, Checkbox, InputNumber } from 'antd';
import { useFeedback } from '../../../../shared/feedback/useFeedback';
import { useState } from 'react';
import type { Scene } from '@mirante/shared';
import { useSceneOffset } from '../../api';

export const OFFSET_MESSAGES = {
  updated: 'Offset atualizado',
  failed: 'Não foi possível atualizar o offset da imagem',
  noScene: 'Você deve selecionar uma imagem primeiro.',
} as const;

export interface OffsetEditorProps {
  projectId: number;
  scene: Scene | null;
}

/** ADMIN tool: 'Editar offset' with X and Y in metres (default 0), saved on the scene; its tiles reload. */
export function OffsetEditor({ projectId, scene }: OffsetEditorProps) {
  const message = useFeedback();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<{ id: number; x: number; y: number } | null>(null);
  const save = useSceneOffset(projectId);
  const values =
    draft && draft.id === scene?.id ? draft : { x: scene?.offset[0] ?? 0, y: scene?.offset[1] ?? 0 };

  const toggle = (checked: boolean) => {
    if (checked && !scene) {
      void message.warning(OFFSET_MESSAGES.noScene);
      return;
    }
    setOpen(checked);
    setDraft(null);
  };
  const submit = async () => {
    if (!scene) return void message.warning(OFFSET_MESSAGES.noScene);
    try {
      await save.mutateAsync({ id: scene.id, offsetX: values.x, offsetY: values.y });
      void message.success(OFFSET_MESSAGES.updated);
    } catch {
      void message.error(OFFSET_MESSAGES.failed);
    }
  };
  const field = (axis: 'x' | 'y') => (
    <InputNumber
      aria-label={`Offset ${axis.toUpperCase()}`}
      size="small"
      prefix={axis.toUpperCase()}
      suffix="m"
      step={0.5}
      value={values[axis]}
      onChange={(next) =>
        setDraft({ id: scene?.id ?? 0, ...values, [axis]: typeof next === 'number' ? next : 0 })
      }
    />
  );

  return (
    <div className="offset-editor" data-testid="offset-editor">
      <Checkbox checked={open} onChange={(event) => toggle(event.target.checked)}>
        Editar offset
      </Checkbox>
      {open && (
        <div className="offset-editor__fields">
          {field('x')}
          {field('y')}
          <Button size="small" type="primary" loading={save.isPending} onClick={() => void submit()}>
            Aplicar
          </Button>
        </div>
      )}
    </div>
  );
}
