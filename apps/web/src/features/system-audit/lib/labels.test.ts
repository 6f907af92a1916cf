import { resourceMessages } from '@atrium/contracts/resource-names';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Registry from '@atrium/contracts/slices';

/** A kit resource with a life cycle (a transition named in camel case, as a spec may), as a team would add one. */
const fx = await vi.hoisted(async () => {
  const { defineResource } = await import('@atrium/contracts/resource');
  const l = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
  const order = defineResource({
    name: 'order',
    label: l('订单', 'Order'),
    pluralLabel: l('订单', 'Orders'),
    menu: { group: 'catalog', groupLabel: l('商品中心', 'Catalog') },
    fields: [{ name: 'title', type: 'string', label: l('标题', 'Title'), required: true }],
    lifecycle: {
      field: 'status',
      initial: 'draft',
      states: [
        { value: 'draft', label: l('草稿', 'Draft') },
        { value: 'submitted', label: l('待审批', 'Submitted') },
      ],
      transitions: [
        { name: 'submit', from: ['draft'], to: 'submitted', label: l('提交', 'Submit') },
        { name: 'sendBack', from: ['submitted'], to: 'draft', label: l('退回', 'Send back') },
      ],
    },
  });
  return { order };
});

vi.mock('@atrium/contracts/slices', async (importOriginal) => {
  const registry = await importOriginal<typeof Registry>();
  return { ...registry, resources: [fx.order] };
});

const { dictionaries, translate } = await import('../../../lib/i18n');
const { actionName, fieldName, namedActions, targetName, valueName } = await import('./labels');

beforeAll(() => {
  for (const locale of ['zh-CN', 'en-US'] as const) Object.assign(dictionaries[locale]!, resourceMessages([fx.order], locale));
  // what a slice's texts bring for a call of its own (the demo's are in its slices, gone from a blank product)
  Object.assign(dictionaries['zh-CN']!, { 'systemAudit.action.ticket.close': '关闭工单', 'systemAudit.target.ticket': '工单' });
  Object.assign(dictionaries['en-US']!, { 'systemAudit.action.ticket.close': 'Close a ticket', 'systemAudit.target.ticket': 'Ticket' });
});

const zh = (key: string, params?: Record<string, string | number>) => translate('zh-CN', key, params);
const en = (key: string, params?: Record<string, string | number>) => translate('en-US', key, params);

describe('an audit entry’s action and target by name', () => {
  it('names the core’s and the slices’ actions in either language', () => {
    expect([actionName('system.user.create', 'zh-CN', zh), actionName('system.user.create', 'en-US', en)]).toEqual(['新建用户', 'Create user']);
    expect([actionName('auth.login', 'zh-CN', zh), actionName('auth.login', 'en-US', en)]).toEqual(['登录', 'Sign in']);
    // a slice's, from its texts
    expect([actionName('ticket.close', 'zh-CN', zh), actionName('ticket.close', 'en-US', en)]).toEqual(['关闭工单', 'Close a ticket']);
  });

  it('names a kit resource’s calls by its verb and the resource’s label, a transition by its own label', () => {
    expect(actionName('order.create', 'zh-CN', zh)).toBe('新建订单');
    expect(actionName('order.bulk-update', 'en-US', en)).toBe('Bulk edit Order');
    expect(actionName('order.import-commit', 'zh-CN', zh)).toBe('导入订单');
    expect(actionName('order.transition.send-back', 'zh-CN', zh)).toBe('订单：退回');
    expect(actionName('order.transition.send-back', 'en-US', en)).toBe('Order: Send back');
  });

  it('leaves an action nobody names as it is: a refused read, a transition the resource does not have, an unknown id', () => {
    for (const action of ['system.audit.list', 'order.list', 'order.transition.cancel', 'orders.create', 'nothing']) expect(actionName(action, 'zh-CN', zh), action).toBeUndefined();
  });

  it('names the target types, a kit resource’s by its label, and leaves the others', () => {
    expect([targetName('user', 'zh-CN', zh), targetName('department', 'en-US', en), targetName('ticket', 'zh-CN', zh)]).toEqual(['用户', 'Department', '工单']);
    expect([targetName('order', 'zh-CN', zh), targetName('order', 'en-US', en)]).toEqual(['订单', 'Order']);
    expect(targetName('two-step', 'zh-CN', zh)).toBeUndefined();
  });

  it('offers every named action for the filter, by name, once, each with its id', () => {
    const offered = namedActions('zh-CN', zh);
    expect(new Set(offered.map((a) => a.value)).size).toBe(offered.length);
    expect(offered).toContainEqual({ value: 'system.user.create', label: '新建用户' });
    expect(offered).toContainEqual({ value: 'order.transition.send-back', label: '订单：退回' });
    expect(offered).toContainEqual({ value: 'ticket.close', label: '关闭工单' });
    // the kit's verb templates are not actions themselves
    expect(offered.some((a) => a.value.startsWith('kit.'))).toBe(false);
    expect(offered.map((a) => a.label)).toEqual([...offered.map((a) => a.label)].sort((a, b) => a.localeCompare(b, 'zh-CN')));
  });

  it('names a change’s field and a value of a named set: a kit resource’s by its spec’s labels, the others by the trail’s words', () => {
    // a kit resource's own field, its life cycle's state and its states; its department by the trail's word
    expect([fieldName('order', 'title', 'zh-CN', zh), fieldName('order', 'status', 'en-US', en), fieldName('order', 'department', 'zh-CN', zh)]).toEqual(['标题', 'Status', '部门']);
    expect([valueName('order', 'status', 'submitted', 'zh-CN', zh), valueName('order', 'status', 'draft', 'en-US', en)]).toEqual(['待审批', 'Draft']);
    // the core's: an account's fields and its status, a role's data scope
    expect([fieldName('user', 'departmentId', 'zh-CN', zh), fieldName('role', 'requireMfa', 'en-US', en)]).toEqual(['部门', 'Requires two-step verification']);
    expect([valueName('user', 'status', 'disabled', 'zh-CN', zh), valueName('role', 'dataScope', 'department-tree', 'en-US', en)]).toEqual(['停用', 'Department and below']);
    // what no text names stays as the trail holds it: an unknown field, a value outside the set, one that is not text
    expect(fieldName('user', 'nickname2', 'zh-CN', zh)).toBeUndefined();
    expect(valueName('order', 'status', 'archived', 'zh-CN', zh)).toBeUndefined();
    expect(valueName('order', 'title', 'draft', 'zh-CN', zh)).toBeUndefined();
    expect(valueName('user', 'roles', ['admin'], 'zh-CN', zh)).toBeUndefined();
  });
});
