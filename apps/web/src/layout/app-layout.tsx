import { Button, Drawer, Layout } from '@arco-design/web-react';
import { IconMenuFold, IconMenuUnfold, IconSettings } from '@arco-design/web-react/icon';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, type RouteObject } from 'react-router';
import { AppFooter } from '../components/app-footer';
import { useT } from '../lib/i18n';
import { preferencesQuery } from '../lib/preferences';
import { queryClient } from '../lib/query-client';
import { applyColorWeak } from '../lib/theme';
import { onSessionEnd } from '../stores/session';
import { useSettings } from '../stores/settings';
import { AppMenu, PagePreloadContext, type PagePreloader } from './app-menu';
import styles from './app-layout.module.css';
import { Navbar } from './navbar';
import { PageHost } from './page-host';
import { PageSearch } from './page-search';
import { useSignOutWaitsForShell } from './sign-out';
import { TabBar } from './tab-bar';
import { useResponsive } from './use-responsive';
import { HoverTip } from '../components/hover-tip';

// The drawer (colour picker, palette generator) loads on first use, not with the shell.
const SettingsDrawer = lazy(() => import('./settings-drawer').then((m) => ({ default: m.SettingsDrawer })));

const COLLAPSED_WIDTH = 48;

function Shell({ pages }: { pages: RouteObject[] }) {
  const t = useT();
  const location = useLocation();
  const settings = useSettings();
  const { navbar, menu, topMenu, footer, tabBar, menuCollapse, menuWidth, device, colorWeak, update } = settings;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  useResponsive();
  useSignOutWaitsForShell();
  useEffect(() => {
    if (settings.globalSettings) setSettingsLoaded(true);
  }, [settings.globalSettings]);

  useEffect(() => applyColorWeak(colorWeak), [colorWeak]);
  useEffect(() => onSessionEnd(() => queryClient.clear()), []);
  useEffect(() => {
    // The stored UI preferences: one entry the slices' pages share (lib/preferences.ts).
    void queryClient.prefetchQuery(preferencesQuery());
  }, []);
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  const mobile = device === 'mobile';
  const showSider = menu && !topMenu && !mobile;
  const siderWidth = menuCollapse ? COLLAPSED_WIDTH : menuWidth;

  return (
    <div className={styles.layout}>
      {navbar ? <Navbar onOpenMenuDrawer={() => setDrawerOpen(true)} /> : null}
      {showSider ? (
        <Layout.Sider
          className={styles.sider}
          style={{ top: navbar ? 60 : 0, height: navbar ? 'calc(100vh - 60px)' : '100vh' }}
          width={menuWidth}
          collapsedWidth={COLLAPSED_WIDTH}
          collapsed={menuCollapse}
          onCollapse={(collapsed) => update({ menuCollapse: collapsed })}
          collapsible
          breakpoint="xl"
          trigger={
            <HoverTip content={menuCollapse ? t('menu.expand') : t('menu.collapse')} position="right">
              <span className={styles.collapseButton} role="button" aria-label={menuCollapse ? t('menu.expand') : t('menu.collapse')} data-testid="menu-collapse">
                {menuCollapse ? <IconMenuUnfold /> : <IconMenuFold />}
              </span>
            </HoverTip>
          }
        >
          <nav className={styles.menuWrap} data-testid="side-menu">
            <AppMenu collapsed={menuCollapse} />
          </nav>
        </Layout.Sider>
      ) : null}
      {mobile && menu ? (
        <Drawer placement="left" width={menuWidth} visible={drawerOpen} onCancel={() => setDrawerOpen(false)} title={null} footer={null} closable={false} className={styles.menuDrawer}>
          {/* The navbar's page search, which a phone's navbar has no room for. */}
          <PageSearch wide onEscape={() => setDrawerOpen(false)} />
          <nav data-testid="drawer-menu">
            <AppMenu onNavigate={() => setDrawerOpen(false)} />
          </nav>
        </Drawer>
      ) : null}
      <main className={styles.content} style={{ paddingTop: navbar ? 60 : 0, paddingLeft: showSider ? siderWidth : 0 }}>
        {tabBar ? <TabBar /> : null}
        <div className={styles.page}>
          <PageHost routes={pages} />
        </div>
        {footer ? <AppFooter /> : null}
      </main>
      {settingsLoaded ? (
        <Suspense fallback={null}>
          <SettingsDrawer />
        </Suspense>
      ) : null}
      {!navbar ? (
        <HoverTip content={t('settings.title')} position="left">
          <Button type="primary" className={styles.floatingSettings} icon={<IconSettings />} onClick={() => update({ globalSettings: true })} aria-label={t('settings.title')} data-testid="settings-float" />
        </HoverTip>
      ) : null}
    </div>
  );
}

/**
 * The app shell (navbar, menu, tab bar, footer) around every page except login; `pages` are the routes it
 * hosts, `preload` gives the menu's pages a head start (app/route-components.tsx).
 */
export function AppLayout({ pages, preload }: { pages: RouteObject[]; preload?: PagePreloader }) {
  return (
    <QueryClientProvider client={queryClient}>
      <PagePreloadContext.Provider value={preload}>
        <Shell pages={pages} />
      </PagePreloadContext.Provider>
    </QueryClientProvider>
  );
}
