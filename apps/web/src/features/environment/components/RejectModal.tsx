import { Form, Input, Modal } from 'antd';
import { ENVIRONMENT_MESSAGES } from '@mirante/shared';

export interface RejectModalProps {
  pending: boolean;
  onReject(reason: string): void;
  onClose(): void;
}

/** Rejecting a proposal asks why; the reason is kept with it. */
export function RejectModal({ pending, onReject, onClose }: RejectModalProps) {
  const [form] = Form.useForm<{ reason?: string }>();
  return (
    <Modal
      open
      title="Rejeitar proposta"
      okText="Rejeitar"
      okButtonProps={{ danger: true, loading: pending }}
      cancelText="Cancelar"
      onCancel={onClose}
      onOk={() => void form.validateFields().then((values) => onReject(values.reason ?? ''))}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label="Motivo"
          rules={[{ required: true, whitespace: true, message: ENVIRONMENT_MESSAGES.rejectReasonRequired }]}
        >
          <Input.TextArea rows={3} maxLength={500} aria-label="Motivo" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
