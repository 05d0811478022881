import { Alert, Button, Form, Input, Modal } from 'antd';
import { MESSAGES, supportRequestSchema } from '@mirante/shared';
import { zodRule } from '../../../shared/forms/zodRule';
import { useCredentials } from '../../../shared/session/SessionContext';
import { GisHelpEntry } from '../../gis-keys/components/GisHelpEntry';
import { useRequestHelp } from '../api';

interface Values {
  subject: string;
  email: string;
  message: string;
}

/** The business limits: the help modal is 1000 px wide. */
const HELP_MODAL_WIDTH = 1000;

export function HelpModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { email } = useCredentials();
  const [form] = Form.useForm<Values>();
  const requestHelp = useRequestHelp();

  const close = () => {
    onClose();
    form.resetFields();
    requestHelp.reset();
  };

  return (
    <Modal
      open={open}
      onCancel={close}
      title="Ajuda e suporte"
      width={HELP_MODAL_WIDTH}
      footer={null}
      destroyOnHidden
    >
      <p className="help-modal__intro">
        Conte para a nossa equipe o que aconteceu ou do que você precisa. Responderemos no email informado.
      </p>
      <GisHelpEntry onNavigate={close} />
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ email, subject: '', message: '' }}
        onFinish={(values) => requestHelp.mutate(values)}
        aria-label="Pedido de suporte"
      >
        <Form.Item label="Assunto" name="subject" rules={[zodRule(supportRequestSchema, 'subject')]}>
          <Input placeholder="Resumo do pedido" autoFocus />
        </Form.Item>
        <Form.Item label="Email para resposta" name="email" rules={[zodRule(supportRequestSchema, 'email')]}>
          <Input placeholder="seu@email.com.br" />
        </Form.Item>
        <Form.Item label="Mensagem" name="message" rules={[zodRule(supportRequestSchema, 'message')]}>
          <Input.TextArea rows={6} placeholder="Descreva o que você precisa" />
        </Form.Item>
        {requestHelp.isError && (
          <Alert className="form-alert" type="error" showIcon title={MESSAGES.supportEmailFailed} />
        )}
        <div className="help-modal__actions">
          <Button onClick={close}>Fechar</Button>
          <Button
            type="primary"
            htmlType="submit"
            loading={requestHelp.isPending}
            disabled={requestHelp.isSuccess}
          >
            {requestHelp.isSuccess ? MESSAGES.supportEmailSent : 'Enviar'}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
