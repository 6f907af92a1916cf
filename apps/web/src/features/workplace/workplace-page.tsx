import { useEffect } from 'react';
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

/** 工作台 (workplace): the first page after sign-in; charts load lazily, after the rest. */
export default function WorkplacePage() {
  useEffect(() => installRecentPages(), []);
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
