import { Menu } from '@arco-design/web-react';
import type { RouteNode } from '@atrium/contracts/routes';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../lib/i18n';
import { useSession } from '../stores/session';
import { useTabs } from '../stores/tabs';
import { buildMenu, parentOf } from './menu-model';
import styles from './app-menu.module.css';
import { routeIcon } from './route-icons';
import { useSubMenuRoles } from './sub-menu-roles';

export function useMenuTree(): RouteNode[] {
  const permissions = useSession((s) => s.permissions);
  const serverPaths = useSession((s) => s.serverMenuPaths);
  return useMemo(() => buildMenu(permissions, serverPaths), [permissions, serverPaths]);
}

interface AppMenuProps {
  mode?: 'vertical' | 'horizontal';
  collapsed?: boolean;
  onNavigate?: () => void;
}

/**
 * The menu (layout/menu-model.ts), in the sider, the navbar (top-menu mode) or the mobile drawer. The
 * current page's group opens on every route change; other groups keep their state.
 */
export function AppMenu({ mode = 'vertical', collapsed = false, onNavigate }: AppMenuProps) {
  const t = useT();
  const menu = useMenuTree();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const menuRef = useSubMenuRoles();
  const [openKeys, setOpenKeys] = useState<string[]>(() => {
    const parent = parentOf(pathname, menu);
    return parent ? [parent.path] : [];
  });

  useEffect(() => {
    const parent = parentOf(pathname, menu);
    if (parent) setOpenKeys((keys) => (keys.includes(parent.path) ? keys : [...keys, parent.path]));
  }, [pathname, menu]);

  const go = (path: string) => {
    // An open tab keeps its latest URL, so a search table comes back with its filters.
    const tab = useTabs.getState().tabs.find((x) => x.path === path);
    navigate(tab?.url ?? path);
    onNavigate?.();
  };

  const item = (node: RouteNode, withIcon: boolean) => (
    <Menu.Item key={node.path} aria-current={node.path === pathname ? 'page' : undefined} data-path={node.path}>
      {withIcon ? routeIcon(node.icon) : null}
      {node.titleKey ? t(node.titleKey) : node.path}
    </Menu.Item>
  );

  return (
    <Menu
      ref={menuRef}
      className={styles.menu}
      mode={mode === 'horizontal' ? 'horizontal' : 'vertical'}
      collapse={collapsed}
      selectedKeys={[pathname]}
      openKeys={mode === 'horizontal' ? undefined : openKeys}
      onClickSubMenu={(_key, keys) => setOpenKeys(keys)}
      onClickMenuItem={go}
      levelIndent={34}
      autoOpen={false}
      style={{ width: '100%' }}
      ellipsis={mode === 'horizontal'}
    >
      {menu.map((node) =>
        node.children ? (
          <Menu.SubMenu
            key={node.path}
            title={
              <>
                {routeIcon(node.icon)}
                {node.titleKey ? t(node.titleKey) : node.path}
              </>
            }
          >
            {node.children.map((child) => item(child, false))}
          </Menu.SubMenu>
        ) : (
          item(node, true)
        ),
      )}
    </Menu>
  );
}
