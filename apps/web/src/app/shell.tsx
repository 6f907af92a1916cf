import { AppLayout } from '../layout/app-layout';
import { pageRoutes } from './page-routes';
import { preloadPage, preloadWorkplace } from './route-components';

preloadWorkplace();

/** The shell (layout/) with the pages it hosts: layout/ never imports a page, app/ puts them together. */
export function AppShell() {
  return <AppLayout pages={pageRoutes} preload={preloadPage} />;
}
