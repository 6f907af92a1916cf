import { findRouteByPath, routeTable } from '@atrium/contracts/routes';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../components/route-error-page';
import { getLocale, loadArcoLocale, loadLocale } from '../lib/i18n';
import { guardLoader } from './guard-loader';
import { HydrateProgress, RootShell } from './root-shell';
import { preloadPage } from './route-components';

/**
 * One root route runs the guard before every navigation; below it the login page and the shell are
 * separate chunks, so the sign-in page never downloads the shell and the shell never the sign-in form.
 */
const appRoutes: RouteObject[] = [
  {
    id: 'root',
    loader: guardLoader,
    // Every navigation passes the guard (lib/guard.ts), not only those that change the root's params.
    shouldRevalidate: () => true,
    HydrateFallback: HydrateProgress,
    Component: RootShell,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        path: 'login',
        lazy: async () => {
          const [page] = await Promise.all([import('../features/login/login-page.tsx'), loadLocale(getLocale(), 'core')]);
          return { Component: page.LoginPage };
        },
      },
      {
        path: '*',
        lazy: async () => {
          // The shell commits once every text of the current language (and Arco's) is there too.
          const locale = getLocale();
          // The first page's code comes with the shell's (its data once the guard has let it through).
          const first = findRouteByPath(window.location.pathname, routeTable);
          if (first?.name) void preloadPage(first.name);
          const [shell] = await Promise.all([import('./shell.tsx'), loadLocale(locale, 'full'), loadArcoLocale(locale)]);
          return { Component: shell.AppShell };
        },
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
