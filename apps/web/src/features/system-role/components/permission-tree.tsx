import { Empty, Skeleton, Tree } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { TreeAria } from '../../../components/tree-aria';
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

export function PermissionTree({ value, onChange, disabled = false }: PermissionTreeProps) {
  const t = useT();
  const catalogue = useQuery(permissionCatalogueQuery(useLocale()));
  const treeData = useMemo(() => groupPermissions(catalogue.data ?? [], disabled), [catalogue.data, disabled]);

  // A failed load was toasted by the transport; opening the editor again retries.
  if (catalogue.isError) return <Empty description={t('systemRole.loadFailed')} />;
  if (!catalogue.data) return <Skeleton text={{ rows: 6 }} animation />;
  const common = { checkable: true, blockNode: true, actionOnClick: 'check' as const, treeData, defaultExpandedKeys: innerKeys(treeData) };
  if (disabled) {
    const { checked, half } = readOnlyCheckState(treeData, value ?? []);
    return (
      <TreeAria label={t('systemRole.field.permissions')}>
        <Tree {...common} checkStrictly checkedKeys={checked} halfCheckedKeys={half} />
      </TreeAria>
    );
  }
  return (
    <TreeAria label={t('systemRole.field.permissions')}>
      <Tree {...common} checkedKeys={value ?? []} onCheck={(keys) => onChange?.(checkedPermissions(keys))} />
    </TreeAria>
  );
}
