import { Badge, Button, Tooltip, type TableColumnProps } from '@arco-design/web-react';
import { IconImage, IconMobile, IconVideoCamera } from '@arco-design/web-react/icon';
import type { ContentType, Collection } from '@atrium/contracts/demo/search-table/calls';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ListFrame } from '../../components/list-frame';
import { usePermission } from '../../components/permission';
import { formatDateTime } from '../../lib/format';
import { useTakeOverDrawn } from '../../lib/prerender';
import { queryClient } from '../../lib/query-client';
import { useLocale, useT } from '../../lib/i18n';
import { exportCollections, collectionKeys, collectionListQuery } from './api/search-table-queries';
import { CreateModal } from './components/create-modal';
import { DetailDrawer } from './components/detail-drawer';
import { FilterForm } from './components/filter-form';
import { ImportModal } from './components/import-modal';
import { TableToolbar } from './components/table-toolbar';
import { useTablePreferences } from './hooks/use-table-preferences';
import { densityToSize, type ColumnKey } from './lib/columns';
import { contentTypeKey, filterTypeKey, statusKey } from './lib/labels';
import { useDownload, useListPage } from '../../lib/use-list-page';
import { tableUrl, type CollectionFilters } from './lib/url-state';
import styles from './search-table.module.css';

const typeIcons: Record<ContentType, typeof IconImage> = { img: IconImage, horizontalVideo: IconVideoCamera, verticalVideo: IconMobile };

/**
 * 查询表格 (search table). The applied filters and the page live in the URL: every change goes through
 * the URL and the list follows it, so links, reloads, back/forward and the tab bar restore the view.
 */
/** The rows a visit to `?search` shows first, asked for ahead of it (the menu, on hover or focus). */
export function prefetch(search: URLSearchParams): Promise<void> {
  return queryClient.prefetchQuery(collectionListQuery(tableUrl.parse(search)));
}

export default function SearchTablePage() {
  const t = useT();
  const locale = useLocale();
  const canWrite = usePermission('collection:write');
  const canImport = usePermission('collection:import');
  const page = useListPage(tableUrl, collectionListQuery);
  const { state, list, go } = page;
  const prefs = useTablePreferences();
  // Drawn by the server as the console came here (decision 051): this page takes its place once it shows the same.
  useTakeOverDrawn(Boolean(list.data && !list.isPlaceholderData && prefs.loaded));
  const [detailId, setDetailId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [downloading, download] = useDownload(() => exportCollections(state.filters));
  const queryClient = useQueryClient();
  const closeDetail = useCallback(() => setDetailId(null), []);

  const titleOf = useCallback(
    (key: ColumnKey) => t(key === 'index' ? 'searchTable.columns.indexSetting' : `searchTable.columns.${key}`),
    [t],
  );

  const labels = list.data?.labels;
  const allColumns: Record<ColumnKey, TableColumnProps<Collection>> = {
    index: {
      title: t('searchTable.columns.index'),
      width: 70,
      render: (_: unknown, __: Collection, index: number) => (state.current - 1) * state.pageSize + index + 1,
    },
    // English headers on one line: "Collection No." and "Filter method" wrapped at 110 and 120 px.
    number: { title: t('searchTable.columns.number'), dataIndex: 'number', width: locale === 'en-US' ? 140 : 110 },
    name: {
      title: t('searchTable.columns.name'),
      dataIndex: 'name',
      // Cut at the cell's edge; the whole name on hover, and on focus for the keyboard.
      render: (name: string) => (
        <Tooltip content={name} trigger={['hover', 'focus']}>
          <span className={styles.ellipsis} tabIndex={0}>
            {name}
          </span>
        </Tooltip>
      ),
    },
    contentType: {
      title: t('searchTable.columns.contentType'),
      dataIndex: 'contentType',
      // sized for the longest label with its icon: "Landscape short video", 横版短视频
      width: locale === 'en-US' ? 210 : 150,
      render: (value: ContentType) => {
        const Icon = typeIcons[value];
        return (
          <span className={styles.typeCell}>
            <Icon className={styles.typeIcon} aria-hidden />
            {t(contentTypeKey(value))}
          </span>
        );
      },
    },
    filterType: { title: t('searchTable.columns.filterType'), dataIndex: 'filterType', width: locale === 'en-US' ? 136 : 120, render: (value: Collection['filterType']) => t(filterTypeKey(value)) },
    count: { title: t('searchTable.columns.count'), dataIndex: 'count', align: 'right', width: 100, render: (value: number) => value.toLocaleString(locale) },
    createdTime: { title: t('searchTable.columns.createdTime'), dataIndex: 'createdTime', width: 180, render: (value: string) => <span className={styles.nowrap}>{formatDateTime(value)}</span> },
    status: {
      title: t('searchTable.columns.status'),
      dataIndex: 'status',
      width: 110,
      render: (value: Collection['status']) => <Badge status={value === 'online' ? 'success' : 'default'} text={t(statusKey(value))} />,
    },
    // Ids in the row, their names in the answer's labels (issue 39). Wide enough for the seeded names on
    // one line ("Shanghai branch", "Atrium Admin" wrapped at 140 and 120 px, rows of uneven heights on a phone).
    department: { title: t('searchTable.columns.department'), dataIndex: 'department', width: 160, render: (id: number) => labels?.department[id] ?? '' },
    owner: { title: t('searchTable.columns.owner'), dataIndex: 'owner', width: 140, render: (id: number) => labels?.owner[id] ?? '' },
  };

  const columns: TableColumnProps<Collection>[] = prefs.columns.filter((c) => c.visible).map((c) => ({ ...allColumns[c.key], key: c.key }));
  if (canWrite) {
    columns.push({
      key: 'operations',
      title: t('searchTable.columns.operations'),
      width: 90,
      // At the right edge while the row scrolls sideways: with a department and an owner the columns are wider
      // than the card at 1440 px, and a row's action was out of sight (on a phone the list frame unfixes it).
      fixed: 'right',
      render: (_: unknown, row: Collection) => (
        <Button type="text" size="small" onClick={() => setDetailId(row.id)}>
          {t('searchTable.columns.operations.view')}
        </Button>
      ),
    });
  }

  const search = (filters: CollectionFilters) => {
    go({ filters, current: 1, pageSize: state.pageSize });
    // 查询 and 重置 always fetch, even when the URL does not change.
    void queryClient.invalidateQueries({ queryKey: collectionKeys.lists() });
  };

  return (
    <ListFrame
      title={t('menu.list.searchTable')}
      page={page}
      // The name has no width: it takes what the others leave, counted at 150 px for the sideways scroll.
      columns={columns}
      size={densityToSize[prefs.density]}
      // a reader's rows hold no action: nothing in them to focus
      keyboardScroll={!canWrite}
      filters={<FilterForm applied={state.filters} ownerLabel={state.filters.owner ? labels?.owner[state.filters.owner] : undefined} onSearch={search} onReset={() => search({})} />}
      toolbar={
        <TableToolbar
          density={prefs.density}
          columns={prefs.columns}
          downloading={downloading}
          titleOf={titleOf}
          onCreate={() => setCreating(true)}
          onImport={() => setImporting(true)}
          onDownload={download}
          onRefresh={() => void list.refetch()}
          onDensity={prefs.setDensity}
          onColumns={prefs.setColumns}
        />
      }
    >
      {canWrite && (
        <>
          <DetailDrawer id={detailId} onClose={closeDetail} />
          <CreateModal visible={creating} onClose={() => setCreating(false)} />
        </>
      )}
      {canImport && <ImportModal visible={importing} onClose={() => setImporting(false)} />}
    </ListFrame>
  );
}
