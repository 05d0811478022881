import { Alert, Form, InputNumber, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { INSPECTION_MESSAGES, phasePlaceholder, type Inspection } from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useProjectScenes } from '../../map/api';
import { useInspections, useSaveInspection } from '../api';
import { sceneOptions } from '../inspectionRules';
import { EnterSubmits } from '../../../shared/forms/EnterSubmits';

export interface InspectionFormModalProps {
  projectId: number;
  /** The inspection to change; null: a new one. */
  editing: Inspection | null;
  onClose(): void;
  /** Called with the saved inspection (the map selects it, switching to its scene). */
  onSaved?(inspection: Inspection): void;
}

interface Values {
  scene_id?: number;
  phase?: number | null;
}

const required = [{ required: true, message: INSPECTION_MESSAGES.required }];

/** 'Cadastrar nova' / 'Alterar vistoria': the image and the phase of an inspection. */
export function InspectionFormModal({ projectId, editing, onClose, onSaved }: InspectionFormModalProps) {
  const [form] = Form.useForm<Values>();
  const message = useFeedback();
  const scenes = useProjectScenes(projectId);
  const inspections = useInspections(projectId);
  const save = useSaveInspection(projectId);
  const list = inspections.data ?? [];

  useEffect(() => {
    form.setFieldsValue(editing ? { scene_id: editing.scene_id, phase: editing.phase } : {});
  }, [editing, form]);

  const submit = (values: Values) =>
    save.mutate(
      { scene_id: values.scene_id ?? 0, phase: values.phase ?? 0, inspection_id: editing?.id },
      {
        onSuccess: (saved) => {
          void message.success(editing ? INSPECTION_MESSAGES.updated : INSPECTION_MESSAGES.created);
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => void message.error(`${INSPECTION_MESSAGES.createFailed} ${error.message}`),
      },
    );

  return (
    <Modal
      open
      title={editing ? INSPECTION_MESSAGES.editTitle : INSPECTION_MESSAGES.createTitle}
      okText="Salvar"
      cancelText="Cancelar"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {scenes.isError && (
        <Alert
          type="error"
          showIcon
          message={INSPECTION_MESSAGES.scenesLoadFailed}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} aria-label="Vistoria">
        <Form.Item name="scene_id" label="Imagem" rules={required}>
          <Select
            placeholder="Selecione a imagem"
            loading={scenes.isPending}
            options={sceneOptions(scenes.data ?? [], list, editing)}
          />
        </Form.Item>
        <Form.Item
          name="phase"
          label="Fase"
          rules={[...required, { type: 'integer', min: 1, message: INSPECTION_MESSAGES.phaseMin }]}
        >
          <InputNumber
            min={1}
            step={1}
            precision={0}
            style={{ width: '100%' }}
            placeholder={phasePlaceholder(list.length)}
          />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
