import type { Locale } from '@atrium/contracts';
import { defineResource } from '@atrium/contracts/resource';
import { describe, expect, it } from 'vitest';
import { translate } from '../../../lib/i18n';
import { fieldRule, saveBody } from './form-values';

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
