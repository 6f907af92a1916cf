import { Button } from '@arco-design/web-react';
import { useRouteError } from 'react-router';
import { useT } from '../lib/i18n';
import { useReleasePrerender } from '../lib/prerender';

/**
 * Last line of defence: a crashed route shows a reload button instead of a blank page. Plain markup
 * on purpose: this component sits in the first-load chunk, and Arco's Result carries large images.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const t = useT();
  useReleasePrerender();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div role="alert" style={{ padding: '80px 24px', textAlign: 'center', color: 'var(--color-text-1)' }}>
      <h2 style={{ fontWeight: 500, fontSize: 18, margin: '0 0 16px' }}>{t('app.pageError.title')}</h2>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('app.pageError.reload')}
      </Button>
    </div>
  );
}
