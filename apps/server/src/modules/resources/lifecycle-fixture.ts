import { defineResource } from '@atrium/contracts/resource';
import type { TestApp } from '../../test/harness.ts';
import { resourceServerSlice } from './kit.ts';
import { resourceMigrationSql } from './migration-sql.ts';

/**
 * The kit's life-cycle fixture, outside the registry (lifecycle.test.ts, lifecycle-faults.engine-free.test.ts):
 * an order asked for, approved by a role or rejected with a comment by its department's leader, locked once
 * approved (lifecycle.md §1).
 */
const label = (en: string, zh: string) => ({ 'zh-CN': zh, 'en-US': en });
export const order = defineResource({
  name: 'cycleOrder',
  label: label('Order', '订单'),
  pluralLabel: label('Orders', '订单'),
  menu: { group: 'kit', groupLabel: label('Kit', '套件'), order: 20 },
  fields: [
    { name: 'title', type: 'string', label: label('Title', '标题'), required: true, filter: 'contains', sortable: true, max: 80 },
    { name: 'amount', type: 'decimal', scale: 2, min: 0, label: label('Amount', '金额'), filter: 'range', sortable: true },
    { name: 'note', type: 'text', label: label('Note', '备注') },
  ],
  lifecycle: {
    field: 'status',
    initial: 'draft',
    states: [
      { value: 'draft', label: label('Draft', '草稿') },
      { value: 'submitted', label: label('Submitted', '待审批') },
      { value: 'approved', label: label('Approved', '已批准'), locks: 'all' },
      { value: 'rejected', label: label('Rejected', '已驳回'), locks: ['amount'] },
    ],
    transitions: [
      { name: 'submit', from: ['draft', 'rejected'], to: 'submitted', label: label('Submit', '提交'), requires: ['amount'] },
      { name: 'approve', from: ['submitted'], to: 'approved', label: label('Approve', '批准'), comment: 'optional', approval: { by: 'role', role: 'cycle-finance' } },
      { name: 'reject', from: ['submitted'], to: 'rejected', label: label('Reject', '驳回'), comment: 'required', approval: { by: 'department-leader' } },
      { name: 'withdraw', from: ['submitted'], to: 'draft', label: label('Withdraw', '撤回') },
    ],
    roles: { 'cycle-finance': { name: label('Finance', '财务'), description: label('Approves orders', '审批订单') } },
  },
});
export const slices = [resourceServerSlice(order)];

/** Its table in the test app's database, and its permissions for the administrator. */
export async function prepare(t: TestApp): Promise<void> {
  const text = resourceMigrationSql(order, `kit_${order.table}`, [order]).replaceAll('"public".', `"${t.handle.schemaName}".`);
  for (const statement of text.split('--> statement-breakpoint')) await t.db.execute(statement);
  const granted = [...Object.values(order.permissions), ...order.lifecycle!.transitions.map((x) => x.permission)];
  // the spec's own permission names (letters, digits, colons and dashes): nothing to quote
  await t.db.execute(`update roles set permissions = permissions || '{${granted.join(',')}}'::text[] where code = 'admin'`);
}

