import { Badge, Button, Tooltip, type TableColumnProps } from '@arco-design/web-react';
import { IconDownload, IconRefresh } from '@arco-design/web-react/icon';
import type { AuditEntry } from '@atrium/contracts/calls/system';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ListFrame } from '../../components/list-frame';
import { usePermission } from '../../components/permission';
import { formatDateTime } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { auditKeys, auditListQuery, exportAudit } from './api/audit-queries';
import { AuditDetailDrawer } from './components/audit-detail-drawer';
import { AuditFilterForm } from './components/audit-filter-form';
import { actionName, resultBadge, resultKey, targetName } from './lib/labels';
import { useDownload, useListPage } from '../../lib/use-list-page';
import { auditUrl, type AuditFilters } from './lib/url-state';
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
  const locale = useLocale();
  const canExport = usePermission('audit:export');
  const page = useListPage(auditUrl, auditListQuery);
  const { state, list, go } = page;
  const queryClient = useQueryClient();
  const [detail, setDetail] = useState<AuditEntry | null>(null);
  const [downloading, download] = useDownload(() => exportAudit(state.filters));

  const columns: TableColumnProps<AuditEntry>[] = [
    // a time is always as long: shown whole, it never gives its width to fit the card
    { title: t('systemAudit.columns.at'), dataIndex: 'at', width: 176, render: formatDateTime },
    { title: t('systemAudit.columns.actor'), dataIndex: 'actorName', width: 120 },
    // the role by its name as it is now; by the code the entry keeps once the role is gone
    { title: t('systemAudit.columns.role'), dataIndex: 'role', width: 100, render: (v: string | null, entry) => entry.roleName ?? v ?? '-' },
    // By name in the reader's language where the core or a slice names it (the id in the entry's details), else the id.
    { title: t('systemAudit.columns.action'), dataIndex: 'action', width: 190, ellipsis: true, tooltip: true, render: (v: string) => actionName(v, locale, t) ?? <code>{v}</code> },
    {
      title: t('systemAudit.columns.target'),
      dataIndex: 'targetType',
      width: 150,
      ellipsis: true,
      tooltip: true,
      render: (type: string | null, row) => (type ? [targetName(type, locale, t) ?? type, row.targetId && `#${row.targetId}`].filter(Boolean).join(' ') : '-'),
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
      fixed: 'right',
      render: (_: unknown, row) => (
        <Button type="text" size="small" onClick={() => setDetail(row)}>
          {t('systemAudit.detail')}
        </Button>
      ),
    },
  ];

  const search = (filters: AuditFilters) => {
    go({ filters, current: 1, pageSize: state.pageSize });
    // 查询 and 重置 always fetch, even when the URL does not change.
    void queryClient.invalidateQueries({ queryKey: auditKeys.lists() });
  };

  return (
    <ListFrame
      title={t('menu.system.audit')}
      page={page}
      columns={columns}
      // The summary has no width: it takes what the others leave, counted at 240 px for the sideways scroll.
      flexWidth={240}
      filters={<AuditFilterForm applied={state.filters} onSearch={search} />}
      toolbar={
        <>
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
        </>
      }
    >
      <AuditDetailDrawer entry={detail} onClose={() => setDetail(null)} />
    </ListFrame>
  );
}
