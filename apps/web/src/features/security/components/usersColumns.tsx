import { Badge, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { isPlainUser, projectDisplayName, type Role, type SecurityUser } from '@mirante/shared';
import { groupLabel } from '../labels';
import { UserActions } from './UserActions';

/** Columns of the users table; the customer column is hidden for USER. */
export function usersColumns(role: Role, onEdit: (user: SecurityUser) => void): ColumnsType<SecurityUser> {
  const columns: ColumnsType<SecurityUser> = [
    { title: 'Nome', dataIndex: 'name', key: 'name' },
    { title: 'E-mail', dataIndex: 'email', key: 'email' },
    {
      title: 'Projetos',
      key: 'projects',
      render: (_, user) =>
        user.projects.map((project) => <Tag key={project.id}>{projectDisplayName(project, role)}</Tag>),
    },
    { title: 'Cliente', dataIndex: 'customer', key: 'customer' },
    {
      title: 'Grupo',
      key: 'group',
      render: (_, user) =>
        groupLabel(user.group ? { name: user.group, customer: user.group_customer } : null, role) ?? '—',
    },
    {
      title: 'Status',
      key: 'status',
      // nowrap: in a narrow column the dot stayed on one line and 'Inativo' went to the next
      render: (_, user) => (
        <Badge
          status={user.status ? 'success' : 'default'}
          text={user.status ? 'Ativo' : 'Inativo'}
          style={{ whiteSpace: 'nowrap' }}
        />
      ),
    },
    {
      title: 'Ações',
      key: 'actions',
      width: 140,
      render: (_, user) => <UserActions user={user} onEdit={onEdit} />,
    },
  ];
  return isPlainUser({ role }) ? columns.filter((column) => column.key !== 'customer') : columns;
}
