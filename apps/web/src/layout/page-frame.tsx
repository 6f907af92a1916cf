import { defaultRoute, type RouteNode } from '@atrium/contracts/routes';
import type { ReactNode } from 'react';
import { BreadcrumbBar } from './breadcrumb-bar';
import styles from './layout.module.css';

/**
 * Every page except the landing page (the route table's default) starts with the breadcrumb and sits
 * in the padded container of the layout; the not-found page (route null) gets the container without a breadcrumb.
 */
export function PageFrame({ route, children }: { route: RouteNode | null; children: ReactNode }) {
  if (route?.path === defaultRoute.path) return <div className={styles.landingFrame}>{children}</div>;
  return (
    <div className={styles.pageFrame}>
      {route ? <BreadcrumbBar path={route.path} /> : <div className={styles.breadcrumbSpacer} />}
      {children}
    </div>
  );
}
