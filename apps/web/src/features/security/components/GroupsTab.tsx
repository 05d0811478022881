import { Button, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { SECURITY_MESSAGES, isPlainUser, type Group } from '@mirante/shared';
import { useCredentials } from '../../../shared/session/SessionContext';
import { useGroups } from '../api';
import { GroupActions } from './GroupActions';
import { GroupFormModal } from './GroupFormModal';
import { ListError } from './ListError';
import { useDialogOpening } from '../../../shared/ui/useDialogOpening';

export function GroupsTab() {
  const credentials = useCredentials();
  const groups = useGroups();
  const { dialog, openFor: edit, close } = useDialogOpening<Group>();

  const columns: ColumnsType<Group> = [
    { title: 'ID', dataIndex: 'id', key: 'id', width: 80 },
    { title: 'Nome', dataIndex: 'name', key: 'name' },
    ...(isPlainUser(credentials) ? [] : [{ title: 'Cliente', dataIndex: 'customer', key: 'customer' }]),
    {
      title: 'Ações',
      key: 'actions',
      width: 120,
      render: (_, group) => <GroupActions group={group} onEdit={edit} />,
    },
  ];

  return (
    <div className="security-tab">
      <div className="security-tab__toolbar">
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => edit(null)}>
          Novo grupo
        </Button>
      </div>
      {groups.isError ? (
        <ListError text={SECURITY_MESSAGES.groupsLoadFailed} onRetry={() => void groups.refetch()} />
      ) : (
        <Table<Group>
          rowKey="id"
          size="middle"
          loading={groups.isLoading}
          dataSource={groups.data ?? []}
          columns={columns}
          pagination={false}
          locale={{ emptyText: SECURITY_MESSAGES.noGroups }}
          aria-label="Grupos"
        />
      )}
      <GroupFormModal key={dialog.opening} open={dialog.open} group={dialog.item} onClose={close} />
    </div>
  );
}
