import { Trigger } from '@arco-design/web-react';
import { IconClose, IconFolderDelete, IconLeft, IconRefresh, IconRight, IconSwap, IconToLeft, IconToRight } from '@arco-design/web-react/icon';
import { findRouteByPath } from '@atrium/contracts/routes';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { redirectUrl } from '../lib/guard';
import { useT } from '../lib/i18n';
import { useSettings } from '../stores/settings';
import { commandEnabled, useTabs, type Tab, type TabCommand } from '../stores/tabs';
import styles from './tab-bar.module.css';

type MenuCommand = TabCommand | 'reload';

/** The scroll buttons' width (tab-bar.module.css) and a little air: how far a revealed tab stays from either end. */
const SCROLL_BUTTON_CLEARANCE = 24 + 8;

const menuItems: ({ command: MenuCommand; key: string; icon: ReactNode } | 'separator')[] = [
  { command: 'reload', key: 'tabBar.reload', icon: <IconRefresh /> },
  { command: 'closeCurrent', key: 'tabBar.closeCurrent', icon: <IconClose /> },
  'separator',
  { command: 'closeLeft', key: 'tabBar.closeLeft', icon: <IconToLeft /> },
  { command: 'closeRight', key: 'tabBar.closeRight', icon: <IconToRight /> },
  'separator',
  { command: 'closeOthers', key: 'tabBar.closeOthers', icon: <IconSwap /> },
  { command: 'closeAll', key: 'tabBar.closeAll', icon: <IconFolderDelete /> },
];

function TabMenu({ tab, tabs, activePath, onRun, onClose }: { tab: Tab; tabs: Tab[]; activePath: string; onRun: (c: MenuCommand) => void; onClose: () => void }) {
  const t = useT();
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button:not([disabled])') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      event.preventDefault();
      buttons[(to + buttons.length) % buttons.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(buttons.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      onClose();
    }
  };
  return (
    <ul ref={list} className={styles.menu} role="menu" aria-label={tab.path} onKeyDown={onKeyDown} data-testid="tab-menu">
      {menuItems.map((item, i) =>
        item === 'separator' ? (
          <li key={`sep${i}`} role="separator" className={styles.separator} />
        ) : (
          <li key={item.command} role="none">
            <button
              type="button"
              role="menuitem"
              className={styles.menuItem}
              disabled={!commandEnabled(tabs, item.command, tab.path, activePath)}
              onClick={() => onRun(item.command)}
              data-command={item.command}
            >
              {item.icon}
              <span>{t(item.key)}</span>
            </button>
          </li>
        ),
      )}
    </ul>
  );
}

/** The tab bar: one tag per visited page, context menu by mouse or keyboard. */
export function TabBar() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = useTabs((s) => s.tabs);
  const names = useTabs((s) => s.names);
  const navbar = useSettings((s) => s.navbar);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const refs = useRef(new Map<string, HTMLDivElement>());
  const scroller = useRef<HTMLDivElement>(null);
  // Tabs hidden beyond either edge: the scroll buttons show only then.
  const [hidden, setHidden] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setHidden((was) => (was.left === left && was.right === right ? was : { left, right }));
  }, []);

  /**
   * Scrolls the bar so that the whole tab of `path` (its label and its ×) lies clear of the scroll
   * buttons, which are drawn over the bar's ends. The browser's own scrollIntoView() and focus() only
   * bring the label to the edge, under the button.
   */
  const reveal = useCallback((path: string) => {
    const el = scroller.current;
    const tag = refs.current.get(path)?.parentElement;
    if (!el || !tag) return;
    const bar = el.getBoundingClientRect();
    const box = tag.getBoundingClientRect();
    const left = bar.left + SCROLL_BUTTON_CLEARANCE;
    const right = bar.right - SCROLL_BUTTON_CLEARANCE;
    // at either end of the bar the scroll position is clamped, and that end's button is hidden
    if (box.left < left) el.scrollLeft -= left - box.left;
    else if (box.right > right) el.scrollLeft += Math.min(box.right - right, box.left - left);
  }, []);
  const activePath = useRef(pathname);
  activePath.current = pathname;

  // After every navigation (menu, tab, keyboard, URL, redirect) and every change of the tabs.
  useEffect(() => {
    reveal(pathname);
    measure();
  }, [pathname, tabs, reveal, measure]);

  // The bar or a tab changing width (the window, the language, a late font) moves the active tab.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      reveal(activePath.current);
      measure();
    });
    observer.observe(el);
    for (const label of refs.current.values()) if (label.parentElement) observer.observe(label.parentElement);
    return () => observer.disconnect();
  }, [tabs, reveal, measure]);

  const scrollBy = (direction: -1 | 1) => {
    const el = scroller.current;
    el?.scrollBy({ left: direction * Math.max(120, el.clientWidth * 0.8), behavior: 'smooth' });
  };

  const closeMenu = (path: string) => {
    setMenuFor(null);
    refs.current.get(path)?.focus();
  };

  const run = (tab: Tab, command: MenuCommand) => {
    setMenuFor(null);
    if (command === 'reload') {
      navigate(redirectUrl(tab.url));
      return;
    }
    const result = useTabs.getState().command(command, tab.path, pathname);
    if (result.navigateTo) navigate(result.navigateTo);
  };

  const onTagKeyDown = (event: KeyboardEvent, tab: Tab, index: number) => {
    if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) {
      event.preventDefault();
      setMenuFor(tab.path);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      navigate(tab.url);
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      const next = tabs[index + (event.key === 'ArrowRight' ? 1 : -1)];
      if (next) refs.current.get(next.path)?.focus();
    } else if (event.key === 'Delete' && commandEnabled(tabs, 'closeCurrent', tab.path, pathname)) {
      event.preventDefault();
      run(tab, 'closeCurrent');
    }
  };

  return (
    <div className={styles.bar} style={{ top: navbar ? 60 : 0 }} data-testid="tab-bar">
      {/* The mouse's way past the edges; the keyboard moves between tabs with the arrow keys, and a
          focused tab scrolls into view. */}
      {hidden.left ? (
        <button type="button" className={`${styles.scrollButton} ${styles.scrollLeft}`} aria-label={t('tabBar.scrollLeft')} title={t('tabBar.scrollLeft')} tabIndex={-1} onClick={() => scrollBy(-1)} data-testid="tab-scroll-left">
          <IconLeft />
        </button>
      ) : null}
      {hidden.right ? (
        <button type="button" className={`${styles.scrollButton} ${styles.scrollRight}`} aria-label={t('tabBar.scrollRight')} title={t('tabBar.scrollRight')} tabIndex={-1} onClick={() => scrollBy(1)} data-testid="tab-scroll-right">
          <IconRight />
        </button>
      ) : null}
      <div ref={scroller} className={styles.scroller} role="tablist" aria-label={t('tabBar.label')} onScroll={measure}>
        {tabs.map((tab, index) => {
          const route = findRouteByPath(tab.path);
          const page = route?.titleKey ? t(route.titleKey) : tab.path;
          // a page that named itself (a record's page: 订单详情：Desk lamp), else the route's title
          const name = names[tab.path];
          const title = name ? t('tabBar.named', { page, name }) : page;
          const active = tab.path === pathname;
          // the store's rule, as for the menu and the Delete key (the landing page's never closes)
          const closable = commandEnabled(tabs, 'closeCurrent', tab.path, pathname);
          return (
            <Trigger
              key={tab.path}
              trigger="contextMenu"
              escToClose
              alignPoint
              position="bl"
              popupVisible={menuFor === tab.path}
              onVisibleChange={(visible) => setMenuFor(visible ? tab.path : null)}
              popup={() => <TabMenu tab={tab} tabs={tabs} activePath={pathname} onRun={(c) => run(tab, c)} onClose={() => closeMenu(tab.path)} />}
            >
              {/* The close button is the mouse's way to close a tab: it sits beside the tab (a control inside a
                  tab is lost to assistive technology) and is hidden from it (a tab list may hold only tabs).
                  The keyboard's ways are on the tab itself: Delete, and the tab menu (Shift+F10). */}
              <div className={`${styles.tag} ${active ? styles.active : ''}`} onClick={() => navigate(tab.url)} data-tab-item={tab.path}>
                <div
                  ref={(node) => {
                    if (node) refs.current.set(tab.path, node);
                    else refs.current.delete(tab.path);
                  }}
                  onFocus={() => reveal(tab.path)}
                  role="tab"
                  tabIndex={active ? 0 : -1}
                  aria-selected={active}
                  aria-keyshortcuts={closable ? 'Delete Shift+F10' : 'Shift+F10'}
                  className={styles.label}
                  onKeyDown={(e) => onTagKeyDown(e, tab, index)}
                  data-tab={tab.path}
                >
                  <span className={styles.dot} />
                  <span className={styles.title} title={name ? title : undefined}>
                    {title}
                  </span>
                </div>
                {closable ? (
                  <button
                    type="button"
                    className={styles.close}
                    aria-hidden
                    title={t('tabBar.close')}
                    tabIndex={-1}
                    onClick={(e) => {
                      e.stopPropagation();
                      run(tab, 'closeCurrent');
                    }}
                  >
                    <IconClose />
                  </button>
                ) : null}
              </div>
            </Trigger>
          );
        })}
      </div>
    </div>
  );
}
