import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { loginBodySchema } from '@mirante/shared';
import { zodRule } from '../../../shared/forms/zodRule';
import { useLogin } from '../api';
import { loginErrorMessage } from '../loginErrors';

const credentialsForm = loginBodySchema.options[0];

interface LoginValues {
  email: string;
  password: string;
}

export function LoginForm({
  onForgotPassword,
  onSubmitted,
}: {
  onForgotPassword: () => void;
  onSubmitted?: () => void;
}) {
  const login = useLogin();
  const busy = login.isPending || login.isSuccess;

  return (
    <Form<LoginValues>
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={(values) => {
        onSubmitted?.();
        login.mutate({ email: values.email.trim(), password: values.password });
      }}
      aria-label="Entrar"
    >
      <Form.Item label="Email" name="email" rules={[zodRule(credentialsForm, 'email')]}>
        <Input
          prefix={<MailOutlined aria-hidden />}
          placeholder="seu@email.com.br"
          autoComplete="username"
          autoFocus
        />
      </Form.Item>
      <Form.Item label="Senha" name="password" rules={[zodRule(credentialsForm, 'password')]}>
        <Input.Password
          prefix={<LockOutlined aria-hidden />}
          placeholder="Sua senha"
          autoComplete="current-password"
        />
      </Form.Item>
      {login.isError && (
        <Alert className="form-alert" type="error" showIcon title={loginErrorMessage(login.error)} />
      )}
      <Button type="primary" htmlType="submit" block loading={login.isPending} disabled={busy}>
        Entrar
      </Button>
      <div className="auth-card__switch">
        <Button type="link" onClick={onForgotPassword}>
          Esqueceu a senha?
        </Button>
      </div>
    </Form>
  );
}
