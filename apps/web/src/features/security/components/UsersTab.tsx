import { useState } from 'react';
import { Button, Table } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { SECURITY_MESSAGES, type SecurityUser } from '@mirante/shared';
import { useCredentials } from '../../../shared/session/SessionContext';
import { useUsers } from '../api';
import { ListError } from './ListError';
import { UserFormModal } from './UserFormModal';
import { usersColumns } from './usersColumns';

/**
 * The dialog stays mounted while it closes, so that antd gives the focus back to the button that opened it; each
 * opening is a new dialog (`opening` is its key), with a new form.
 */
interface Editing {
  open: boolean;
  user: SecurityUser | null;
  opening: number;
}

export function UsersTab() {
  const { role } = useCredentials();
  const users = useUsers();
  const [editing, setEditing] = useState<Editing>({ open: false, user: null, opening: 0 });
  const edit = (user: SecurityUser | null) =>
    setEditing((current) => ({ open: true, user, opening: current.opening + 1 }));

  return (
    <div className="security-tab">
      <div className="security-tab__toolbar">
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => edit(null)}>
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
      <UserFormModal
        key={editing.opening}
        open={editing.open}
        user={editing.user}
        onClose={() => setEditing((current) => ({ ...current, open: false }))}
      />
    </div>
  );
}
