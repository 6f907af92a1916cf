import { flattenRoutes, routeTable, type RouteNode } from '@atrium/contracts/routes';
import { Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { ProgressFallback } from '../components/progress-fallback';
import { PageFrame } from '../layout/page-frame';
import { RedirectPage } from './redirect-page';
import { NotFoundPage, routeComponents } from './route-components';

function lazyPage(node: RouteNode | null, element: ReactNode): ReactNode {
  return (
    <PageFrame route={node}>
      <Suspense fallback={<ProgressFallback />}>{element}</Suspense>
    </PageFrame>
  );
}

/**
 * The pages inside the shell, generated from the contracts' route table. Rendered with
 * `useRoutes(pageRoutes, location)` once per open tab, so each kept-alive page sees its own location.
 */
export const pageRoutes: RouteObject[] = [
  ...flattenRoutes(routeTable).flatMap((node): RouteObject[] => {
    const Component = node.name ? routeComponents[node.name] : undefined;
    return Component ? [{ path: node.path, element: lazyPage(node, <Component />) }] : [];
  }),
  { path: '/redirect/:path', element: <RedirectPage /> },
  { path: '*', element: lazyPage(null, <NotFoundPage />) },
];
