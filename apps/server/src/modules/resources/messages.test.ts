import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@atrium/contracts';
import { defineResource } from '@atrium/contracts/resource';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { resourceServerSlice } from './kit.ts';
import { resourceMigrationSql } from './migration-sql.ts';

/**
 * What a refused write or filter tells the caller (issue 38): each field's detail says what is wrong
 * ("required", the format, the decimal places, "already used"), in the caller's language, and a range
 * filter may leave either end open.
 */
const l = (en: string, zh: string) => ({ 'zh-CN': zh, 'en-US': en });
const ticket = defineResource({
  name: 'msgTicket',
  label: l('Ticket', '工单'),
  pluralLabel: l('Tickets', '工单'),
  menu: { group: 'support', groupLabel: l('Support', '支持'), order: 30 },
  fields: [
    { name: 'title', type: 'string', label: l('Title', '标题'), required: true },
    { name: 'code', type: 'string', label: l('Code', '编号'), required: true, unique: true, max: 6, pattern: '^T-[0-9]{4}$', filter: 'prefix' },
    { name: 'hours', type: 'decimal', label: l('Hours', '工时'), scale: 1, filter: 'range', sortable: true },
    { name: 'openedAt', type: 'datetime', label: l('Opened', '提交时间'), filter: 'range' },
    { name: 'related', type: 'reference', to: 'msgTicket', label: l('Related', '相关工单') },
  ],
});

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ resources: [resourceServerSlice(ticket)] });
  const text = resourceMigrationSql(ticket, 'msg_tickets', [ticket]).replaceAll('"public".', `"${t.handle.schemaName}".`);
  for (const statement of text.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
  await t.db.execute(sql`update roles set permissions = permissions || ${`{${Object.values(ticket.permissions).join(',')}}`}::text[] where code = 'admin'`);
  admin = await t.login('admin');
});
afterAll(() => t?.close());

/** The details of a refused call, as `path -> message`. */
async function refused(method: 'POST' | 'GET', url: string, locale: Locale, body?: unknown): Promise<{ status: number; error: string; fields: Record<string, string> }> {
  const res = await t.request({ method, url, token: admin, locale, body });
  expect(res.status, res.text).toBeGreaterThanOrEqual(400);
  const data = res.body.data as { error: string; details: { path: string; message: string }[] };
  return { status: res.status, error: data.error, fields: Object.fromEntries(data.details.map((d) => [d.path, d.message])) };
}

const create = async (body: Record<string, unknown>) => {
  const res = await t.request({ method: 'POST', url: '/api/msg-tickets', token: admin, body });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { id: number };
};

describe('a refused write says what is wrong with each field', () => {
  it('"required" for a field left out or null, not "wrong data type"', async () => {
    expect(await refused('POST', '/api/msg-tickets', 'en-US', {})).toEqual({ status: 400, error: 'VALIDATION_FAILED', fields: { title: 'This field is required', code: 'This field is required' } });
    expect((await refused('POST', '/api/msg-tickets', 'zh-CN', { title: null, code: null })).fields).toEqual({ title: '此项为必填项', code: '此项为必填项' });
  });

  it('the format a pattern expects, the decimal places, the offset a time needs', async () => {
    const body = { title: 'Printer', code: 'X-1', hours: '1.25', openedAt: '2026-01-01T08:00:00' };
    expect((await refused('POST', '/api/msg-tickets', 'en-US', body)).fields).toEqual({
      code: 'Format T-0000 expected',
      hours: 'At most 1 decimal place',
      openedAt: 'A time needs its offset from UTC, such as 2026-01-01T08:00:00+08:00 or 2026-01-01T00:00:00Z',
    });
    expect((await refused('POST', '/api/msg-tickets', 'zh-CN', body)).fields).toEqual({
      code: '格式应为 T-0000',
      hours: '最多 1 位小数',
      openedAt: '时间须带时区偏移，例如 2026-01-01T08:00:00+08:00 或 2026-01-01T00:00:00Z',
    });
  });

  it('"already used" for a unique value another record holds, "no such record" for a reference to none', async () => {
    await create({ title: 'First', code: 'T-0001' });
    expect(await refused('POST', '/api/msg-tickets', 'en-US', { title: 'Second', code: 'T-0001' })).toEqual({ status: 409, error: 'UNIQUE_VIOLATION', fields: { code: 'Already used by another record' } });
    expect((await refused('POST', '/api/msg-tickets', 'zh-CN', { title: 'Second', code: 'T-0001' })).fields).toEqual({ code: '已被其他记录使用' });
    expect((await refused('POST', '/api/msg-tickets', 'en-US', { title: 'Second', code: 'T-0002', related: 999_999 })).fields).toEqual({ related: 'No such record: it may have been deleted' });
    expect((await refused('POST', '/api/msg-tickets', 'zh-CN', { title: 'Second', code: 'T-0002', related: 999_999 })).fields).toEqual({ related: '所选记录不存在，可能已被删除' });
  });

  it('"required" for a role saved without its permissions (Atrium\'s own forms)', async () => {
    expect((await refused('POST', '/api/system/roles', 'en-US', { code: 'msg-role', name: 'Role' })).fields).toEqual({ permissions: 'This field is required' });
    expect((await refused('POST', '/api/system/roles', 'zh-CN', { code: 'msg-role', name: 'Role' })).fields).toEqual({ permissions: '此项为必填项' });
  });
});

describe('a range filter with one end', () => {
  const codes = async (query: string) => {
    const res = await t.request({ url: `/api/msg-tickets?code=T-1&sort=hours&${query}`, token: admin });
    expect(res.status, res.text).toBe(200);
    return (res.body.data.list as { code: string }[]).map((r) => r.code);
  };

  beforeAll(async () => {
    await create({ title: 'Short', code: 'T-1001', hours: '1.0', openedAt: '2026-01-01T00:00:00Z' });
    await create({ title: 'Medium', code: 'T-1002', hours: '2.5', openedAt: '2026-02-01T00:00:00Z' });
    await create({ title: 'Long', code: 'T-1003', hours: '4.0', openedAt: '2026-03-01T00:00:00+08:00' });
  });

  it('reads a start alone as "from", an end alone as "up to"', async () => {
    expect(await codes('hours=2.5&hours=')).toEqual(['T-1002', 'T-1003']);
    expect(await codes('hours=2.5')).toEqual(['T-1002', 'T-1003']);
    expect(await codes('hours=&hours=2.5')).toEqual(['T-1001', 'T-1002']);
    expect(await codes('hours=&hours=')).toEqual(['T-1001', 'T-1002', 'T-1003']);
    expect(await codes('hours=2&hours=3')).toEqual(['T-1002']);
    expect(await codes(`openedAt=&openedAt=${encodeURIComponent('2026-02-01T08:00:00+08:00')}`)).toEqual(['T-1001', 'T-1002']);
    expect(await codes(`openedAt=${encodeURIComponent('2026-02-28T16:00:00Z')}`)).toEqual(['T-1003']);
  });

  it('refuses an end before its start, and a time without its offset, saying so', async () => {
    expect(await refused('GET', '/api/msg-tickets?hours=3&hours=1', 'en-US')).toEqual({ status: 400, error: 'VALIDATION_FAILED', fields: { hours: 'The start is after the end' } });
    expect((await refused('GET', '/api/msg-tickets?openedAt=2026-01-01T08:00:00', 'zh-CN')).fields).toEqual({ 'openedAt[0]': '时间须带时区偏移，例如 2026-01-01T08:00:00+08:00 或 2026-01-01T00:00:00Z' });
  });
});
