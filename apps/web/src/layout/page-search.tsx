import { AutoComplete, Input } from '@arco-design/web-react';
import { IconSearch } from '@arco-design/web-react/icon';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../lib/i18n';
import { useTabs } from '../stores/tabs';
import { useMenuTree } from './app-menu';
import { searchMenu } from './menu-model';
import styles from './navbar.module.css';
import { navbarPopupContainer } from './navbar-popups';

/**
 * Finds a page by its title in the reader's language and opens it (its open tab, with that tab's URL).
 * In the navbar on a desktop; at the top of the menu drawer on a phone (`wide`). The search stops every
 * Escape key (the drop-down's own handling), so with nothing typed `onEscape` gets it: the menu drawer,
 * which opens with the focus here, closes on Escape as it does from its menu.
 */
export function PageSearch({ wide = false, onEscape }: { wide?: boolean; onEscape?: () => void }) {
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
    <span
      className={wide ? styles.searchBoxWide : styles.searchBox}
      onKeyDownCapture={(event) => {
        if (event.key === 'Escape' && query === '') onEscape?.();
      }}
    >
      <AutoComplete
        className={wide ? styles.searchWide : styles.search}
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
        // As wide as its longest hit (at least the input): at the input's width, 个人中心 › 用户信息 and
        // 个人中心 › 用户设置 were both cut to 个人中心 › 用户….
        triggerProps={{ getPopupContainer: navbarPopupContainer, autoAlignPopupWidth: false, autoAlignPopupMinWidth: true }}
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
