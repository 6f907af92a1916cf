import { AutoComplete, Avatar, Button, Dropdown, Input, Menu, Message, Tooltip } from '@arco-design/web-react';
import {
  IconExport,
  IconFullscreen,
  IconFullscreenExit,
  IconMenuFold,
  IconMoonFill,
  IconSearch,
  IconSettings,
  IconSunFill,
  IconSync,
  IconTag,
  IconUser,
} from '@arco-design/web-react/icon';
import { findRouteByPath, isRouteAllowed, type Role } from '@atrium/contracts/routes';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LocaleSwitch } from '../components/locale-switch';
import { LogoMark } from '../components/logo-mark';
import { redirectUrl } from '../lib/guard';
import { useT } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { applyThemeMode } from '../lib/theme';
import { useSession } from '../stores/session';
import { useSettings } from '../stores/settings';
import { useTabs } from '../stores/tabs';
import { AppMenu, useMenuTree } from './app-menu';
import { searchMenu } from './menu-model';
import { MessageBox } from './message-box';
import styles from './navbar.module.css';
import { signOut } from './sign-out';

function useFullscreen(): [boolean, (() => void) | null] {
  const [full, setFull] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const onChange = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  if (!document.fullscreenEnabled) return [false, null];
  return [full, () => void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen())];
}

function PageSearch() {
  const t = useT();
  const navigate = useNavigate();
  const menu = useMenuTree();
  const [query, setQuery] = useState('');
  const hits = useMemo(() => searchMenu(menu, query, t), [menu, query, t]);
  const open = (path: string) => {
    const tab = useTabs.getState().tabs.find((x) => x.path === path);
    navigate(tab?.url ?? path);
    setQuery('');
  };
  const [focused, setFocused] = useState(false);
  const empty = focused && query.trim() !== '' && hits.length === 0;
  return (
    <span className={styles.searchBox}>
      <AutoComplete
        className={styles.search}
        placeholder={t('settings.search')}
        value={query}
        onChange={(value) => setQuery(value)}
        data={hits.map((h) => ({ value: h.path, name: h.label }))}
        onSelect={(value) => open(value)}
        onPressEnter={(_e, active) => {
          const target = active?.value ?? hits[0]?.path;
          if (target) open(String(target));
        }}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        filterOption={() => true}
        triggerElement={<Input prefix={<IconSearch />} aria-label={t('settings.search')} data-testid="page-search" />}
      />
      {empty ? (
        <div className={styles.searchEmpty} role="status">
          {t('navbar.search.empty')}
        </div>
      ) : null}
    </span>
  );
}

function IconButton({ tip, label, onClick, icon, testId }: { tip: string; label?: string; onClick: () => void; icon: ReactNode; testId?: string }) {
  return (
    <Tooltip content={tip} position="bottom">
      <Button shape="circle" type="secondary" icon={icon} onClick={onClick} aria-label={label ?? tip} data-testid={testId} />
    </Tooltip>
  );
}

/** The navbar. */
export function Navbar({ onOpenMenuDrawer }: { onOpenMenuDrawer: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const { theme, device, menu, topMenu, update } = useSettings();
  const user = useSession((s) => s.user);
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const mobile = device === 'mobile';

  const toggleTheme = () => {
    const next = theme === 'dark' ? 'light' : 'dark';
    applyThemeMode(next, true);
    update({ theme: next });
  };

  const switchRole = async () => {
    const current = useSession.getState().role;
    const other = (user?.roles ?? []).find((r) => r !== current) as Role | undefined;
    if (!other) return;
    try {
      const info = await useSession.getState().switchRole(other);
      Message.success(t('navbar.user.switchSuccess', { role: t(`role.${info.role}`) }));
      await queryClient.invalidateQueries();
      useTabs.getState().retain((tab) => {
        const route = findRouteByPath(tab.path);
        return !!route && isRouteAllowed(route, info.role);
      });
      const here = findRouteByPath(location.pathname);
      if (here && !isRouteAllowed(here, info.role)) navigate('/workplace');
    } catch {
      // the transport already showed the reason
    }
  };

  const onUserMenu = (key: string) => {
    if (key === 'switchRoles') void switchRole();
    else if (key === 'userCenter') navigate('/user/info');
    else if (key === 'userSettings') navigate('/user/setting');
    else if (key === 'logout') void signOut(navigate);
  };

  const userMenu = (
    <Menu onClickMenuItem={onUserMenu} className={styles.userMenu}>
      {(user?.roles.length ?? 0) > 1 ? (
        <Menu.Item key="switchRoles">
          <IconTag className={styles.menuIcon} />
          {t('navbar.user.switchRoles')}
        </Menu.Item>
      ) : null}
      <Menu.Item key="userCenter">
        <IconUser className={styles.menuIcon} />
        {t('navbar.user.userCenter')}
      </Menu.Item>
      <Menu.Item key="userSettings">
        <IconSettings className={styles.menuIcon} />
        {t('navbar.user.userSettings')}
      </Menu.Item>
      <Menu.Item key="logout" data-testid="logout">
        <IconExport className={styles.menuIcon} />
        {t('navbar.user.logout')}
      </Menu.Item>
    </Menu>
  );

  return (
    <header className={styles.navbar} data-testid="navbar">
      <div className={styles.left}>
        {mobile && menu ? <IconButton tip={t('navbar.menu.open')} onClick={onOpenMenuDrawer} icon={<IconMenuFold />} testId="menu-drawer-open" /> : null}
        <Link to="/workplace" className={styles.logo} aria-label={t('navbar.logo.home')}>
          <LogoMark size={32} />
          <span className={styles.logoText}>Atrium</span>
        </Link>
      </div>
      <div className={styles.center}>{topMenu && menu && !mobile ? <AppMenu mode="horizontal" /> : null}</div>
      <ul className={styles.right}>
        {!mobile ? (
          <li>
            <PageSearch />
          </li>
        ) : null}
        {!mobile ? (
          <li>
            <IconButton tip={t('navbar.reload')} onClick={() => navigate(redirectUrl(location.pathname + location.search))} icon={<IconSync />} testId="navbar-reload" />
          </li>
        ) : null}
        <li>
          <LocaleSwitch />
        </li>
        <li>
          <IconButton
            tip={theme === 'dark' ? t('settings.navbar.theme.toLight') : t('settings.navbar.theme.toDark')}
            onClick={toggleTheme}
            icon={theme === 'dark' ? <IconMoonFill /> : <IconSunFill />}
            testId="theme-toggle"
          />
        </li>
        <li>
          <MessageBox />
        </li>
        {!mobile && toggleFullscreen ? (
          <li>
            <IconButton
              tip={fullscreen ? t('settings.navbar.screen.toExit') : t('settings.navbar.screen.toFull')}
              onClick={toggleFullscreen}
              icon={fullscreen ? <IconFullscreenExit /> : <IconFullscreen />}
              testId="fullscreen"
            />
          </li>
        ) : null}
        <li>
          <IconButton tip={t('settings.title')} onClick={() => update({ globalSettings: true })} icon={<IconSettings />} testId="settings-open" />
        </li>
        <li>
          <Dropdown droplist={userMenu} position="br" trigger="click">
            <button type="button" className={styles.avatarButton} aria-label={t('navbar.user.menu')} data-testid="avatar">
              <Avatar size={32}>{user?.avatar ? <img src={user.avatar} alt={user.name} /> : <IconUser />}</Avatar>
            </button>
          </Dropdown>
        </li>
      </ul>
    </header>
  );
}
