import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allCalls } from './calls/index.ts';
import { msg } from './messages/msg.ts';
import { translateValidation } from './messages/validation.ts';
import { issues } from './messages/validation-test-kit.ts';
import { patternExample, patternRule } from './pattern-hint.ts';
import { defineResource } from './resource.ts';
import { resourceSchemas } from './resource-calls.ts';

/** A message key in both languages, English first. */
const said = (key: string | undefined) => [translateValidation(key ?? '', 'en-US'), translateValidation(key ?? '', 'zh-CN')];
const l = (en: string, zh: string) => ({ 'en-US': en, 'zh-CN': zh });
const ticket = defineResource({
  name: 'ticket',
  label: l('Ticket', '工单'),
  pluralLabel: l('Tickets', '工单'),
  menu: { group: 'support', groupLabel: l('Support', '支持') },
  fields: [
    { name: 'title', type: 'string', label: l('Title', '标题'), required: true },
    { name: 'code', type: 'string', label: l('Code', '编号'), required: true, unique: true, max: 6, pattern: '^T-[0-9]{4}$' },
    { name: 'ref', type: 'string', label: l('Reference', '参考号'), pattern: '[A-Z0-9|-]{3,20}' },
    { name: 'serial', type: 'string', label: l('Serial', '序列号'), pattern: '[A-Z]{2}-\\d{2,6}', example: 'SN-0042' },
    { name: 'hours', type: 'decimal', label: l('Hours', '工时'), scale: 1, filter: 'range' },
    { name: 'price', type: 'decimal', label: l('Price', '价格'), scale: 0 },
    { name: 'count', type: 'integer', label: l('Count', '数量'), required: true, filter: 'range' },
    { name: 'dueOn', type: 'date', label: l('Due', '截止'), filter: 'range' },
    { name: 'openedAt', type: 'datetime', label: l('Opened', '提交时间'), filter: 'range' },
    { name: 'urgent', type: 'boolean', label: l('Urgent', '紧急'), required: true },
    { name: 'parent', type: 'reference', to: 'ticket', label: l('Parent', '上级'), required: true },
  ],
});
const { form, update, listQuery } = resourceSchemas(ticket);
const valid = { title: 'Printer', code: 'T-0001', count: 1, urgent: false, parent: 1 };

describe('a resource form says what is wrong', () => {
  it('says "required" of a required field left out or null, whatever its type', () => {
    for (const body of [{}, { title: null, code: null, count: null, urgent: null, parent: null }]) {
      const found = issues(form, body);
      expect(found).toEqual({ title: 'common.required', code: 'common.required', count: 'common.required', urgent: 'common.required', parent: 'common.required' });
    }
    expect(issues(update, { ...valid, version: undefined })).toEqual({ version: 'common.required' });
    expect(said('common.required')).toEqual(['This field is required', '此项为必填项']);
    // a value of another type is still a wrong type
    expect(issues(form, { ...valid, count: '1' })).toEqual({ count: 'validation.invalidType' });
  });

  it('names the format a pattern expects: an example of it, the characters of one class repeated, or the pattern itself', () => {
    expect(said(issues(form, { ...valid, code: 'X-1' }).code)).toEqual(['Format T-0000 expected', '格式应为 T-0000']);
    // no fixed shape, one class repeated: how many characters and which, `|` and all
    expect(said(issues(form, { ...valid, ref: 'a' }).ref)).toEqual(['3 to 20 characters expected, each one of A–Z, 0–9, |, -', '须为 3–20 个字符，可用 A–Z, 0–9, |, -']);
    // the spec's own example first
    expect(said(issues(form, { ...valid, serial: 'sn-1' }).serial)).toEqual(['Format SN-0042 expected', '格式应为 SN-0042']);
    expect(form.safeParse({ ...valid, code: 'T-1234', ref: 'AB|C', serial: 'AB-12' }).success).toBe(true);
  });

  it('says how many decimal places a decimal takes, and what else is wrong with it', () => {
    expect(said(issues(form, { ...valid, hours: '1.25' }).hours)).toEqual(['At most 1 decimal place', '最多 1 位小数']);
    expect(said(issues(form, { ...valid, price: '12.5' }).price)).toEqual(['A whole number expected, without decimal places', '须为整数，不能有小数']);
    expect(said(issues(form, { ...valid, hours: 'ten' }).hours)).toEqual(['A number expected, such as 12.5', '须为数字，例如 12.5']);
    expect(said(issues(form, { ...valid, hours: '1'.repeat(18) }).hours)).toEqual(['At most 17 digits before the decimal point', '整数部分最多 17 位']);
    expect(form.parse({ ...valid, hours: ' -3.5 ', price: '7' })).toMatchObject({ hours: '-3.5', price: '7' });
    // a minus is not a digit: 17 before the point with one is as many as without
    expect(form.safeParse({ ...valid, hours: `-${'9'.repeat(17)}.5`, price: '-12' }).success).toBe(true);
    expect(issues(form, { ...valid, hours: `-${'9'.repeat(18)}` })).toEqual({ hours: 'validation.wholeDigits|{"n":17}' });
    // an integer's fraction too
    expect(issues(form, { ...valid, count: 1.5 })).toEqual({ count: 'validation.scaleNone' });
  });

  it('refuses a time without its offset from UTC, saying so, and reads one with it exactly', () => {
    for (const value of ['2026-01-01T08:00:00', '2026-01-01 08:00', '2026-01-01']) {
      expect(said(issues(form, { ...valid, openedAt: value }).openedAt), value).toEqual([
        'A time needs its offset from UTC, such as 2026-01-01T08:00:00+08:00 or 2026-01-01T00:00:00Z',
        '时间须带时区偏移，例如 2026-01-01T08:00:00+08:00 或 2026-01-01T00:00:00Z',
      ]);
    }
    expect(issues(form, { ...valid, openedAt: 'soon' }).openedAt).toBe('validation.datetime');
    expect(said('validation.datetime')).toEqual(['A time expected, such as 2026-01-01T08:00:00+08:00', '须为时间，例如 2026-01-01T08:00:00+08:00']);
    expect(form.parse({ ...valid, openedAt: '2026-01-01T08:00:00+08:00' }).openedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(said(issues(form, { ...valid, dueOn: '2026-02-30' }).dueOn)).toEqual(['A date expected, as YYYY-MM-DD', '须为日期，格式 YYYY-MM-DD']);
  });

  it('leaves no call of the call table answering "wrong data type" for a field left out', () => {
    const wrong: string[] = [];
    for (const call of allCalls) {
      const body = call.body as z.ZodType | undefined;
      if (!body) continue;
      for (const [path, message] of Object.entries(issues(body, {}))) if (message === 'validation.invalidType') wrong.push(`${call.id} ${path}`);
    }
    expect(wrong).toEqual([]);
  });

  it('translates a message whose parameter holds "|"', () => {
    expect(translateValidation(msg('validation.pattern', { pattern: 'a|b' }), 'en-US')).toBe('Must match the pattern a|b');
  });
});

describe('an example of a pattern', () => {
  it('is made for a pattern of one fixed shape', () => {
    expect(patternExample('^T-[0-9]{4}$')).toBe('T-0000');
    expect(patternExample('[A-Z]{2}\\d{3}')).toBe('AA000');
    expect(patternExample('INV\\.[a-z]{2}/(?:[0-9]{2}){2}')).toBe('INV.aa/0000');
    expect(patternExample('[-]x[.]')).toBe('-x.');
  });

  it('is not made when the shape varies or a class mixes kinds', () => {
    for (const pattern of ['[A-Z0-9-]{3,20}', 'T-\\d+', 'a|b', '(?:x|y)1', 'ab?', '.{3}', '\\w{2}', '[^0-9]{2}', '(?=a)a', '[A-Za-z]{2}', '']) {
      expect(patternExample(pattern), pattern).toBeUndefined();
    }
  });
});

describe('the rule of a pattern of one character class repeated', () => {
  it('says how many characters and which', () => {
    expect(patternRule('^[A-Z0-9-]{3,20}$')).toEqual({ min: 3, max: 20, chars: 'A–Z, 0–9, -' });
    expect(patternRule('[a-z\\d_.]+')).toEqual({ min: 1, max: undefined, chars: 'a–z, 0–9, _, .' });
    expect(patternRule('^[A-Za-z]{2}$')).toEqual({ min: 2, max: 2, chars: 'A–Z, a–z' });
    expect(patternRule('[0-9\\-]{0,8}')).toEqual({ min: 0, max: 8, chars: '0–9, -' });
    expect(patternRule('[xy]{4,}')).toEqual({ min: 4, max: undefined, chars: 'x, y' });
    expect(patternRule('[a\\-z]{2}')).toEqual({ min: 2, max: 2, chars: 'a, -, z' });
  });

  it('is not made for any other pattern', () => {
    // ranges beyond capitals, small letters and digits, or across kinds (A-z holds [ \\ ] ^ _ too), are not told
    for (const pattern of ['[^0-9]{2}', '[A-Z][0-9]{3}', '[a z]+', '\\w{2}', '[\\w]+', '[ab]{5,2}', 'a|b', '[ab]?', '', '^[一-龥]{2,4}$', '[а-я]{3}', '[A-z]+', '[0-Z]+', '[😀x]+', '[中文]+']) {
      expect(patternRule(pattern), pattern).toBeUndefined();
    }
  });

  it('is what a value the pattern refuses is told, in either language, when the pattern has no example', () => {
    const ruled = (pattern: string) =>
      defineResource({ name: 'badge', label: l('Badge', '工牌'), pluralLabel: l('Badges', '工牌'), menu: { group: 'support', groupLabel: l('Support', '支持') }, fields: [{ name: 'code', type: 'string', label: l('Code', '编号'), pattern }] });
    const told = (pattern: string, locale: 'zh-CN' | 'en-US') => {
      const result = resourceSchemas(ruled(pattern)).form.safeParse({ code: '?' });
      return translateValidation(result.error!.issues[0]!.message, locale);
    };
    expect(told('^[A-Z0-9-]{3,20}$', 'zh-CN')).toBe('须为 3–20 个字符，可用 A–Z, 0–9, -');
    expect(told('^[A-Z0-9-]{3,20}$', 'en-US')).toBe('3 to 20 characters expected, each one of A–Z, 0–9, -');
    expect(told('^[A-Z0-9]{6}$', 'en-US')).toBe('6 characters expected, each one of A–Z, 0–9');
    expect(told('^[a-z]+$', 'zh-CN')).toBe('至少 1 个字符，可用 a–z');
    expect(told('^[A-Z][0-9]+$', 'en-US')).toBe('Must match the pattern ^[A-Z][0-9]+$');
  });
});

describe('a range filter', () => {
  const range = (query: Record<string, unknown>) => listQuery.safeParse(query);

  it('takes a start alone or an end alone: an open end', () => {
    expect(range({ count: ['3', ''] }).data).toMatchObject({ count: [3, undefined] });
    expect(range({ count: '3' }).data).toMatchObject({ count: [3, undefined] });
    expect(range({ count: ['', '9'] }).data).toMatchObject({ count: [undefined, 9] });
    expect(range({ hours: ['', '2.5'] }).data).toMatchObject({ hours: [undefined, '2.5'] });
    expect(range({ dueOn: ['2026-01-01', ''] }).data).toMatchObject({ dueOn: ['2026-01-01', undefined] });
    expect(range({ openedAt: ['', '2026-01-01T08:00:00+08:00'] }).data).toMatchObject({ openedAt: [undefined, '2026-01-01T00:00:00.000Z'] });
    expect(range({ count: ['', ''] }).data?.count).toBeUndefined();
    expect(range({ count: ['1', '9'] }).data).toMatchObject({ count: [1, 9] });
  });

  it('refuses an end before its start, more than two values, and a time without its offset', () => {
    const refused = (query: Record<string, unknown>) => {
      const result = range(query);
      return result.success ? undefined : result.error.issues[0]?.message;
    };
    expect(said(refused({ count: ['9', '1'] }))).toEqual(['The start is after the end', '开始值不能大于结束值']);
    expect(refused({ hours: ['10', '9.5'] })).toBe('validation.rangeOrder');
    expect(refused({ count: ['1', '2', '3'] })).toBe('validation.rangeTwoValues');
    expect(said('validation.rangeTwoValues')).toEqual(['A start and an end at most', '最多一个开始值和一个结束值']);
    expect(refused({ openedAt: ['2026-01-01T08:00:00', ''] })).toBe('validation.datetimeOffset');
  });
});
