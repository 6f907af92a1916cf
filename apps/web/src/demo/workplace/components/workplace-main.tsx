import { useQuery } from '@tanstack/react-query';
import { useTakeOverDrawn } from '../../../lib/prerender';
import { categoriesQuery, contentDataQuery, overviewQuery, popularQuery } from '../api/workplace-queries';
import styles from '../workplace.module.css';
import { CategoriesCard } from './categories-card';
import { OverviewPanel } from './overview-panel';
import { PopularContent } from './popular-content';

/**
 * The workplace's main column: the greeting and figures with the content chart, the popular rows and the
 * content types. What the server draws into the signed-in document (drawn-view.tsx) is this column, from
 * the same data, so the console's own page takes its place unchanged.
 */
export function WorkplaceMain() {
  // The queries the drawn column was drawn from: once all have data here, this column replaces that one.
  const overview = useQuery(overviewQuery());
  const content = useQuery(contentDataQuery());
  const popular = useQuery(popularQuery('text'));
  const categories = useQuery(categoriesQuery());
  useTakeOverDrawn(Boolean(overview.data && content.data && popular.data && categories.data));
  return (
    <div className={styles.main}>
      <OverviewPanel />
      <div className={styles.grid}>
        <PopularContent />
        <CategoriesCard />
      </div>
    </div>
  );
}
