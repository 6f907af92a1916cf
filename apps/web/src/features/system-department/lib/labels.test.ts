import { resourceMessages } from '@atrium/contracts/resource-names';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Registry from '@atrium/contracts/slices';

/** A scoped kit resource, as a team would add one: its records belong to departments. */
const fx = await vi.hoisted(async () => {
  const { defineResource } = await import('@atrium/contracts/resource');
  const l = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
  const ticket = defineResource({
    name: 'ticket',
    label: l('工单', 'Ticket'),
    pluralLabel: l('工单', 'Tickets'),
    menu: { group: 'list' },
    fields: [{ name: 'title', type: 'string', label: l('标题', 'Title'), required: true }],
  });
  return { ticket };
});

vi.mock('@atrium/contracts/slices', async (importOriginal) => {
  const registry = await importOriginal<typeof Registry>();
  return { ...registry, resources: [fx.ticket] };
});

const { dictionaries, translate } = await import('../../../lib/i18n');
const { blockedText } = await import('./labels');

beforeAll(() => {
  for (const locale of ['zh-CN', 'en-US'] as const) Object.assign(dictionaries[locale]!, resourceMessages([fx.ticket], locale));
});

const zh = (key: string, params?: Record<string, string | number>) => translate('zh-CN', key, params);
const en = (key: string, params?: Record<string, string | number>) => translate('en-US', key, params);

describe('why a department cannot be deleted', () => {
  it('names the resource whose records still belong to it, in either language', () => {
    expect(fx.ticket.table).toBe('tickets');
    expect(blockedText(zh, '华东区', { children: 0, members: 0, records: 'tickets' })).toBe('不能删除「华东区」：仍有工单记录属于它，请先把它们转到其他部门。');
    expect(blockedText(en, 'East', { children: 0, members: 0, records: 'tickets' })).toBe('"East" cannot be deleted: Ticket records still belong to it. Move them to another department first.');
  });

  it('says records without a name when no kit resource keeps that table, and counts the sub-departments and members first', () => {
    expect(blockedText(en, 'East', { records: 'collections' })).toBe('"East" cannot be deleted: records still belong to it. Move them to another department first.');
    expect(blockedText(zh, '华东区', { children: 2, members: 0 })).toBe('不能删除「华东区」：它下面还有 2 个子部门，请先移走或删除它们。');
    expect(blockedText(en, 'East', { children: 1, members: 3 })).toBe('"East" cannot be deleted: it still has sub-departments (1) and members (3). Move them first.');
  });
});
