import { Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { withToken } from '../../../shared/routing/withToken';
import { menuItemsFor } from '../menuItems';
import { useAccessContext } from '../useAccessContext';

export function MainMenu() {
  const context = useAccessContext();
  const location = useLocation();
  const navigate = useNavigate();
  const items = menuItemsFor(context).map((entry) => ({ key: `/page/${entry.path}`, label: entry.label }));

  return (
    <Menu
      className="main-menu"
      mode="horizontal"
      theme="dark"
      aria-label="Menu principal"
      selectedKeys={[location.pathname]}
      items={items}
      onClick={({ key }) => navigate(withToken(key, location.search))}
    />
  );
}
