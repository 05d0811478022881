import { Tabs } from 'antd';
import { GroupsTab } from '../components/GroupsTab';
import { UsersTab } from '../components/UsersTab';
import '../security.css';

/** Painel de segurança: users and permission groups of the customer (all customers for ADMIN). */
export default function SecurityPage() {
  return (
    <div className="security-page">
      <h1 className="security-page__title">Painel de segurança</h1>
      <Tabs
        items={[
          { key: 'users', label: 'Usuários', children: <UsersTab /> },
          { key: 'groups', label: 'Grupos e Permissões', children: <GroupsTab /> },
        ]}
      />
    </div>
  );
}
