import { useState } from 'react';
import { Button, Table } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { SECURITY_MESSAGES, type SecurityUser } from '@mirante/shared';
import { useCredentials } from '../../../shared/session/SessionContext';
import { useUsers } from '../api';
import { ListError } from './ListError';
import { UserFormModal } from './UserFormModal';
import { usersColumns } from './usersColumns';

type Editing = { user: SecurityUser | null } | null;

export function UsersTab() {
  const { role } = useCredentials();
  const users = useUsers();
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <div className="security-tab">
      <div className="security-tab__toolbar">
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setEditing({ user: null })}>
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
          columns={usersColumns(role, (user) => setEditing({ user }))}
          pagination={false}
          locale={{ emptyText: SECURITY_MESSAGES.noUsers }}
          aria-label="Usuários"
        />
      )}
      {editing && <UserFormModal open user={editing.user} onClose={() => setEditing(null)} />}
    </div>
  );
}
