import { Alert, Button, Form, Input } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { MESSAGES, authApi } from '@mirante/shared';
import { zodRule } from '../../../shared/forms/zodRule';
import { useRecoverAccount } from '../api';
import { recoveryErrorMessage } from '../loginErrors';

export function RecoveryForm({ onRemembered }: { onRemembered: () => void }) {
  const recover = useRecoverAccount();
  const busy = recover.isPending || recover.isSuccess;

  return (
    <Form<{ email: string }>
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={(values) => recover.mutate(values.email.trim())}
      aria-label="Recuperar conta"
    >
      <p className="auth-card__hint">
        Informe o email cadastrado e enviaremos um link para você definir uma nova senha.
      </p>
      <Form.Item label="Email" name="email" rules={[zodRule(authApi.recover.body, 'email')]}>
        <Input
          prefix={<MailOutlined aria-hidden />}
          placeholder="seu@email.com.br"
          autoComplete="username"
          autoFocus
        />
      </Form.Item>
      {recover.isError && (
        <Alert className="form-alert" type="error" showIcon title={recoveryErrorMessage(recover.error)} />
      )}
      {recover.isSuccess && (
        <Alert className="form-alert" type="success" showIcon title={MESSAGES.recoveryEmailSent} />
      )}
      <Button type="primary" htmlType="submit" block loading={recover.isPending} disabled={busy}>
        Recuperar conta
      </Button>
      <div className="auth-card__switch">
        <Button type="link" onClick={onRemembered}>
          Lembrei minha senha
        </Button>
      </div>
    </Form>
  );
}
