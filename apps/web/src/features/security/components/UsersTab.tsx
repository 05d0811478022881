import { Button, Table } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { SECURITY_MESSAGES, type SecurityUser } from '@mirante/shared';
import { useCredentials } from '../../../shared/session/SessionContext';
import { useUsers } from '../api';
import { ListError } from './ListError';
import { useDialogOpening } from '../../../shared/ui/useDialogOpening';
import { UserFormModal } from './UserFormModal';
import { usersColumns } from './usersColumns';

export function UsersTab() {
  const { role } = useCredentials();
  const users = useUsers();
  const { dialog, openFor: edit, close } = useDialogOpening<SecurityUser>();

  return (
    <div className="security-tab">
      <div className="security-tab__toolbar">
        <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => edit(null)}>
          Novo usuário
        </Button>
      </div>
      {users.isError ? (
        <ListError text={SECURITY_MESSAGES.usersLoadFailed} onRetry={() => void users.refetch()} />
      ) : (
        <Table<SecurityUser>
          rowKey="id"
          size="middle"
          loading={users.isLoading}
          dataSource={users.data ?? []}
          columns={usersColumns(role, edit)}
          pagination={false}
          locale={{ emptyText: SECURITY_MESSAGES.noUsers }}
          aria-label="Usuários"
        />
      )}
      <UserFormModal key={dialog.opening} open={dialog.open} user={dialog.item} onClose={close} />
    </div>
  );
}
