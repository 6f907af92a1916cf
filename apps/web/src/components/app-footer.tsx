import { useT } from '../lib/i18n';
import styles from './app-footer.module.css';

export function AppFooter({ className }: { className?: string }) {
  const t = useT();
  return <footer className={[styles.footer, className].filter(Boolean).join(' ')}>{t('footer.copyright', { year: new Date().getFullYear() })}</footer>;
}
