import { lazy, type ComponentType } from 'react';
import { defaultRoute } from '@atrium/contracts/routes';
import type { PageModule } from '../slice';
import { webSlices } from '../slices';

/** Route name -> page module: the core's and the slices' (slices.ts; a team's resources are slices too). Every page is its own chunk. */
const pageLoaders: Record<string, () => Promise<PageModule>> = {
  // The landing page when no slice brings one (the contracts' route table has its route only then).
  Home: () => import('../features/home/home-page.tsx'),
  '403': () => import('../features/exception/exception-403-page.tsx'),
  '404': () => import('../features/exception/exception-404-page.tsx'),
  '500': () => import('../features/exception/exception-500-page.tsx'),
  Info: () => import('../features/user-info/user-info-page.tsx'),
  Setting: () => import('../features/user-setting/user-setting-page.tsx'),
  SystemUser: () => import('../features/system-user/system-user-page.tsx'),
  SystemRole: () => import('../features/system-role/system-role-page.tsx'),
  SystemDepartment: () => import('../features/system-department/system-department-page.tsx'),
  SystemAudit: () => import('../features/system-audit/system-audit-page.tsx'),
  // 待我审批: in the route table when a resource's life cycle has an approval
  Approvals: () => import('../features/resources/approvals/approvals-page.tsx'),
  ...Object.fromEntries(webSlices.flatMap((slice) => Object.entries(slice.pages ?? {}))),
};

const loaded = new Map<string, PageModule>();
const loading = new Map<string, Promise<PageModule>>();
/** A download that failed while a page waited for it: the page's error boundary shows it, once. */
const failed = new Map<string, unknown>();

function loadPage(name: string): Promise<PageModule> {
  let pending = loading.get(name);
  if (!pending) {
    pending = pageLoaders[name]!().then((page) => {
      loaded.set(name, page);
      return page;
    });
    // A failed download is tried again by the next render or preload.
    pending.catch((error: unknown) => {
      loading.delete(name);
      failed.set(name, error);
    });
    loading.set(name, pending);
  }
  return pending;
}

/** Whether a page's code (with its stylesheets) is here. */
export function isPageLoaded(name: string): boolean {
  return loaded.has(name);
}

/**
 * A page component that renders at once when its code is already here (preloaded), and suspends only
 * while it downloads. React.lazy would suspend for a turn even then, and show the progress fallback
 * for a frame on every first visit.
 */
function pageComponent(name: string): ComponentType {
  function Page() {
    const page = loaded.get(name);
    if (!page) {
      if (failed.has(name)) {
        const error = failed.get(name);
        failed.delete(name);
        throw error;
      }
      throw loadPage(name);
    }
    const Component = page.default;
    return <Component />;
  }
  Page.displayName = `Page(${name})`;
  return Page;
}

/** Route name -> page component. */
export const routeComponents: Record<string, ComponentType> = Object.fromEntries(Object.keys(pageLoaders).map((name) => [name, pageComponent(name)]));

/**
 * Loads a page's code ahead of a visit (the menu calls it when idle and on hover or focus of an item);
 * with `search`, also the data its first view shows, for pages that say how (`export prefetch`), so a
 * click renders from the cache. Never throws: a failed preload is only a missed head start.
 */
export function preloadPage(name: string, search?: URLSearchParams): Promise<void> {
  if (!pageLoaders[name]) return Promise.resolve();
  return loadPage(name)
    .then((page) => (search && page.prefetch ? page.prefetch(search) : undefined))
    .then(
      () => undefined,
      () => {
        // Only a page that waited for the download reports its failure.
        failed.delete(name);
      },
    );
}

export const NotFoundPage = lazy(() => import('../features/not-found/not-found-page.tsx'));

/** Starts downloading the landing page early: it opens after sign-in. */
export function preloadLanding(): void {
  void preloadPage(defaultRoute.name);
}
