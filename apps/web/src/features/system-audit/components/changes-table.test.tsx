import '@arco-design/web-react/es/_util/react-19-adapter';
import type { AuditEntry } from '@atrium/contracts/calls/system';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { AuditDetailDrawer } from './audit-detail-drawer';
import { ChangesTable } from './changes-table';

afterEach(() => {
  cleanup();
  setLocale('zh-CN');
});

/** The table's body rows as cell texts. */
const rows = () => [...document.querySelectorAll('.arco-table tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));

const entry: AuditEntry = {
  id: 41,
  at: '2026-03-01T08:00:00.000Z',
  actorId: 1,
  actorName: 'admin',
  role: 'admin',
  roleName: '管理员',
  action: 'system.user.update',
  targetType: 'user',
  targetId: '7',
  summary: '编辑账号 alice',
  changes: [
    { field: 'name', before: 'Alice', after: 'Alice Wang' },
    { field: 'roles', before: ['user'], after: ['user', 'auditor'] },
    { field: 'email', before: null, after: 'alice@example.com' },
    { field: 'failedAttempts', before: 3, after: 0 },
    { field: 'mustChangePassword', before: false, after: true },
    { field: 'status', before: 'active', after: 'disabled' },
  ],
  result: 'success',
  ip: '10.0.0.8',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  traceId: 'trace-abc-123',
};

describe('audit changes table', () => {
  it('shows each field before and after, JSON for anything that is not text', () => {
    setLocale('zh-CN');
    render(<ChangesTable changes={entry.changes} targetType="user" />);
    expect([...document.querySelectorAll('.arco-table thead th')].map((th) => th.textContent)).toEqual(['字段', '变更前', '变更后']);
    // each field by its name, what the trail holds beside it; a status by its name too
    expect(rows()).toEqual([
      ['名称name', 'Alice', 'Alice Wang'],
      ['角色roles', '["user"]', '["user","auditor"]'],
      ['邮箱email', 'null', 'alice@example.com'],
      ['登录失败次数failedAttempts', '3', '0'],
      ['须修改密码mustChangePassword', 'false', 'true'],
      ['状态status', '启用active', '停用disabled'],
    ]);
    expect([...document.querySelectorAll('tbody code')].map((c) => c.textContent)).toContain('failedAttempts');
  });

  it('shows a text that looks like JSON as it is, and a missing side as -', () => {
    render(<ChangesTable changes={[{ field: 'summaryLine', before: '{"a":1}', after: undefined }]} targetType="user" />);
    expect(rows()).toEqual([['summaryLine', '{"a":1}', '-']]);
  });

  it('says so when nothing changed', () => {
    setLocale('en-US');
    render(<ChangesTable changes={[]} targetType={null} />);
    expect(screen.getByText('No field changes')).toBeTruthy();
  });

  it('is part of the detail drawer with every field of the entry', () => {
    setLocale('en-US');
    render(<AuditDetailDrawer entry={entry} onClose={() => {}} />);
    for (const text of ['admin (#1)', 'system.user.update', 'user', '7', 'Success', '编辑账号 alice', '10.0.0.8', 'Mozilla/5.0 (X11; Linux x86_64)', 'trace-abc-123', 'Changes']) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(rows()).toHaveLength(6);
  });
});
