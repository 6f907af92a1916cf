import { Button, Card, Divider, Empty, Message, Space } from '@arco-design/web-react';
import type { ResourceDef } from '@atrium/contracts/resource';
import { resourceTitleKey } from '@atrium/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useKeyboardScroll } from '../../../components/keyboard-scroll';
import { PagedTable } from '../../../components/paged-table';
import { usePermission } from '../../../components/permission';
import { useLocale, useT } from '../../../lib/i18n';
import { listPageSizes } from '../../../lib/list-url-state';
import { useDownload, useListPage } from '../../../lib/use-list-page';
import { useIsMobile } from '../../../stores/settings';
import { actionsColumn, columnChoices, resourceColumns, type ResourceColumn } from './columns';
import { ResourceFilterForm } from './resource-filter-form';
import { ResourceFormDrawer, type ResourceFormInputs, type ResourceFormTarget } from './resource-form';
import { deleteRecord, exportRecords, resourceKeys, resourceListQuery, type ResourceRecord } from './resource-api';
import styles from './resource-page.module.css';
import { ResourceToolbar } from './resource-toolbar';
import { resourceUrl, sortValue, type ResourceFilters, type ResourceUrlState } from './resource-url';
import { densityToSize, useTablePreferences } from './table-preferences';

interface ResourcePageProps {
  def: ResourceDef;
  /** Adjusts or replaces the kit's columns (the actions column is added after them). */
  columns?: (columns: ResourceColumn[]) => ResourceColumn[];
  /** A team's own form inputs, by field name, in place of the kit's (label and rules stay the kit's). */
  inputs?: ResourceFormInputs;
}

/**
 * The page of a resource, drawn from its definition: filters, table, sorting and paging held by the URL,
 * 新建 / 编辑 / 删除 for a role holding `<name>:write`, 导出 for `<name>:export` (the server decides every
 * call anyway). A generated page file renders it with its definition; `columns` and `inputs` replace parts.
 */
export function ResourcePage({ def, columns: adjustColumns, inputs }: ResourcePageProps) {
  const t = useT();
  const wide = useLocale() !== 'zh-CN';
  // On a phone the actions scroll with the row (a fixed column would cover the table) and the pager is compact.
  const mobile = useIsMobile();
  const canWrite = usePermission(def.permissions.write);
  const canExport = usePermission(def.permissions.export);
  const queryOf = useCallback((view: ResourceUrlState) => resourceListQuery(def, view), [def]);
  const { state, list, total, go } = useListPage(resourceUrl(def), queryOf);
  const prefs = useTablePreferences(def);
  const queryClient = useQueryClient();
  const [formTarget, setFormTarget] = useState<ResourceFormTarget>(null);
  const [exporting, download] = useDownload(() => exportRecords(def, state));
  const title = t(resourceTitleKey(def.name));
  // A table wider than the card scrolls sideways; without a button in its rows the keyboard reaches it so.
  const tableRoot = useRef<HTMLDivElement>(null);
  useKeyboardScroll(tableRoot, title);

  const refreshLists = useCallback(() => void queryClient.invalidateQueries({ queryKey: resourceKeys.all(def.name) }), [queryClient, def.name]);

  const remove = useMutation({
    mutationFn: (row: ResourceRecord) => deleteRecord(def, row),
    onSuccess: () => {
      Message.success(t('common.deleteSuccess'));
      refreshLists();
    },
    // Refused (IN_USE, VERSION_CONFLICT: toasted with the server's text): the list shows the rows as they are.
    onError: refreshLists,
  });

  const labels = list.data?.labels ?? {};
  let columns = resourceColumns({ def, t, wide, labels, sort: state.filters.sort, visible: prefs.visible });
  if (adjustColumns) columns = adjustColumns(columns);
  if (canWrite) {
    const onEdit = (row: ResourceRecord) => setFormTarget({ mode: 'edit', record: row, labels });
    columns.push(actionsColumn({ def, t, wide, fixed: !mobile, onEdit, onDelete: (row) => remove.mutateAsync(row).catch(() => undefined) }));
  }
  const tableMinWidth = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 150), 0);

  const search = (filters: ResourceFilters) => {
    // The sort belongs to the table, not to the filters: a search keeps it.
    go({ filters: { ...filters, sort: state.filters.sort }, current: 1, pageSize: state.pageSize });
    // 查询 and 重置 always fetch, even when the URL does not change.
    refreshLists();
  };

  const failed = list.isError && !list.data;
  const empty = (
    <Empty
      description={
        failed ? (
          <Space direction="vertical">
            {t('resourcePage.loadFailed')}
            <Button size="small" onClick={() => void list.refetch()}>
              {t('resourcePage.retry')}
            </Button>
          </Space>
        ) : (
          t('common.noData')
        )
      }
    />
  );

  return (
    <Card title={title} bordered={false}>
      {def.fields.some((f) => f.filter) && (
        <>
          <ResourceFilterForm def={def} applied={state.filters} onSearch={search} />
          <Divider className={styles.formDivider} />
        </>
      )}
      <ResourceToolbar
        canWrite={canWrite}
        canExport={canExport}
        exporting={exporting}
        density={prefs.density}
        columns={columnChoices(def, t).map((c) => ({ ...c, visible: prefs.visible(c.key) }))}
        onCreate={() => setFormTarget({ mode: 'create' })}
        onExport={download}
        onRefresh={() => void list.refetch()}
        onDensity={prefs.setDensity}
        onColumn={prefs.setVisible}
        onColumnsReset={prefs.reset}
      />
      <div ref={tableRoot}>
        <PagedTable<ResourceRecord>
          rowKey="id"
          border={false}
          size={densityToSize[prefs.density]}
          loading={list.isFetching}
          columns={columns}
          data={list.data?.list ?? []}
          scroll={{ x: tableMinWidth }}
          noDataElement={empty}
          current={state.current}
          pageSize={state.pageSize}
          total={total}
          totalCapped={list.data?.totalCapped}
          pageSizes={listPageSizes}
          onPage={(current, pageSize) => go({ ...state, current, pageSize: pageSize as ResourceUrlState['pageSize'] })}
          onSort={({ field, direction }) => go({ filters: { ...state.filters, sort: sortValue(String(field), direction) }, current: 1, pageSize: state.pageSize })}
        />
      </div>
      {canWrite && <ResourceFormDrawer def={def} target={formTarget} onClose={() => setFormTarget(null)} inputs={inputs} />}
    </Card>
  );
}
