import { defineResource } from '@atrium/contracts/resource';
import { resourceSchemas } from '@atrium/contracts/resource-calls';
import { describe, expect, it } from 'vitest';
import { translate } from '../../../lib/i18n';
import { fromFilterForm, rangeBounds, rangeFrom, rangeTo, toFilterForm } from './filter-values';
import { formValuesOf, saveBody } from './form-values';
import type { ResourceRecord } from './resource-api';

const l = (text: string) => ({ 'zh-CN': text, 'en-US': text });
const order = defineResource({
  name: 'order',
  label: l('Order'),
  pluralLabel: l('Orders'),
  menu: { group: 'list' },
  fields: [
    { name: 'code', type: 'string', label: l('Code'), required: true, readOnly: true, filter: 'prefix' },
    { name: 'quantity', type: 'integer', label: l('Quantity'), min: 1, filter: 'range' },
    { name: 'amount', type: 'decimal', label: l('Amount'), scale: 3, filter: 'range' },
    { name: 'total', type: 'decimal', label: l('Total'), scale: 2, min: 0, max: 500, filter: 'range' },
    { name: 'placedAt', type: 'datetime', label: l('Placed at'), filter: 'range' },
    { name: 'paidAt', type: 'datetime', label: l('Paid at'), filter: 'equals' },
    { name: 'dueOn', type: 'date', label: l('Due on'), filter: 'range' },
    { name: 'urgent', type: 'boolean', label: l('Urgent'), filter: 'equals' },
    { name: 'parent', type: 'reference', to: 'order', label: l('Parent'), filter: 'equals' },
    { name: 'note', type: 'text', label: l('Note') },
  ],
});
const t = (key: string) => translate('en-US', key);
const field = (name: string) => order.fields.find((f) => f.name === name)!;

describe('filters between the form and the URL', () => {
  it('sends an open end of a number range as its bound, and reads the bound back as open', () => {
    expect(rangeBounds(field('quantity'))).toEqual(['1', '2147483647']);
    expect(rangeBounds(field('amount'))).toEqual(['-999999999999999', '999999999999999']);
    expect(rangeBounds(field('total'))).toEqual(['0.00', '500.00']);
    const filters = fromFilterForm(order, { [rangeTo('quantity')]: 5, [rangeFrom('amount')]: ' 2.5 ', [rangeFrom('total')]: '', [rangeTo('total')]: undefined });
    expect(filters).toEqual({ quantity: ['1', '5'], amount: ['2.5', '999999999999999'] });
    // The URL's schema takes them as they are sent.
    expect(resourceSchemas(order).listQuery.safeParse(filters).success).toBe(true);
    expect(toFilterForm(order, filters)).toEqual({ [rangeFrom('quantity')]: undefined, [rangeTo('quantity')]: 5, [rangeFrom('amount')]: '2.5', [rangeTo('amount')]: undefined });
  });

  it('keeps instants in the URL and local times in the pickers, references as numbers in the form', () => {
    const placed: [string, string] = ['2026-03-01T00:00:00.000Z', '2026-03-31T15:59:59.000Z'];
    const form = toFilterForm(order, { placedAt: placed, paidAt: '2026-03-02T10:00:00.000Z', dueOn: ['2026-04-01', '2026-04-30'], parent: '12', urgent: 'false' });
    expect(form.parent).toBe(12);
    expect(form.urgent).toBe('false');
    expect(form.dueOn).toEqual(['2026-04-01', '2026-04-30']);
    expect((form.placedAt as string[])[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(fromFilterForm(order, form)).toEqual({ placedAt: placed, paidAt: '2026-03-02T10:00:00.000Z', dueOn: ['2026-04-01', '2026-04-30'], parent: '12', urgent: 'false' });
    expect(fromFilterForm(order, { code: '  ', parent: null, urgent: undefined })).toEqual({});
  });
});

describe('the save body', () => {
  const saved: ResourceRecord = {
    id: 3, version: 5, createdAt: '', updatedAt: '', createdBy: null, updatedBy: null,
    code: 'A-1', quantity: 2, amount: '1.500', total: null, placedAt: '2026-03-01T08:30:00.000Z', paidAt: null, dueOn: null, urgent: null, parent: 1, note: 'x',
  };

  it('sends every field of a new record, an empty one as null, picked local times as instants', () => {
    const values = { ...formValuesOf(order, null), code: ' B-7 ', quantity: 3, placedAt: '2026-03-01 08:30:00', note: '' };
    const result = saveBody(order, values, null, t);
    expect(result).toEqual({
      ok: true,
      body: { code: 'B-7', quantity: 3, amount: null, total: null, placedAt: new Date('2026-03-01T08:30:00').toISOString(), paidAt: null, dueOn: null, urgent: false, parent: null, note: null },
    });
  });

  it('sends an edit without its read-only fields, at the version it was read', () => {
    const values = formValuesOf(order, saved);
    expect(values.urgent).toBe(false);
    const result = saveBody(order, { ...values, note: 'y' }, saved.version, t);
    expect(result.ok && result.body).toEqual({ quantity: 2, amount: '1.500', total: null, placedAt: '2026-03-01T08:30:00.000Z', paidAt: null, dueOn: null, urgent: false, parent: 1, note: 'y', version: 5 });
  });

  it('names the fields the contract refuses, in the reader’s language', () => {
    const result = saveBody(order, { ...formValuesOf(order, null), code: 'C', quantity: 0, total: '12.345' }, null, t);
    expect(result).toEqual({
      ok: false,
      issues: [
        { path: 'quantity', message: 'Must be at least 1' },
        { path: 'total', message: 'Invalid value' },
      ],
    });
  });
});
