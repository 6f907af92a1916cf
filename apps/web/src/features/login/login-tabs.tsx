import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import styles from './login-page.module.css';

interface LoginTabsProps<K extends string> {
  tabs: { key: K; title: string }[];
  active: K;
  onChange: (key: K) => void;
}

/**
 * The two sign-in tabs: an accessible tablist with an animated ink bar. Arco's Tabs would bring its
 * overflow menu, dropdown and layout code into the sign-in page's first load.
 */
export function LoginTabs<K extends string>({ tabs, active, onChange }: LoginTabsProps<K>) {
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const [ink, setInk] = useState({ left: 0, width: 0 });
  useLayoutEffect(() => {
    const el = refs.current.get(active);
    if (el) setInk({ left: el.offsetLeft, width: el.offsetWidth });
  }, [active, tabs]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]!;
    onChange(next.key);
    refs.current.get(next.key)?.focus();
  };
  return (
    <div className={styles.tabs} role="tablist">
      {tabs.map((tab, index) => (
        <button
          key={tab.key}
          ref={(node) => {
            if (node) refs.current.set(tab.key, node);
          }}
          type="button"
          role="tab"
          id={`login-tab-${tab.key}`}
          aria-selected={tab.key === active}
          aria-controls={`login-pane-${tab.key}`}
          tabIndex={tab.key === active ? 0 : -1}
          className={`${styles.tab} ${tab.key === active ? styles.tabActive : ''}`}
          onClick={() => onChange(tab.key)}
          onKeyDown={(e) => onKeyDown(e, index)}
        >
          {tab.title}
        </button>
      ))}
      <span className={styles.ink} style={{ transform: `translateX(${ink.left}px)`, width: ink.width }} aria-hidden="true" />
    </div>
  );
}
