import { Button, Message, Tooltip, Trigger } from '@arco-design/web-react';
import { IconCheck, IconLanguage } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { setLocale, translate, useLocale, useT, type Locale } from '../lib/i18n';
import styles from './locale-switch.module.css';

const RELOAD_DELAY_MS = 1000;

const options: { value: Locale; key: string }[] = [
  { value: 'zh-CN', key: 'navbar.locale.zhCN' },
  { value: 'en-US', key: 'navbar.locale.enUS' },
];

/**
 * Language dropdown of pages.md §2.2 item 6, shared by the navbar and the sign-in page. Choosing the
 * other language confirms in the newly chosen language, then reloads after 1 s. A plain list in a
 * Trigger rather than Arco's Menu keeps the sign-in page's first load small.
 */
export function LocaleSwitch({ className }: { className?: string }) {
  const t = useT();
  const current = useLocale();
  const [open, setOpen] = useState(false);
  const choose = (next: Locale) => {
    setOpen(false);
    if (next === current) return;
    setLocale(next);
    Message.info({ id: 'localeChanged', content: translate(next, 'app.localeChanged') });
    setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
  };
  const list = (
    <ul className={styles.list} role="menu" aria-label={t('settings.language')}>
      {options.map((o) => (
        <li key={o.value} role="none">
          <button type="button" role="menuitemradio" aria-checked={o.value === current} className={styles.item} onClick={() => choose(o.value)} data-locale={o.value}>
            <span>{t(o.key)}</span>
            {o.value === current ? <IconCheck className={styles.check} /> : <span className={styles.check} />}
          </button>
        </li>
      ))}
    </ul>
  );
  // The tooltip wraps a plain element that holds the popup trigger, so each popup has its own trigger.
  return (
    <Tooltip content={t('settings.language')} position="bottom">
      <span className={className} style={{ display: 'inline-flex' }}>
        <Trigger popup={() => list} trigger="click" position="br" popupVisible={open} onVisibleChange={setOpen} popupAlign={{ bottom: 4 }}>
          <Button shape="circle" type="secondary" icon={<IconLanguage />} aria-label={t('settings.language')} aria-haspopup="menu" aria-expanded={open} data-testid="locale-switch" />
        </Trigger>
      </span>
    </Tooltip>
  );
}
