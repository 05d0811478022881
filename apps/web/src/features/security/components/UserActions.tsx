import { App, Button, Space, Tooltip } from 'antd';
import { EditOutlined, KeyOutlined, StopOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { MESSAGES, SECURITY_MESSAGES, type SecurityUser } from '@mirante/shared';
import { useResetPassword, useToggleUserStatus } from '../api';
import { errorWithReason } from '../errorText';

interface Props {
  user: SecurityUser;
  onEdit(user: SecurityUser): void;
}

/** Edit, reset password (recovery e-mail) and activate/inactivate, for one row of the users table. */
export function UserActions({ user, onEdit }: Props) {
  const { message } = App.useApp();
  const reset = useResetPassword();
  const toggle = useToggleUserStatus();

  const resetPassword = () =>
    reset.mutate(user.email, {
      onSuccess: () => void message.success(MESSAGES.recoveryEmailSent),
      onError: () => void message.error(SECURITY_MESSAGES.resetFailed),
    });

  const toggleStatus = () =>
    toggle.mutate(user.id, {
      onSuccess: (updated) =>
        void message.success(updated.status ? SECURITY_MESSAGES.activated : SECURITY_MESSAGES.inactivated),
      onError: (error) =>
        void message.error(
          errorWithReason(
            error,
            user.status ? SECURITY_MESSAGES.inactivateFailed : SECURITY_MESSAGES.activateFailed,
          ),
        ),
    });

  return (
    <Space size={4}>
      <Tooltip title="Editar">
        <Button type="text" icon={<EditOutlined />} aria-label="Editar" onClick={() => onEdit(user)} />
      </Tooltip>
      <Tooltip title="Redefinir senha">
        <Button
          type="text"
          icon={<KeyOutlined />}
          aria-label="Redefinir senha"
          loading={reset.isPending}
          onClick={resetPassword}
        />
      </Tooltip>
      <Tooltip title={user.status ? 'Inativar' : 'Ativar'}>
        <Button
          type="text"
          danger={user.status}
          icon={user.status ? <StopOutlined /> : <CheckCircleOutlined />}
          aria-label={user.status ? 'Inativar' : 'Ativar'}
          loading={toggle.isPending}
          onClick={toggleStatus}
        />
      </Tooltip>
    </Space>
  );
}
