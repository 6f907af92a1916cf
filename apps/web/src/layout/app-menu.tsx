import { Menu } from '@arco-design/web-react';
import { flattenRoutes, type RouteNode } from '@atrium/contracts/routes';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type SyntheticEvent } from 'react';
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

/** Loads a page's code, and with `search` the data it shows first. */
export type PagePreloader = (name: string, search?: URLSearchParams) => Promise<void>;

/** Provided by the shell (app/ passes the preloader in: layout/ imports no page). */
export const PagePreloadContext = createContext<PagePreloader | undefined>(undefined);

/** The URL a menu entry opens: an open tab's latest URL (a search table keeps its filters), else its path. */
function targetUrl(path: string): string {
  return useTabs.getState().tabs.find((x) => x.path === path)?.url ?? path;
}

/**
 * Head starts for the menu's pages: once the first view is idle, the code of every page the menu offers
 * (one at a time, in idle periods); on hover or focus of an entry, its code and the data it shows first.
 */
function usePreloads(menu: RouteNode[]) {
  const preload = useContext(PagePreloadContext);
  const lastIntent = useRef('');
  useEffect(() => {
    if (!preload) return;
    const names = flattenRoutes(menu).flatMap((node) => (node.name ? [node.name] : []));
    let cancelled = false;
    let handle: number | undefined;
    const idle = (fn: () => void) =>
      typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 3000 }) : window.setTimeout(fn, 200);
    const next = () => {
      const name = names.shift();
      if (cancelled || !name) return;
      void preload(name).then(() => {
        if (!cancelled) handle = idle(next);
      });
    };
    handle = idle(next);
    return () => {
      cancelled = true;
      if (handle !== undefined) (typeof cancelIdleCallback === 'function' ? cancelIdleCallback : clearTimeout)(handle);
    };
  }, [menu, preload]);

  const byPath = useMemo(() => new Map(flattenRoutes(menu).map((node) => [node.path, node])), [menu]);
  return (event: SyntheticEvent) => {
    const path = (event.target as Element).closest?.('[data-path]')?.getAttribute('data-path');
    const node = path ? byPath.get(path) : undefined;
    if (!node?.name || !preload) return;
    const url = targetUrl(node.path);
    // mouseover repeats for every child the pointer crosses: one head start per entry entered.
    if (event.type === 'mouseover' && lastIntent.current === url) return;
    lastIntent.current = url;
    void preload(node.name, new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?')) : ''));
  };
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
    navigate(targetUrl(path));
    onNavigate?.();
  };
  const onIntent = usePreloads(menu);

  const item = (node: RouteNode, withIcon: boolean) => (
    <Menu.Item key={node.path} aria-current={node.path === pathname ? 'page' : undefined} data-path={node.path}>
      {withIcon ? routeIcon(node.icon) : null}
      {node.titleKey ? t(node.titleKey) : node.path}
    </Menu.Item>
  );

  return (
    // Hover and focus anywhere in the menu are one intent each: `display: contents` adds no box.
    <div className={styles.intent} onMouseOver={onIntent} onFocus={onIntent}>
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
    </div>
  );
}
