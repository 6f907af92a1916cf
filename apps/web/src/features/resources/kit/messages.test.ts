import type { Locale } from '@atrium/contracts';
import { defineResource } from '@atrium/contracts/resource';
import { describe, expect, it } from 'vitest';
import { translate } from '../../../lib/i18n';
import { fieldRule, saveBody } from './form-values';
import { referrersText } from './labels';

/** The record form's messages say what is wrong, in the reader's language (issue 38). */
const l = (en: string, zh: string) => ({ 'en-US': en, 'zh-CN': zh });
const ticket = defineResource({
  name: 'ticket',
  label: l('Ticket', '工单'),
  pluralLabel: l('Tickets', '工单'),
  menu: { group: 'support', groupLabel: l('Support', '支持') },
  fields: [
    { name: 'title', type: 'string', label: l('Title', '标题'), required: true },
    { name: 'code', type: 'string', label: l('Code', '编号'), required: true, max: 6, pattern: '^T-[0-9]{4}$' },
    { name: 'ref', type: 'string', label: l('Reference', '参考号'), pattern: '[A-Z]+|[0-9]+' },
    { name: 'hours', type: 'decimal', label: l('Hours', '工时'), scale: 1 },
    { name: 'count', type: 'integer', label: l('Count', '数量'), required: true },
  ],
});
const field = (name: string) => ticket.fields.find((f) => f.name === name)!;

/** What the form shows under a field for a value. */
function shown(locale: Locale, name: string, value: unknown): string | undefined {
  let message: string | undefined;
  fieldRule(ticket, field(name), (key) => translate(locale, key)).validator(value, (error) => (message = error));
  return message;
}

describe('the record form says what is wrong', () => {
  it('names the format a pattern expects', () => {
    expect(shown('en-US', 'code', 'X-1')).toBe('Format T-0000 expected');
    expect(shown('zh-CN', 'code', 'X-1')).toBe('格式应为 T-0000');
    expect(shown('en-US', 'ref', 'a1')).toBe('Must match the pattern [A-Z]+|[0-9]+');
    expect(shown('zh-CN', 'ref', 'a1')).toBe('须符合格式 [A-Z]+|[0-9]+');
    expect(shown('en-US', 'code', 'T-0042')).toBeUndefined();
  });

  it('says how many decimal places a decimal takes', () => {
    expect(shown('en-US', 'hours', '1.25')).toBe('At most 1 decimal place');
    expect(shown('zh-CN', 'hours', '1.25')).toBe('最多 1 位小数');
    expect(shown('en-US', 'hours', 'ten')).toBe('A number expected, such as 12.5');
    expect(shown('zh-CN', 'hours', 'ten')).toBe('须为数字，例如 12.5');
  });

  it('says "required" of a required field left empty, on the field and in the save body', () => {
    expect(shown('en-US', 'count', undefined)).toBe('This field is required');
    expect(shown('zh-CN', 'count', undefined)).toBe('此项为必填项');
    for (const [locale, required, format] of [
      ['en-US', 'This field is required', 'Format T-0000 expected'],
      ['zh-CN', '此项为必填项', '格式应为 T-0000'],
    ] as const) {
      expect(saveBody(ticket, { title: '', code: 'X-1', count: null }, null, (key) => translate(locale, key))).toEqual({
        ok: false,
        issues: [
          { path: 'title', message: required },
          { path: 'code', message: format },
          { path: 'count', message: required },
        ],
      });
    }
  });
});

// A refusal to delete a referred record counts only the referring records the reader reaches (issue 39).
describe('an IN_USE refusal', () => {
  const text = (locale: Locale, details: Record<string, unknown>, words: 'resourcePage.delete' | 'resourcePage.bulk' = 'resourcePage.delete') =>
    referrersText({ referredBy: 'ticket', ...details }, (key, params) => translate(locale, key, params), locale, words, { list: '“A”' }, [ticket]);

  it('counts the referring records the reader reaches, and says so when others beyond its scope refer too', () => {
    expect(text('en-US', { count: 2 })).toBe('Referred to by 2 tickets, so it cannot be deleted');
    expect(text('en-US', { count: 1 })).toBe('Referred to by 1 ticket, so it cannot be deleted');
    expect(text('en-US', { count: 2, outOfScope: true })).toBe('Referred to by 2 tickets, and by others outside your data scope, so it cannot be deleted');
    expect(text('zh-CN', { count: 2, outOfScope: true })).toBe('2 个工单及您数据权限以外的其他记录引用了它，不能删除');
    expect(text('en-US', { count: 1000, countCapped: true })).toBe('Referred to by more than 1,000 tickets, so it cannot be deleted');
    expect(text('zh-CN', { count: 1000, countCapped: true, outOfScope: true })).toBe('超过 1,000 个工单引用了它，不能删除');
  });

  it('names no count when only records beyond the reader\'s scope refer, for one record and in bulk', () => {
    expect(text('en-US', { count: 0, outOfScope: true })).toBe('Referred to by tickets outside your data scope, so it cannot be deleted');
    expect(text('zh-CN', { count: 0, outOfScope: true })).toBe('您数据权限以外的工单引用了它，不能删除');
    expect(text('en-US', { count: 0, outOfScope: true }, 'resourcePage.bulk')).toBe('“A”: referred to by tickets outside your data scope. Nothing was deleted.');
    expect(text('zh-CN', { count: 3, outOfScope: true }, 'resourcePage.bulk')).toBe('“A” 被 3 个工单及您数据权限以外的其他记录引用，未删除任何记录');
    expect(text('en-US', { count: 3 }, 'resourcePage.bulk')).toBe('“A”: referred to by 3 tickets. Nothing was deleted.');
  });

  it('leaves a refusal naming no resource of the registry to the server\'s own message', () => {
    expect(text('en-US', { referredBy: 'kit_notes_vendor', count: 1 })).toBeUndefined();
  });
});
