import { Button, Card, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { SHARE_MESSAGES } from '@mirante/shared';
import { SHARE_TEXTS } from '../texts';

/** The password of a protected link; `error` is the server's refusal of the last try. */
export function SharedPasswordForm({
  error,
  pending,
  onSubmit,
}: {
  error: string | null;
  pending: boolean;
  onSubmit(password: string): void;
}) {
  return (
    <div className="shared-password">
      <Card title={SHARE_TEXTS.passwordTitle} style={{ width: 380 }}>
        <p>{SHARE_MESSAGES.passwordRequired}</p>
        <Form<{ password: string }>
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => onSubmit(values.password)}
          aria-label={SHARE_TEXTS.passwordTitle}
        >
          <Form.Item
            label={SHARE_TEXTS.passwordField}
            name="password"
            rules={[{ required: true, message: 'Informe a senha.' }]}
            validateStatus={error ? 'error' : undefined}
            help={error ?? undefined}
          >
            <Input.Password
              prefix={<LockOutlined aria-hidden />}
              autoFocus
              aria-label={SHARE_TEXTS.passwordField}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={pending} block>
            {SHARE_TEXTS.open}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
