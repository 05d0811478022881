import { Button, Card, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { MESSAGES, changePasswordSchema } from '@mirante/shared';
import { zodRule } from '../../../shared/forms/zodRule';
import { useChangePassword } from '../api';
import { useFeedback } from '../../../shared/feedback/useFeedback';

interface Values {
  current_password: string;
  password: string;
  password_confirmation: string;
}

export default function ChangePasswordPage() {
  const [form] = Form.useForm<Values>();
  const changePassword = useChangePassword();
  const message = useFeedback();

  const submit = (values: Values) =>
    changePassword.mutate(values, {
      onSuccess: () => {
        void message.success(MESSAGES.passwordChanged);
        form.resetFields();
      },
      onError: (error) => void message.error(`Não foi possível alterar a senha: ${error.message}`),
    });

  return (
    <div className="page-narrow">
      <Card title="Trocar senha" className="page-card">
        <p className="page-card__intro">
          Por segurança, informe a senha atual e escolha uma nova senha entre 6 e 20 caracteres.
        </p>
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          aria-label="Trocar senha"
        >
          <Form.Item
            label="Senha atual"
            name="current_password"
            rules={[zodRule(changePasswordSchema, 'current_password')]}
          >
            <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" autoFocus />
          </Form.Item>
          <Form.Item label="Nova senha" name="password" rules={[zodRule(changePasswordSchema, 'password')]}>
            <Input.Password
              prefix={<LockOutlined aria-hidden />}
              autoComplete="new-password"
              maxLength={20}
            />
          </Form.Item>
          <Form.Item
            label="Confirmação da nova senha"
            name="password_confirmation"
            dependencies={['password']}
            rules={[zodRule(changePasswordSchema, 'password_confirmation')]}
          >
            <Input.Password
              prefix={<LockOutlined aria-hidden />}
              autoComplete="new-password"
              maxLength={20}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={changePassword.isPending}>
            Trocar senha
          </Button>
        </Form>
      </Card>
    </div>
  );
}
