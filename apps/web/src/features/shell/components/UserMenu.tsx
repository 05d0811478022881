import { Avatar, type MenuProps } from 'antd';
import { MenuDropdown } from '../../../shared/ui/MenuDropdown';
import {
  ApiOutlined,
  BellOutlined,
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  SettingOutlined,
  TagOutlined,
} from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { APP_VERSION, ROLE_LABELS, firstName, isAdmin } from '@mirante/shared';
import { useCredentials } from '../../../shared/session/SessionContext';
import { withToken } from '../../../shared/routing/withToken';
import { useLogout } from '../../auth/api';

export function UserMenu() {
  const credentials = useCredentials();
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const go = (path: string) => navigate(withToken(path, location.search));

  const items: MenuProps['items'] = [
    ...(isAdmin(credentials)
      ? [{ key: 'admin', icon: <SettingOutlined aria-hidden />, label: 'Painel de administração' }]
      : []),
    { key: 'change-password', icon: <KeyOutlined aria-hidden />, label: 'Trocar senha' },
    { key: 'gis-keys', icon: <ApiOutlined aria-hidden />, label: 'Chaves de acesso GIS' },
    { key: 'alerts', icon: <BellOutlined aria-hidden />, label: 'Preferências de alertas' },
    { key: 'version', icon: <TagOutlined aria-hidden />, label: `Versão ${APP_VERSION}`, disabled: true },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: 'Sair', danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'admin') go('/page/admin');
    else if (key === 'change-password') go('/page/change-password');
    else if (key === 'gis-keys') go('/page/gis-keys');
    else if (key === 'alerts') go('/page/alerts');
    else if (key === 'logout') logout.mutate();
  };

  return (
    <MenuDropdown menu={{ items, onClick }} placement="bottomRight">
      <button type="button" className="user-menu" aria-label="Menu do usuário">
        <Avatar size={32} className="user-menu__avatar">
          {firstName(credentials.name).charAt(0).toUpperCase()}
        </Avatar>
        <span className="user-menu__text">
          <span className="user-menu__greeting">Olá, {firstName(credentials.name)}</span>
          <span className="user-menu__role">{ROLE_LABELS[credentials.role]}</span>
        </span>
        <DownOutlined aria-hidden className="user-menu__caret" />
      </button>
    </MenuDropdown>
  );
}
