import { Button, Input, Message, Space, Tag, type TableColumnProps } from '@arco-design/web-react';
import { IconMinus, IconPlus } from '@arco-design/web-react/icon';
import type { Department } from '@atrium/contracts/calls/department';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmButton } from '../../components/confirm-button';
import { PageToolbar } from '../../components/page-toolbar';
import { usePermission } from '../../components/permission';
import { TableCard } from '../../components/table-card';
import { isApiError } from '../../lib/api';
import { useLocale, useT } from '../../lib/i18n';
import { useIsMobile } from '../../stores/settings';
import { HoverTip } from '../../components/hover-tip';
import { deleteDepartment, departmentKeys, departmentReachQuery, departmentTreeQuery, updateDepartment } from './api/department-queries';
import { DepartmentFormDrawer, type DepartmentFormTarget } from './components/department-form-drawer';
import { blockedText, type Blocking } from './lib/labels';
import { branchIds, buildTree, filterTree, type DepartmentNode } from './lib/tree';
import styles from './system-department.module.css';
import { formatNumber } from '../../lib/number-format';

/**
 * 部门管理 (departments): the tree as a table with expandable rows, a name search that keeps the matches'
 * ancestors, and each department's code, leader, member count and status. Writing needs
 * `department:write`, and a department the caller's scope of the accounts reaches (decision 056): others
 * offer no action. The root may be renamed but not moved, disabled or deleted, so it offers neither;
 * a refused delete (sub-departments or members left) says which and how many, in the reader's language.
 */
export default function SystemDepartmentPage() {
  const t = useT();
  const locale = useLocale();
  const canWrite = usePermission('department:write');
  const mobile = useIsMobile();
  const list = useQuery(departmentTreeQuery(locale));
  // A delegate changes only the departments of its reach (the server refuses the others): only theirs offer actions.
  const reach = useQuery({ ...departmentReachQuery(), enabled: canWrite });
  const changeable = useMemo(() => new Set(reach.data?.ids), [reach.data]);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<DepartmentFormTarget>(null);
  const [keyword, setKeyword] = useState('');
  /** The expanded rows; null until the reader expands or collapses one: then the top two levels. */
  const [expanded, setExpanded] = useState<number[] | null>(null);

  const departments = useMemo(() => list.data?.list ?? [], [list.data]);
  const tree = useMemo(() => buildTree(departments), [departments]);
  const shown = useMemo(() => filterTree(tree, keyword), [tree, keyword]);
  const expandedKeys = expanded ?? departments.filter((d) => d.depth <= 2).map((d) => d.id);

  const search = (value: string) => {
    setKeyword(value);
    // A search opens every branch that leads to a match; clearing it goes back to the top levels.
    setExpanded(value.trim() ? branchIds(filterTree(tree, value)) : null);
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: departmentKeys.all });
  const remove = useMutation({
    mutationFn: (d: Department) => deleteDepartment(d.id),
    onSuccess: () => Message.success(t('common.deleteSuccess')),
    onError: (error, d) => {
      if (!isApiError(error) || error.key !== 'IN_USE') return;
      Message.error({ id: 'department-in-use', content: blockedText(t, d.name, (error.data.details ?? {}) as Blocking), duration: 6000 });
    },
    onSettled: refresh,
  });
  const toggle = useMutation({
    mutationFn: (d: Department) =>
      updateDepartment(d.id, { name: d.name, parentId: d.parentId, code: d.code, order: d.order, status: d.status === 'active' ? 'disabled' : 'active' }),
    onSuccess: (d) => Message.success(t(d.status === 'active' ? 'systemDepartment.enable.success' : 'systemDepartment.disable.success')),
    onSettled: refresh,
  });

  const columns: TableColumnProps<DepartmentNode>[] = [
    { title: t('systemDepartment.field.name'), dataIndex: 'name', width: 240, render: (name: string) => <span className={styles.name}>{name}</span> },
    { title: t('systemDepartment.field.code'), dataIndex: 'code', width: 120, render: (code: string | null) => (code ? <code>{code}</code> : '-') },
    { title: t('systemDepartment.field.leader'), dataIndex: 'leaderName', width: 120, render: (v: string | null) => v ?? '-' },
    { title: t('systemDepartment.columns.members'), dataIndex: 'memberCount', width: 90, align: 'right', render: (n: number) => formatNumber(n, locale) },
    {
      title: t('systemDepartment.columns.status'),
      dataIndex: 'status',
      width: 90,
      render: (s: Department['status']) => (
        <Tag size="small" color={s === 'active' ? 'green' : 'gray'} data-testid="department-status">
          {t(`systemDepartment.status.${s}`)}
        </Tag>
      ),
    },
  ];
  if (canWrite) {
    columns.push({
      title: t('systemDepartment.columns.actions'),
      // The four actions on one line in either language.
      width: locale === 'zh-CN' ? 260 : 440,
      // On a phone the actions scroll with the row: a fixed column would cover the names.
      fixed: mobile ? undefined : 'right',
      render: (_: unknown, row) => {
        if (!changeable.has(row.id)) return '-';
        const root = row.parentId === null;
        return (
          <Space size={0} wrap>
            <Button type="text" size="small" onClick={() => setEditing({ mode: 'edit', department: row })}>
              {t('common.edit')}
            </Button>
            {/* Kept in its place under a disabled department (nothing goes under one: the server refuses), so
                every row's actions line up; the hover says why it is off. */}
            <HoverTip content={row.status === 'active' ? undefined : t('systemDepartment.addChild.disabled')}>
              <Button type="text" size="small" disabled={row.status !== 'active'} onClick={() => setEditing({ mode: 'create', parentId: row.id })}>
                {t('systemDepartment.addChild')}
              </Button>
            </HoverTip>
            {/* The root is neither disabled nor deleted (the server refuses both): it offers neither. */}
            {!root && (
              <ConfirmButton
                title={t(row.status === 'active' ? 'systemDepartment.disable.confirm' : 'systemDepartment.enable.confirm', { name: row.name })}
                onOk={() => toggle.mutateAsync(row)}
              >
                {t(row.status === 'active' ? 'systemDepartment.disable' : 'systemDepartment.enable')}
              </ConfirmButton>
            )}
            {!root && (
              <ConfirmButton title={t('systemDepartment.delete.confirm', { name: row.name })} onOk={() => remove.mutateAsync(row)} danger>
                {t('common.delete')}
              </ConfirmButton>
            )}
          </Space>
        );
      },
    });
  }
  return (
    <TableCard<DepartmentNode>
      title={t('menu.system.department')}
      toolbar={
        <PageToolbar
          createLabel={canWrite && changeable.size > 0 ? t('systemDepartment.create') : undefined}
          onCreate={() => setEditing({ mode: 'create' })}
          refreshLabel={t('systemDepartment.refresh')}
          onRefresh={() => void list.refetch()}
        >
          <Input.Search
            allowClear
            className={styles.search}
            maxLength={50}
            aria-label={t('systemDepartment.search')}
            placeholder={t('systemDepartment.search')}
            onChange={search}
            onSearch={search}
          />
        </PageToolbar>
      }
      loading={list.isFetching}
      columns={columns}
      data={shown}
      flexWidth={160}
      expandedRowKeys={expandedKeys}
      onExpandedRowsChange={(keys) => setExpanded(keys.map(Number))}
      // Arco's own expander is a bare icon button: this one is named by its department and says whether it is open.
      expandProps={{
        icon: ({ expanded: open, record }: { expanded: boolean; record: Record<string, unknown> }) => (
          <button type="button" aria-expanded={open} aria-label={t(open ? 'systemDepartment.collapse' : 'systemDepartment.expand', { name: String(record.name) })}>
            {open ? <IconMinus /> : <IconPlus />}
          </button>
        ),
      }}
      pagination={false}
      // A failed load was toasted by the transport; the refresh button retries.
      emptyText={t(list.isError ? 'systemDepartment.loadFailed' : keyword ? 'systemDepartment.noMatch' : 'common.noData')}
    >
      {canWrite && <DepartmentFormDrawer target={editing} departments={departments} changeable={changeable} onClose={() => setEditing(null)} />}
    </TableCard>
  );
}
