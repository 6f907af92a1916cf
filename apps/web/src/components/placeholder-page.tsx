import { Card, Empty } from '@arco-design/web-react';
import { useT } from '../lib/i18n';

/**
 * Temporary body for a page whose real content is built in its feature folder. The shell already
 * renders the breadcrumb and the page container (padding 0 20px 20px) around every page except the
 * workplace, so a page renders only its own cards.
 */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const t = useT();
  return (
    <Card title={t(titleKey)} bordered={false}>
      <Empty description={t('common.noData')} />
    </Card>
  );
}
