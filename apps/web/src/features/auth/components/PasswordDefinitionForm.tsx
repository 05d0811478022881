import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { definitionPasswordSchema } from '@mirante/shared';
import { zodRule } from '../../../shared/forms/zodRule';
import { useSetPassword } from '../api';

interface Values {
  password: string;
  password_confirmation: string;
}

export function PasswordDefinitionForm({
  passwordToken,
  onDone,
}: {
  passwordToken: string;
  onDone: () => void;
}) {
  const setPassword = useSetPassword();
  const busy = setPassword.isPending || setPassword.isSuccess;

  return (
    <Form<Values>
      layout="vertical"
      requiredMark={false}
      size="large"
      aria-label="Definir senha"
      onFinish={(values) =>
        setPassword.mutate({ ...values, password_token: passwordToken }, { onSuccess: onDone })
      }
    >
      <Form.Item label="Nova senha" name="password" rules={[zodRule(definitionPasswordSchema, 'password')]}>
        <Input.Password
          prefix={<LockOutlined aria-hidden />}
          placeholder="Mínimo de 8 caracteres"
          autoFocus
        />
      </Form.Item>
      <Form.Item
        label="Confirmação da senha"
        name="password_confirmation"
        dependencies={['password']}
        rules={[zodRule(definitionPasswordSchema, 'password_confirmation')]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} placeholder="Repita a senha" />
      </Form.Item>
      {setPassword.isError && (
        <Alert className="form-alert" type="error" showIcon title={setPassword.error.message} />
      )}
      <Button type="primary" htmlType="submit" block loading={setPassword.isPending} disabled={busy}>
        Definir senha
      </Button>
    </Form>
  );
}
