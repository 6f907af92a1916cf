import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Route name -> page component. Every page is its own chunk.
 */
export const routeComponents: Record<string, LazyExoticComponent<ComponentType>> = {
  Workplace: lazy(() => import('../features/workplace/workplace-page.tsx')),
  SearchTable: lazy(() => import('../features/search-table/search-table-page.tsx')),
  Card: lazy(() => import('../features/card/card-page.tsx')),
  Step: lazy(() => import('../features/step-form/step-form-page.tsx')),
  Group: lazy(() => import('../features/group-form/group-form-page.tsx')),
  Basic: lazy(() => import('../features/profile-basic/profile-basic-page.tsx')),
  Success: lazy(() => import('../features/result/success-page.tsx')),
  Error: lazy(() => import('../features/result/error-page.tsx')),
  '403': lazy(() => import('../features/exception/exception-403-page.tsx')),
  '404': lazy(() => import('../features/exception/exception-404-page.tsx')),
  '500': lazy(() => import('../features/exception/exception-500-page.tsx')),
  Info: lazy(() => import('../features/user-info/user-info-page.tsx')),
  Setting: lazy(() => import('../features/user-setting/user-setting-page.tsx')),
  SystemUser: lazy(() => import('../features/system-user/system-user-page.tsx')),
  SystemRole: lazy(() => import('../features/system-role/system-role-page.tsx')),
  SystemAudit: lazy(() => import('../features/system-audit/system-audit-page.tsx')),
};

export const NotFoundPage = lazy(() => import('../features/not-found/not-found-page.tsx'));

/** Starts downloading the workplace early: it is the landing page after sign-in. */
export function preloadWorkplace(): void {
  void import('../features/workplace/workplace-page.tsx');
}
