import { useEffect } from 'react';
import { loadCharts } from './lib/charts';
import { queryClient } from '../../lib/query-client';
import { announcementsQuery, categoriesQuery, contentDataQuery, overviewQuery, popularQuery } from './api/workplace-queries';
import { Announcements } from './components/announcements';
import { HelpDocs } from './components/help-docs';
import { ShortcutsPanel } from './components/shortcuts-panel';
import { WorkplaceMain } from './components/workplace-main';
import { installRecentPages } from './lib/recent-pages';
import styles from './workplace.module.css';

// The shell preloads this module right after sign-in, so visits are recorded from the first page on.
installRecentPages();
// The chart code is asked for as soon as the page's code is here (the console loads it with the shell on
// a first visit, after sign-in, or when idle), not once the page has its data.
void loadCharts().catch(() => undefined);

/**
 * What a visit shows first, asked for ahead of it (the guard, as the navigation starts; the menu, on
 * hover or focus): the figures, the chart data, the popular rows, the announcements.
 */
export function prefetch(): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(overviewQuery()),
    queryClient.prefetchQuery(contentDataQuery()),
    queryClient.prefetchQuery(popularQuery('text')),
    queryClient.prefetchQuery(categoriesQuery()),
    queryClient.prefetchQuery(announcementsQuery(1, 5)),
  ]);
}

/** 工作台 (workplace): the first page after sign-in; the charts' code loads beside the page's data. */
export default function WorkplacePage() {
  useEffect(() => installRecentPages(), []);
  return (
    <div className={styles.layout}>
      <WorkplaceMain />
      <aside className={styles.side}>
        <ShortcutsPanel />
        <Announcements />
        <HelpDocs />
      </aside>
    </div>
  );
}
