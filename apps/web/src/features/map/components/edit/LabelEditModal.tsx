import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { DialogError } from '../../../../shared/feedback/DialogError';
import { useFeedback } from '../../../../shared/feedback/useFeedback';
import { MAP_MESSAGES } from '@mirante/shared';
import { useUpdateLabels } from '../../api';
import { EnterSubmits } from '../../../../shared/forms/EnterSubmits';

export interface LabelEditModalProps {
  projectId: number;
  layerIds: readonly number[];
  open: boolean;
  onClose(): void;
  onSaved(): void;
}

interface LabelForm {
  layerName: string;
  tagType: string;
  tagValue: string;
}

const notBlank = {
  validator: (_: unknown, value: unknown) =>
    typeof value === 'string' && value.trim() !== ''
      ? Promise.resolve()
      : Promise.reject(new Error(MAP_MESSAGES.blankField)),
};

/** Lot/block label edit modal: name prefix, tag type and initial tag value, none blank. */
export function LabelEditModal({ projectId, layerIds, open, onClose, onSaved }: LabelEditModalProps) {
  const [form] = Form.useForm<LabelForm>();
  const update = useUpdateLabels(projectId);
  const message = useFeedback();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const submit = async (values: LabelForm) => {
    if (layerIds.length === 0) return message.warning(MAP_MESSAGES.noLayerSelected);
    setError(null);
    try {
      await update.mutateAsync({ ...values, layers: [...layerIds] });
      message.success(MAP_MESSAGES.labelsUpdated);
      form.resetFields();
      onSaved();
    } catch {
      setError(MAP_MESSAGES.labelsFailed);
    }
  };
  return (
    <Modal
      open={open}
      title={`Editar identificação (${layerIds.length} selecionado${layerIds.length === 1 ? '' : 's'})`}
      okText="Salvar"
      cancelText="Cancelar"
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <DialogError error={error} onClose={() => setError(null)} />
      <Form form={form} layout="vertical" initialValues={{ tagType: 'LOT' }} onFinish={(v) => void submit(v)}>
        <Form.Item name="layerName" label="Prefixo do nome" rules={[notBlank]}>
          <Input placeholder="Lote" />
        </Form.Item>
        <Form.Item name="tagType" label="Tipo" rules={[notBlank]}>
          <Select
            aria-label="Tipo"
            options={[
              { value: 'LOT', label: 'Lote' },
              { value: 'BLOCK', label: 'Quadra' },
            ]}
          />
        </Form.Item>
        <Form.Item name="tagValue" label="Valor inicial" rules={[notBlank]}>
          <Input placeholder="1" />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
