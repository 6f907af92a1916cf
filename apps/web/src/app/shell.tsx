import { AppLayout } from '../layout/app-layout';
import { pageRoutes } from './page-routes';
import { preloadLanding, preloadPage } from './route-components';

preloadLanding();

/** The shell (layout/) with the pages it hosts: layout/ never imports a page, app/ puts them together. */
export function AppShell() {
  return <AppLayout pages={pageRoutes} preload={preloadPage} />;
}
