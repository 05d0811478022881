import { Form, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { DialogError } from '../../../../shared/feedback/DialogError';
import { useFeedback } from '../../../../shared/feedback/useFeedback';
import { MAP_MESSAGES, type DetectionKey } from '@mirante/shared';
import { useEditDetections } from '../../detections/detectionsApi';
import { detectionTypeOptions } from '../../detections/detectionTypeOptions';
import '../../detections-3d.css';
import { EnterSubmits } from '../../../../shared/forms/EnterSubmits';

export interface DetectionEditModalProps {
  projectId: number;
  detectId: number;
  sceneId: number;
  layerIds: readonly number[];
  open: boolean;
  onClose(): void;
  onSaved(): void;
}

interface DetectionForm {
  detectType?: DetectionKey;
}

const OPTIONS = detectionTypeOptions().map((option) => ({
  value: option.value,
  label: (
    <Space size={6}>
      <span className="detection-swatch" style={{ background: option.color }} />
      {option.label}
    </Space>
  ),
}));

const notBlank = {
  validator: (_: unknown, value: unknown) =>
    typeof value === 'string' && value.trim() !== ''
      ? Promise.resolve()
      : Promise.reject(new Error(MAP_MESSAGES.blankField)),
};

/** Detection type edit modal: one required type, the filterable ones plus 'Nenhuma'. */
export function DetectionEditModal(props: DetectionEditModalProps) {
  const { projectId, detectId, sceneId, layerIds, open, onClose, onSaved } = props;
  const [form] = Form.useForm<DetectionForm>();
  const edit = useEditDetections(projectId);
  const message = useFeedback();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const submit = async ({ detectType }: DetectionForm) => {
    if (layerIds.length === 0) return message.warning(MAP_MESSAGES.noLayerSelected);
    if (!detectType) return;
    setError(null);
    try {
      await edit.mutateAsync({ detectId, sceneId, detectType, layers: layerIds });
      message.success(MAP_MESSAGES.detectionsUpdated);
      form.resetFields();
      onSaved();
    } catch {
      setError(MAP_MESSAGES.detectionsFailed);
    }
  };
  return (
    <Modal
      open={open}
      title={`Tipo de detecção (${layerIds.length} lote${layerIds.length === 1 ? '' : 's'})`}
      okText="Salvar"
      cancelText="Cancelar"
      confirmLoading={edit.isPending}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <DialogError error={error} onClose={() => setError(null)} />
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item name="detectType" label="Tipo de detecção" rules={[notBlank]}>
          <Select aria-label="Tipo de detecção" placeholder="Selecione o tipo" options={OPTIONS} />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
