import { Card, Empty, Skeleton } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useT } from '../../../lib/i18n';
import { useIsMobile } from '../../../stores/settings';
import { categoriesQuery } from '../api/workplace-queries';
import styles from '../workplace.module.css';
import { BrowserSuspense } from './browser-suspense';
import { CategoriesChart } from './lazy-charts';

/** 内容类型占比 (content by type): a donut of collection counts per content type. */
export function CategoriesCard() {
  const t = useT();
  const locale = useLocale();
  const categories = useQuery(categoriesQuery());
  const mobile = useIsMobile();
  const items = (categories.data?.items ?? []).filter((item) => item.value > 0).map((item) => ({ name: t(`searchTable.form.contentType.${item.type}`), value: item.value }));
  const skeleton = <Skeleton text={{ rows: 6 }} animation />;
  return (
    <Card bordered={false} className={styles.card} title={t('workplace.categoriesPercent')}>
      <div className={styles.donutBox}>
        {!categories.data ? (
          skeleton
        ) : items.length === 0 ? (
          <Empty description={t('common.noData')} />
        ) : (
          <BrowserSuspense fallback={skeleton}>
            <CategoriesChart items={items} total={categories.data.total} totalLabel={t('workplace.categoriesPercent.total')} locale={locale} compact={mobile} />
          </BrowserSuspense>
        )}
      </div>
    </Card>
  );
}
