import { Empty, Skeleton, Tree } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useLocale, useT } from '../../../lib/i18n';
import { permissionCatalogueQuery } from '../api/role-queries';
import { checkedPermissions, groupPermissions, readOnlyCheckState, type PermissionTreeNode } from '../lib/permission-tree';

interface PermissionTreeProps {
  /** The checked permission codes (a form control: Form.Item passes value, onChange and disabled). */
  value?: string[];
  onChange?: (codes: string[]) => void;
  disabled?: boolean;
}

/**
 * The permission catalogue (labels in the caller's language) as checkboxes by area and, where an area
 * covers several resources, by resource; an inner box checks or clears all below it. Disabled, it only shows what the role holds.
 */
/** Every area and resource key: the tree opens fully expanded. */
const innerKeys = (nodes: readonly PermissionTreeNode[]): string[] => nodes.flatMap((n) => (n.children ? [n.key, ...innerKeys(n.children)] : []));

/**
 * What Arco's Tree leaves out for a screen reader, put on its nodes as they are drawn: levels counted
 * from 1 (Arco writes `aria-level="0"` on the top nodes) and each node's checkbox named by its title
 * (Arco's has no text of its own). Nodes drawn later (an area opened again) get the same.
 */
function labelNodes(root: HTMLElement): void {
  for (const node of root.querySelectorAll<HTMLElement>('[role=treeitem]')) {
    const level = Number(node.dataset.arcoLevel ?? node.getAttribute('aria-level'));
    if (!Number.isInteger(level)) continue;
    node.dataset.arcoLevel = String(level);
    node.setAttribute('aria-level', String(level + 1));
    const title = node.querySelector('.arco-tree-node-title')?.textContent?.trim();
    const box = node.querySelector('input[type=checkbox]');
    if (title && box) box.setAttribute('aria-label', title);
  }
}

export function PermissionTree({ value, onChange, disabled = false }: PermissionTreeProps) {
  const t = useT();
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = holder.current;
    if (!root) return;
    labelNodes(root);
    const observer = new MutationObserver(() => labelNodes(root));
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  });
  const catalogue = useQuery(permissionCatalogueQuery(useLocale()));
  const treeData = useMemo(() => groupPermissions(catalogue.data ?? [], disabled), [catalogue.data, disabled]);

  // A failed load was toasted by the transport; opening the editor again retries.
  if (catalogue.isError) return <Empty description={t('systemRole.loadFailed')} />;
  if (!catalogue.data) return <Skeleton text={{ rows: 6 }} animation />;
  const common = { checkable: true, blockNode: true, actionOnClick: 'check' as const, treeData, defaultExpandedKeys: innerKeys(treeData) };
  if (disabled) {
    const { checked, half } = readOnlyCheckState(treeData, value ?? []);
    return (
      <div ref={holder}>
        <Tree {...common} checkStrictly checkedKeys={checked} halfCheckedKeys={half} />
      </div>
    );
  }
  return (
    <div ref={holder}>
      <Tree {...common} checkedKeys={value ?? []} onCheck={(keys) => onChange?.(checkedPermissions(keys))} />
    </div>
  );
}
