import { Badge, Button, Card, Divider, Empty, Tooltip, type TableColumnProps } from '@arco-design/web-react';
import { IconDownload, IconRefresh } from '@arco-design/web-react/icon';
import type { AuditEntry } from '@atrium/contracts/calls/system';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PagedTable } from '../../components/paged-table';
import { usePermission } from '../../components/permission';
import { formatDateTime } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useIsMobile } from '../../stores/settings';
import { auditKeys, auditListQuery, exportAudit } from './api/audit-queries';
import { AuditDetailDrawer } from './components/audit-detail-drawer';
import { AuditFilterForm } from './components/audit-filter-form';
import { resultBadge, resultKey } from './lib/labels';
import { listPageSizes } from '../../lib/list-url-state';
import { useDownload, useListPage } from '../../lib/use-list-page';
import { auditUrl, type AuditFilters, type AuditUrlState } from './lib/url-state';
import styles from './system-audit.module.css';
import { queryClient } from '../../lib/query-client';

/**
 * 审计日志 (audit log), newest first. The applied filters and the page live in the URL; 导出 downloads
 * every entry of the applied filters as CSV (for a role holding `audit:export`).
 */
/** What a visit shows first, asked for ahead of it (the menu, on hover or focus). */
export function prefetch(search: URLSearchParams): Promise<unknown> {
  return queryClient.prefetchQuery(auditListQuery(auditUrl.parse(search)));
}

export default function SystemAuditPage() {
  const t = useT();
  // On a phone the actions scroll with the row (a fixed column would cover the table) and the pager is compact.
  const mobile = useIsMobile();
  const canExport = usePermission('audit:export');
  const { state, list, total, go } = useListPage(auditUrl, auditListQuery);
  const queryClient = useQueryClient();
  const [detail, setDetail] = useState<AuditEntry | null>(null);
  const [downloading, download] = useDownload(() => exportAudit(state.filters));

  const columns: TableColumnProps<AuditEntry>[] = [
    { title: t('systemAudit.columns.at'), dataIndex: 'at', width: 170, ellipsis: true, render: formatDateTime },
    { title: t('systemAudit.columns.actor'), dataIndex: 'actorName', width: 120 },
    { title: t('systemAudit.columns.role'), dataIndex: 'role', width: 100, render: (v: string | null) => v ?? '-' },
    { title: t('systemAudit.columns.action'), dataIndex: 'action', width: 190, ellipsis: true, render: (v: string) => <code>{v}</code> },
    {
      title: t('systemAudit.columns.target'),
      dataIndex: 'targetType',
      width: 150,
      ellipsis: true,
      render: (type: string | null, row) => (type ? [type, row.targetId && `#${row.targetId}`].filter(Boolean).join(' ') : '-'),
    },
    {
      title: t('systemAudit.columns.result'),
      dataIndex: 'result',
      width: 100,
      render: (v: AuditEntry['result']) => <Badge status={resultBadge[v]} text={t(resultKey(v))} />,
    },
    { title: t('systemAudit.columns.ip'), dataIndex: 'ip', width: 130 },
    { title: t('systemAudit.columns.summary'), dataIndex: 'summary', ellipsis: true, tooltip: true, render: (v: string) => v || '-' },
    {
      title: t('systemAudit.columns.actions'),
      width: 80,
      fixed: mobile ? undefined : 'right',
      render: (_: unknown, row) => (
        <Button type="text" size="small" onClick={() => setDetail(row)}>
          {t('systemAudit.detail')}
        </Button>
      ),
    },
  ];
  const tableMinWidth = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 240), 0);

  const search = (filters: AuditFilters) => {
    go({ filters, current: 1, pageSize: state.pageSize });
    // 查询 and 重置 always fetch, even when the URL does not change.
    void queryClient.invalidateQueries({ queryKey: auditKeys.lists() });
  };

  return (
    <Card title={t('menu.system.audit')} bordered={false}>
      <AuditFilterForm applied={state.filters} onSearch={search} />
      <Divider className={styles.formDivider} />
      <div className={styles.toolbar}>
        <div>
          {canExport && (
            <Button icon={<IconDownload />} loading={downloading} onClick={download}>
              {t('systemAudit.export')}
            </Button>
          )}
        </div>
        <Tooltip content={t('systemAudit.refresh')}>
          <Button icon={<IconRefresh />} aria-label={t('systemAudit.refresh')} onClick={() => void list.refetch()} />
        </Tooltip>
      </div>
      <PagedTable<AuditEntry>
        rowKey="id"
        border={false}
        loading={list.isFetching}
        columns={columns}
        data={list.data?.list ?? []}
        scroll={{ x: tableMinWidth }}
        // A failed load was toasted by the transport; the refresh button retries.
        noDataElement={<Empty description={t(list.isError ? 'systemAudit.loadFailed' : 'common.noData')} />}
        current={state.current}
        pageSize={state.pageSize}
        total={total}
        pageSizes={listPageSizes}
        onPage={(current, pageSize) => go({ ...state, current, pageSize: pageSize as AuditUrlState['pageSize'] })}
      />
      <AuditDetailDrawer entry={detail} onClose={() => setDetail(null)} />
    </Card>
  );
}
