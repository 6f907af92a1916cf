import { Avatar, Button, Dropdown, Menu, Message } from '@arco-design/web-react';
import {
  IconCheck,
  IconExport,
  IconFullscreen,
  IconFullscreenExit,
  IconMenuFold,
  IconMoonFill,
  IconSettings,
  IconSunFill,
  IconSync,
  IconTag,
  IconUser,
} from '@arco-design/web-react/icon';
import { defaultRoute, findRouteByPath, hasApprovals, isRouteAllowed, landingPath } from '@atrium/contracts/routes';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LocaleSwitch } from '../components/locale-switch';
import { LogoMark } from '../components/logo-mark';
import { isApiError } from '../lib/api';
import { redirectUrl } from '../lib/guard';
import { useT } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { applyThemeMode } from '../lib/theme';
import { useSession } from '../stores/session';
import { useSettings } from '../stores/settings';
import { useTabs } from '../stores/tabs';
import { AppMenu } from './app-menu';
import { ApprovalsBadge } from './approvals-badge';
import { MessageBox } from './message-box';
import styles from './navbar.module.css';
import { navbarPopupContainer } from './navbar-popups';
import { PageSearch } from './page-search';
import { signOut } from './sign-out';
import { useSubMenuRoles } from './sub-menu-roles';
import { HoverTip } from '../components/hover-tip';

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

function IconButton({ tip, label, onClick, icon, testId }: { tip: string; label?: string; onClick: () => void; icon: ReactNode; testId?: string }) {
  return (
    <HoverTip content={tip} position="bottom">
      <Button shape="circle" type="secondary" icon={icon} onClick={onClick} aria-label={label ?? tip} data-testid={testId} />
    </HoverTip>
  );
}

/** Menu keys of the role switch's entries: `role:<code>`. */
const ROLE_KEY = 'role:';

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

  const switchRole = async (role: string) => {
    if (role === useSession.getState().role) return;
    try {
      const info = await useSession.getState().switchRole(role);
      Message.success(t('navbar.user.switchSuccess', { role: info.roleName }));
      await queryClient.invalidateQueries();
      // Tabs and the current page follow the new role's permissions.
      useTabs.getState().retain((tab) => {
        const route = findRouteByPath(tab.path);
        return !!route && isRouteAllowed(route, info.permissions);
      });
      const here = findRouteByPath(location.pathname);
      if (here && !isRouteAllowed(here, info.permissions)) navigate(landingPath(info.permissions));
    } catch (error) {
      // The transport showed the reason, except for MFA_ENROLMENT_REQUIRED (the new role requires two-step
      // verification, which is off): it leaves that to the enrolment, which does not come when the switch
      // was refused and the active role stays as it was.
      if (isApiError(error) && error.key === 'MFA_ENROLMENT_REQUIRED') Message.warning({ id: 'switchRole', content: error.message || t('twoStep.required.intro') });
    }
  };

  const onUserMenu = (key: string) => {
    if (key.startsWith(ROLE_KEY)) void switchRole(key.slice(ROLE_KEY.length));
    else if (key === 'userCenter') navigate('/user/info');
    else if (key === 'userSettings') navigate('/user/setting');
    else if (key === 'reload') navigate(redirectUrl(location.pathname + location.search));
    else if (key === 'logout') void signOut(navigate);
  };

  const roles = user?.roles ?? [];
  const userMenuRef = useSubMenuRoles();
  const userMenu = (
    <Menu ref={userMenuRef} onClickMenuItem={onUserMenu} className={styles.userMenu} triggerProps={{ getPopupContainer: navbarPopupContainer }}>
      {roles.length > 1 ? (
        <Menu.SubMenu
          key="switchRoles"
          title={
            <>
              <IconTag className={styles.menuIcon} />
              {t('navbar.user.switchRoles')}
            </>
          }
        >
          {roles.map((code) => (
            <Menu.Item key={`${ROLE_KEY}${code}`} data-testid={`role-${code}`} aria-current={code === user?.role ? 'true' : undefined}>
              {code === user?.role ? <IconCheck className={styles.menuIcon} /> : <span className={styles.menuIconSpace} />}
              {user?.roleNames[code] ?? code}
            </Menu.Item>
          ))}
        </Menu.SubMenu>
      ) : null}
      {mobile ? (
        // The navbar's reload button, which a phone's navbar has no room for.
        <Menu.Item key="reload" data-testid="menu-reload">
          <IconSync className={styles.menuIcon} />
          {t('navbar.reload')}
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
        <Link to={defaultRoute.path} className={styles.logo} aria-label={t('navbar.logo.home', { page: t(defaultRoute.titleKey) })}>
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
        {hasApprovals ? (
          <li>
            <ApprovalsBadge />
          </li>
        ) : null}
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
          <Dropdown droplist={userMenu} position="br" trigger="click" getPopupContainer={navbarPopupContainer}>
            <button
              type="button"
              className={styles.avatarButton}
              // The visible role name starts the accessible name (a speech user says what they see).
              aria-label={!mobile && user?.roleName ? `${user.roleName} ${t('navbar.user.menu')}` : t('navbar.user.menu')}
              data-testid="avatar"
            >
              {/* A picture or an icon: no text to fit, so no measuring (Arco's fitting forced a layout at start). */}
              <Avatar size={32} autoFixFontSize={false}>
                {user?.avatar ? <img src={user.avatar} alt={user.name} /> : <IconUser />}
              </Avatar>
              {!mobile && user?.roleName ? (
                <span className={styles.roleName} data-testid="active-role">
                  {user.roleName}
                </span>
              ) : null}
            </button>
          </Dropdown>
        </li>
      </ul>
    </header>
  );
}
