import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { EditOutlined, KeyOutlined, StopOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { MESSAGES, SECURITY_MESSAGES, type SecurityUser } from '@mirante/shared';
import { useResetPassword, useToggleUserStatus } from '../api';
import { errorWithReason } from '../errorText';
import { useFeedback } from '../../../shared/feedback/useFeedback';

interface Props {
  user: SecurityUser;
  onEdit(user: SecurityUser): void;
}

const RESET_INACTIVE = `${SECURITY_MESSAGES.resetFailed} ${SECURITY_MESSAGES.resetInactive}`;

/** Edit, reset password (recovery e-mail) and activate/inactivate, for one row of the users table. */
export function UserActions({ user, onEdit }: Props) {
  const message = useFeedback();
  const reset = useResetPassword();
  const toggle = useToggleUserStatus();

  const resetPassword = () => {
    // An inactive user gets no recovery e-mail (the server refuses it): say so instead of a generic failure.
    if (!user.status) return message.error(RESET_INACTIVE);
    reset.mutate(user.email, {
      onSuccess: () => message.success(MESSAGES.recoveryEmailSent),
      onError: () => message.error(SECURITY_MESSAGES.resetFailed),
    });
  };

  const toggleStatus = () =>
    toggle.mutate(user.id, {
      onSuccess: (updated) =>
        message.success(updated.status ? SECURITY_MESSAGES.activated : SECURITY_MESSAGES.inactivated),
      onError: (error) =>
        message.error(
          errorWithReason(
            error,
            user.status ? SECURITY_MESSAGES.inactivateFailed : SECURITY_MESSAGES.activateFailed,
          ),
        ),
    });

  const statusButton = (
    <Button
      type="text"
      danger={user.status}
      icon={user.status ? <StopOutlined aria-hidden /> : <CheckCircleOutlined aria-hidden />}
      aria-label={user.status ? 'Inativar' : 'Ativar'}
      loading={toggle.isPending}
      onClick={user.status ? undefined : toggleStatus}
    />
  );

  return (
    <Space size={4}>
      <Tooltip title="Editar">
        <Button
          type="text"
          icon={<EditOutlined aria-hidden />}
          aria-label="Editar"
          onClick={() => onEdit(user)}
        />
      </Tooltip>
      <Tooltip title="Redefinir senha">
        <Button
          type="text"
          icon={<KeyOutlined aria-hidden />}
          aria-label="Redefinir senha"
          loading={reset.isPending}
          onClick={resetPassword}
        />
      </Tooltip>
      {user.status ? (
        // Inactivating locks the user out: asked first (activating is harmless and stays one click).
        <Popconfirm
          title={SECURITY_MESSAGES.inactivateConfirm}
          description={SECURITY_MESSAGES.inactivateConsequence}
          placement="bottomRight"
          okText="Inativar"
          okButtonProps={{ danger: true }}
          cancelText="Cancelar"
          onConfirm={toggleStatus}
        >
          <Tooltip title="Inativar">{statusButton}</Tooltip>
        </Popconfirm>
      ) : (
        <Tooltip title="Ativar">{statusButton}</Tooltip>
      )}
    </Space>
  );
}
