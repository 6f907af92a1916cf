import { Button, Message } from '@arco-design/web-react';
import { IconCheck, IconLanguage } from '@arco-design/web-react/icon';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { loadLocale, setLocale, translate, useLocale, useT, type Locale } from '../lib/i18n';
import styles from './locale-switch.module.css';

const RELOAD_DELAY_MS = 1000;

const options: { value: Locale; key: string }[] = [
  { value: 'zh-CN', key: 'navbar.locale.zhCN' },
  { value: 'en-US', key: 'navbar.locale.enUS' },
];

/**
 * Language dropdown, shared by the navbar and the sign-in page. Choosing the
 * other language confirms in the newly chosen language, then reloads after 1 s. A small popup of its
 * own (no Arco Trigger) keeps the sign-in page's first load small.
 */
export function LocaleSwitch({ className }: { className?: string }) {
  const t = useT();
  const current = useLocale();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLButtonElement>('[aria-checked=true]')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const choose = async (next: Locale) => {
    setOpen(false);
    if (next === current) return;
    await loadLocale(next, 'core');
    setLocale(next);
    Message.info({ id: 'localeChanged', content: translate(next, 'app.localeChanged') });
    setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      setOpen(false);
      box.current?.querySelector<HTMLButtonElement>('button')?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const items = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
      const index = items.indexOf(document.activeElement as HTMLButtonElement);
      items[(index + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
    }
  };

  return (
    <span ref={box} className={`${styles.box} ${className ?? ''}`} onKeyDown={onKeyDown}>
      <Button
        shape="circle"
        type="secondary"
        icon={<IconLanguage />}
        title={t('settings.language')}
        aria-label={t('settings.language')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        data-testid="locale-switch"
      />
      {open ? (
        <ul ref={list} className={styles.list} role="menu" aria-label={t('settings.language')}>
          {options.map((o) => (
            <li key={o.value} role="none">
              <button type="button" role="menuitemradio" aria-checked={o.value === current} className={styles.item} onClick={() => void choose(o.value)} data-locale={o.value}>
                <span>{t(o.key)}</span>
                {o.value === current ? <IconCheck className={styles.check} /> : <span className={styles.check} />}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </span>
  );
}
