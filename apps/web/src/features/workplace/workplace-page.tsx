import { useEffect } from 'react';
import { loadCharts } from '../../lib/charts';
import { Announcements } from './components/announcements';
import { CategoriesCard } from './components/categories-card';
import { HelpDocs } from './components/help-docs';
import { OverviewPanel } from './components/overview-panel';
import { PopularContent } from './components/popular-content';
import { ShortcutsPanel } from './components/shortcuts-panel';
import { installRecentPages } from './lib/recent-pages';
import styles from './workplace.module.css';

// The shell preloads this module right after sign-in, so visits are recorded from the first page on.
installRecentPages();

/** 工作台 (workplace): the first page after sign-in; the charts' code loads beside the page's data. */
export default function WorkplacePage() {
  useEffect(() => installRecentPages(), []);
  // The chart code is asked for with the page's data, not after it (the charts render once both are there).
  useEffect(() => void loadCharts().catch(() => undefined), []);
  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <OverviewPanel />
        <div className={styles.grid}>
          <PopularContent />
          <CategoriesCard />
        </div>
      </div>
      <aside className={styles.side}>
        <ShortcutsPanel />
        <Announcements />
        <HelpDocs />
      </aside>
    </div>
  );
}
