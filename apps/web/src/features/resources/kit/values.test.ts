import { defineResource } from '@atrium/contracts/resource';
import { resourceSchemas } from '@atrium/contracts/resource-calls';
import { describe, expect, it } from 'vitest';
import { translate } from '../../../lib/i18n';
import { buildQuery } from '../../../lib/api/url';
import { fromFilterForm, rangeFrom, rangeTo, toFilterForm } from './filter-values';
import { formValuesOf, saveBody } from './form-values';
import { displayValue } from './labels';
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
  it('sends a number range with one end open, as the list call takes it, and reads it back', () => {
    const filters = fromFilterForm(order, { [rangeTo('quantity')]: 5, [rangeFrom('amount')]: ' 2.5 ', [rangeFrom('total')]: '', [rangeTo('total')]: undefined });
    expect(filters).toEqual({ quantity: ['', '5'], amount: ['2.5', ''] });
    // The call's schema reads the open ends as open; the request keeps an empty start in its place.
    expect(resourceSchemas(order).listQuery.parse(filters)).toMatchObject({ quantity: [undefined, 5], amount: ['2.5', undefined] });
    expect(buildQuery(filters)).toBe('quantity=&quantity=5&amount=2.5&amount=');
    expect(toFilterForm(order, filters)).toEqual({ [rangeFrom('quantity')]: undefined, [rangeTo('quantity')]: 5, [rangeFrom('amount')]: '2.5', [rangeTo('amount')]: undefined });
    // the name once (a link written by hand) is a start
    expect(toFilterForm(order, { quantity: '3' } as never)).toEqual({ [rangeFrom('quantity')]: 3, [rangeTo('quantity')]: undefined });
  });

  it('keeps instants in the URL and local times in the pickers, references as numbers in the form', () => {
    const placed: [string, string] = ['2026-03-01T00:00:00.000Z', '2026-03-31T15:59:59.000Z'];
    const form = toFilterForm(order, { placedAt: placed, paidAt: '2026-03-02T10:00:00.000Z', dueOn: ['2026-04-01', '2026-04-30'], parent: '12', urgent: 'false' });
    expect(form.parent).toBe(12);
    expect(form.urgent).toBe('false');
    expect([form[rangeFrom('dueOn')], form[rangeTo('dueOn')]]).toEqual(['2026-04-01', '2026-04-30']);
    expect(form[rangeFrom('placedAt')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(fromFilterForm(order, form)).toEqual({ placedAt: placed, paidAt: '2026-03-02T10:00:00.000Z', dueOn: ['2026-04-01', '2026-04-30'], parent: '12', urgent: 'false' });
    expect(fromFilterForm(order, { code: '  ', parent: null, urgent: undefined })).toEqual({});
  });

  it('sends a date or a date and time range with one end open, and reads it back open', () => {
    const since = '2026-03-01 00:00:00';
    const filters = fromFilterForm(order, { [rangeFrom('placedAt')]: since, [rangeTo('placedAt')]: undefined, [rangeFrom('dueOn')]: '', [rangeTo('dueOn')]: '2026-04-30' });
    const instant = new Date('2026-03-01T00:00:00').toISOString();
    expect(filters).toEqual({ placedAt: [instant, ''], dueOn: ['', '2026-04-30'] });
    // The call's schema reads the open ends as open; the request keeps an empty start in its place.
    expect(resourceSchemas(order).listQuery.parse(filters)).toMatchObject({ placedAt: [instant, undefined], dueOn: [undefined, '2026-04-30'] });
    expect(buildQuery(filters)).toBe(`placedAt=${encodeURIComponent(instant)}&placedAt=&dueOn=&dueOn=2026-04-30`);
    expect(toFilterForm(order, filters)).toEqual({ [rangeFrom('placedAt')]: since, [rangeTo('placedAt')]: undefined, [rangeFrom('dueOn')]: undefined, [rangeTo('dueOn')]: '2026-04-30' });
    // the name once (a link written by hand) is a start
    expect(toFilterForm(order, { dueOn: '2026-04-01' } as never)).toEqual({ [rangeFrom('dueOn')]: '2026-04-01', [rangeTo('dueOn')]: undefined });
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
        { path: 'total', message: 'At most 2 decimal places' },
      ],
    });
  });
});

describe('how the table shows a value', () => {
  it('groups a decimal’s thousands from its text, every digit kept (never through a float)', () => {
    const amount = field('amount');
    expect(displayValue(order, amount, '1234567.5', {}, t)).toBe('1,234,567.500');
    // past a double's 15–17 significant digits: a float would round the last ones
    expect(displayValue(order, amount, '123456789012345678.123', {}, t)).toBe('123,456,789,012,345,678.123');
    expect(displayValue(order, amount, '-9999.999', {}, t)).toBe('-9,999.999');
    expect(displayValue(order, amount, '999', {}, t)).toBe('999.000');
    expect(displayValue(order, field('quantity'), 12345, {}, t)).toBe('12345');
  });
});
