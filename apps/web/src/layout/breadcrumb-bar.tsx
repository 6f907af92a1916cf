import { Breadcrumb } from '@arco-design/web-react';
import { IconApps } from '@arco-design/web-react/icon';
import { routeAncestry, routeTable } from '@atrium/contracts/routes';
import { useT } from '../lib/i18n';
import styles from './layout.module.css';

/** Group and page titles from the route table, translated at render time (never a stored or stale key). */
export function BreadcrumbBar({ path }: { path: string }) {
  const t = useT();
  const chain = routeAncestry(path, routeTable);
  if (chain.length === 0) return null;
  return (
    <Breadcrumb className={styles.breadcrumb}>
      <Breadcrumb.Item>
        <IconApps />
      </Breadcrumb.Item>
      {chain.map((node) => (node.titleKey ? <Breadcrumb.Item key={node.path}>{t(node.titleKey)}</Breadcrumb.Item> : null))}
    </Breadcrumb>
  );
}
