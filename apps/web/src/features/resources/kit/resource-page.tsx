import { Message } from '@arco-design/web-react';
import type { ResourceDef } from '@atrium/contracts/resource';
import { errorMessages } from '@atrium/contracts/messages/errors';
import { resourceTitleKey } from '@atrium/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ListFrame } from '../../../components/list-frame';
import { usePermission } from '../../../components/permission';
import { isApiError, type ApiError } from '../../../lib/api';
import { useLocale, useT, type Locale, type TFunction } from '../../../lib/i18n';
import { useDownload, useListPage } from '../../../lib/use-list-page';
import { actionsColumn, columnChoices, resourceColumns, type ResourceColumn } from './columns';
import { ResourceFilterForm } from './resource-filter-form';
import { ResourceFormDrawer, type ResourceFormInputs, type ResourceFormTarget } from './resource-form';
import { RecordDrawer, type RecordDrawerTarget } from './record-drawer';
import { useTransition } from './use-transition';
import { deleteRecord, exportRecords, resourceKeys, resourceListQuery, type ResourceRecord } from './resource-api';
import { ResourceToolbar } from './resource-toolbar';
import { BulkBar, useBulkSelection } from './bulk';
import { fieldKey, referrersText } from './labels';
import { ImportDialog, importButtonText, useLatestImport } from './import';
import { resourceUrl, sortValue, type ResourceFilters, type ResourceUrlState } from './resource-url';
import { densityToSize, useTablePreferences } from './table-preferences';

/**
 * An IN_USE refusal as the operator reads it: which resource refers to the record and how many of its
 * records do ("3 个商品引用了它"), or the record's own rows that keep it; its own message when they name no
 * resource of the registry (a table outside the kit).
 */
function inUseText(def: ResourceDef, error: ApiError, t: TFunction, locale: Locale): string {
  const details = error.data.details && !Array.isArray(error.data.details) ? error.data.details : {};
  // its own rows of a `restrict` children field keep it
  const rows = def.children.find((c) => c.name === details.children);
  if (rows && typeof details.count === 'number') return t('resourcePage.delete.hasRows', { count: details.count.toLocaleString(locale), label: t(fieldKey(def, rows.name)) });
  return referrersText(details, t, locale, 'resourcePage.delete') ?? (error.message || errorMessages[locale].IN_USE);
}

/** The rows of a list not loaded yet: one array, so the selection's effect does not run on every render. */
const noRows: ResourceRecord[] = [];

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
 * call anyway); with a life cycle, the state as a tag, a record's drawer (详情: its history and transitions)
 * and each row's transitions. A generated page file renders it with its definition; `columns` and `inputs` replace parts.
 */
export function ResourcePage({ def, columns: adjustColumns, inputs }: ResourcePageProps) {
  const t = useT();
  const locale = useLocale();
  const wide = locale !== 'zh-CN';
  const canWrite = usePermission(def.permissions.write);
  const canExport = usePermission(def.permissions.export);
  const canImport = usePermission(def.permissions.import);
  const [importing, setImporting] = useState(false);
  const latestImport = useLatestImport(def, canImport);
  const queryOf = useCallback((view: ResourceUrlState) => resourceListQuery(def, view), [def]);
  const page = useListPage(resourceUrl(def), queryOf);
  const { state, list, go } = page;
  const prefs = useTablePreferences(def);
  const queryClient = useQueryClient();
  const [formTarget, setFormTarget] = useState<ResourceFormTarget>(null);
  const [viewing, setViewing] = useState<RecordDrawerTarget>(null);
  // a row's menu fires its transitions here; the record's drawer has its own
  const rowTransition = useTransition();
  const [exporting, download] = useDownload((format: 'csv' | 'xlsx') => exportRecords(def, state, format));
  // the rows picked for a bulk action, on the list of the applied filters (the sort and the page keep them)
  const { sort: _sort, ...appliedFilters } = resourceUrl(def).filterQuery(state.filters);
  const bulk = useBulkSelection(def, JSON.stringify(appliedFilters), list.data?.list ?? noRows);

  const closeImport = useCallback(() => setImporting(false), []);
  const refreshLists = useCallback(() => void queryClient.invalidateQueries({ queryKey: resourceKeys.all(def.name) }), [queryClient, def.name]);

  const remove = useMutation({
    mutationFn: (row: ResourceRecord) => deleteRecord(def, row),
    onSuccess: () => {
      Message.success(t('common.deleteSuccess'));
      refreshLists();
    },
    // Refused (VERSION_CONFLICT: toasted with the server's text; IN_USE: naming what refers to the record):
    // the list shows the rows as they are.
    onError: (error) => {
      if (isApiError(error) && error.key === 'IN_USE') Message.error(inUseText(def, error, t, locale));
      refreshLists();
    },
  });

  const labels = list.data?.labels ?? {};
  let columns = resourceColumns({ def, t, wide, labels, sort: state.filters.sort, visible: prefs.visible });
  if (adjustColumns) columns = adjustColumns(columns);
  const write = canWrite ? { onEdit: (row: ResourceRecord) => setFormTarget({ mode: 'edit', record: row, labels }), onDelete: (row: ResourceRecord) => remove.mutateAsync(row).catch(() => undefined) } : undefined;
  const lifecycle = def.lifecycle
    ? {
        onView: (row: ResourceRecord) => setViewing({ id: row.id, record: row, labels }),
        onTransition: (row: ResourceRecord, name: string) => rowTransition.fire({ def, name, record: { id: row.id, version: row.version, title: String(row[def.titleField] ?? `#${row.id}`) } }),
      }
    : undefined;
  if (write || lifecycle) columns.push(actionsColumn({ def, t, wide, write, lifecycle }));

  const search = (filters: ResourceFilters) => {
    // The sort belongs to the table, not to the filters: a search keeps it.
    go({ filters: { ...filters, sort: state.filters.sort }, current: 1, pageSize: state.pageSize });
    // 查询 and 重置 always fetch, even when the URL does not change.
    refreshLists();
  };

  return (
    <ListFrame
      title={t(resourceTitleKey(def.name))}
      page={page}
      columns={columns}
      size={densityToSize[prefs.density]}
      // A table wider than the card scrolls sideways; without a button in its rows the keyboard reaches it so.
      keyboardScroll
      filters={def.fields.some((f) => f.filter) && <ResourceFilterForm def={def} applied={state.filters} onSearch={search} />}
      toolbar={
        <ResourceToolbar
          canWrite={canWrite}
          canExport={canExport}
          exporting={exporting}
          importLabel={canImport ? importButtonText(latestImport.data, t) : undefined}
          onImport={() => setImporting(true)}
          density={prefs.density}
          columns={columnChoices(def, t).map((c) => ({ ...c, visible: prefs.visible(c.key) }))}
          onCreate={() => setFormTarget({ mode: 'create' })}
          onExport={download}
          onRefresh={() => void list.refetch()}
          onDensity={prefs.setDensity}
          onColumn={prefs.setVisible}
          onColumnsReset={prefs.reset}
        />
      }
      rowSelection={canWrite ? bulk.rowSelection : undefined}
      notice={canWrite && <BulkBar def={def} selection={bulk} rows={list.data?.list ?? []} total={page.total} totalCapped={Boolean(list.data?.totalCapped)} filters={appliedFilters} />}
      onSort={({ field, direction }) => go({ filters: { ...state.filters, sort: sortValue(String(field), direction) }, current: 1, pageSize: state.pageSize })}
    >
      {canWrite && <ResourceFormDrawer def={def} target={formTarget} onClose={() => setFormTarget(null)} inputs={inputs} />}
      {def.lifecycle && <RecordDrawer def={def} target={viewing} onClose={() => setViewing(null)} />}
      {def.lifecycle && rowTransition.dialog}
      {canImport && <ImportDialog def={def} visible={importing} onClose={closeImport} />}
    </ListFrame>
  );
}
