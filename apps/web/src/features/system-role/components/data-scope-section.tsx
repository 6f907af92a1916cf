import { Empty, Form, Radio, Select, Skeleton, Tree } from '@arco-design/web-react';
import { dataScopes, permissionResourceLabels, scopedResources, usesCustomScope, type DataScope, type PermissionResource } from '@atrium/contracts';
import type { Department } from '@atrium/contracts/calls/department';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { usePermission } from '../../../components/permission';
import { TreeAria } from '../../../components/tree-aria';
import { useLocale, useT } from '../../../lib/i18n';
import { departmentTreeQuery } from '../api/role-queries';
import styles from './data-scope-section.module.css';

interface TreeNode {
  key: string;
  title: string;
  disableCheckbox?: boolean;
  children?: TreeNode[];
}

/** The flat list (parents before children) as Arco's tree data. */
export function departmentNodes(list: readonly Pick<Department, 'id' | 'parentId' | 'name'>[], disabled = false): TreeNode[] {
  const byId = new Map<number, TreeNode>();
  const roots: TreeNode[] = [];
  for (const d of list) {
    const node: TreeNode = { key: String(d.id), title: d.name, ...(disabled ? { disableCheckbox: true } : {}) };
    byId.set(d.id, node);
    const parent = d.parentId === null ? undefined : byId.get(d.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * A custom scope's departments as a checkable tree, open two levels deep (each box on its own: a checked department reaches
 * everything below it anyway); a department's name checks its box, as the permission tree's do. Without `department:read` the tree cannot be read: it says so, and the
 * stored choice is kept as it is.
 */
function DepartmentPicker({ value, onChange, disabled }: { value?: number[]; onChange?: (ids: number[]) => void; disabled?: boolean }) {
  const t = useT();
  const canRead = usePermission('department:read');
  const tree = useQuery({ ...departmentTreeQuery(), enabled: canRead });
  const treeData = useMemo(() => departmentNodes(tree.data?.list ?? [], disabled), [tree.data, disabled]);
  if (!canRead) return <Empty description={t('systemRole.departments.noAccess', { n: value?.length ?? 0 })} />;
  if (tree.isError) return <Empty description={t('systemRole.loadFailed')} />;
  if (!tree.data) return <Skeleton text={{ rows: 3 }} animation />;
  return (
    <TreeAria className={styles.tree} label={t('systemRole.field.departments')} data-testid="role-scope-departments">
      <Tree
        checkable
        checkStrictly
        blockNode
        actionOnClick="check"
        treeData={treeData}
        autoExpandParent
        defaultExpandedKeys={treeData.flatMap((n) => [n.key, ...(n.children ?? []).map((c) => c.key)])}
        checkedKeys={(value ?? []).map(String)}
        onCheck={(keys) => onChange?.(keys.map(Number))}
      />
    </TreeAria>
  );
}

/** Per-resource overrides: each scoped resource follows the role's scope unless one is picked. */
function ScopeOverrides({ value, onChange, disabled }: { value?: Record<string, DataScope>; onChange?: (scopes: Record<string, DataScope>) => void; disabled?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const current = value ?? {};
  const options = dataScopes.map((scope) => ({ value: scope, label: t(`systemRole.scope.${scope}`) }));
  const pick = (resource: string, scope: DataScope | undefined) => {
    const { [resource]: _, ...rest } = current;
    onChange?.(scope ? { ...rest, [resource]: scope } : rest);
  };
  return (
    <table className={styles.overrides} data-testid="role-scope-overrides">
      <thead>
        <tr>
          <th scope="col">{t('systemRole.scopes.resource')}</th>
          <th scope="col">{t('systemRole.field.dataScope')}</th>
        </tr>
      </thead>
      <tbody>
        {scopedResources.map((resource) => {
          const label = permissionResourceLabels[resource as PermissionResource]?.[locale] ?? resource;
          return (
            <tr key={resource}>
              <th scope="row">{label}</th>
              <td>
                <Select
                  size="small"
                  allowClear
                  disabled={disabled}
                  aria-label={label}
                  placeholder={t('systemRole.scopes.inherit')}
                  options={options}
                  value={current[resource]}
                  onChange={(scope: DataScope | undefined) => pick(resource, scope)}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * 数据权限 / Data scope of the role editor (decision 033): the five scopes with a line each, the custom
 * scope's departments, and the per-resource overrides. Fields of the editor's form: `dataScope`,
 * `departmentIds`, `scopes`.
 */
export function DataScopeSection({ disabled }: { disabled: boolean }) {
  const t = useT();
  const options = dataScopes.map((scope) => ({
    value: scope,
    label: (
      <span className={styles.option}>
        <span>{t(`systemRole.scope.${scope}`)}</span>
        <span className={styles.explain}>{t(`systemRole.scope.${scope}.extra`)}</span>
      </span>
    ),
  }));
  return (
    <>
      <Form.Item label={t('systemRole.field.dataScope')} field="dataScope">
        <Radio.Group direction="vertical" options={options} data-testid="role-data-scope" />
      </Form.Item>
      <Form.Item shouldUpdate noStyle>
        {(values: { dataScope?: DataScope; scopes?: Record<string, DataScope> }) =>
          usesCustomScope(values.dataScope, values.scopes) ? (
            <Form.Item
              label={t('systemRole.field.departments')}
              field="departmentIds"
              required
              rules={[{ validator: (ids: number[] | undefined, callback) => callback(ids && ids.length > 0 ? undefined : t('system.role.error.departments')) }]}
            >
              <DepartmentPicker disabled={disabled} />
            </Form.Item>
          ) : null
        }
      </Form.Item>
      <Form.Item label={t('systemRole.field.scopes')} field="scopes" extra={t('systemRole.field.scopes.extra')}>
        <ScopeOverrides disabled={disabled} />
      </Form.Item>
    </>
  );
}
