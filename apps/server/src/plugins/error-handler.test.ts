import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from '@atrium/contracts';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { AppError } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { apiContentSecurityPolicy, contentSecurityPolicy } from './security-headers.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

describe('error envelope, trace id and security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('puts X-Trace-Id on every answer, success or error, equal to the envelope traceId', async () => {
    for (const url of ['/healthz', '/api/nope', '/api/user/menu']) {
      const res = await t.request({ url });
      expect(res.headers['x-trace-id']).toMatch(/^[0-9a-f]{16}$/);
      expect(res.body.traceId).toBe(res.headers['x-trace-id']);
    }
  });

  it('answers the router\'s own refusals (undecodable path escape, over-long path parameter) in the 400 envelope', async () => {
    const token = await t.login('admin');
    for (const url of ['/api/system/users/%ED%A0%80', `/api/system/users/${'9'.repeat(300)}`]) {
      const res = await t.request({ url, token, locale: 'en-US' });
      expect([url, res.status, res.body.data?.error]).toEqual([url, 400, 'VALIDATION_FAILED']);
      expect(res.body.data.details).toEqual([{ path: 'url', message: 'Invalid value' }]);
      expect(res.body.traceId).toBe(res.headers['x-trace-id']);
    }
  });

  it('translates messages from Accept-Language, zh-CN by default', async () => {
    expect((await t.request({ url: '/api/user/menu' })).body.message).toBe('请先登录');
    expect((await t.request({ url: '/api/user/menu', locale: 'en-US' })).body.message).toBe('Please sign in.');
    expect((await t.request({ url: '/api/user/menu', headers: { 'Accept-Language': 'fr-FR,en;q=0.8' } })).body.message).toBe('Please sign in.');
  });

  it("sends the SPA's security headers on documents and a nothing-allowed CSP with no-store on API answers", async () => {
    const doc = await t.request({ url: '/healthz' });
    expect(doc.headers['content-security-policy']).toBe(contentSecurityPolicy);
    expect(doc.headers['content-security-policy']).toContain("script-src 'self'");
    expect(doc.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(doc.headers['permissions-policy']).toContain('camera=()');
    for (const url of ['/api/user/menu', '/api/nope', '/api', '/auth/captcha']) {
      const res = await t.request({ url });
      expect([url, res.headers['content-security-policy']]).toEqual([url, apiContentSecurityPolicy]);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
    for (const res of [doc, await t.request({ url: '/api/user/menu' })]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });
});

describe('5xx answers never leak internals', () => {
  let t: TestApp;
  const boom = defineCall({ id: 'test.boom', method: 'GET', path: '/api/test-only/boom', access: 'public', signature: 'exempt', summary: 'throws', response: z.null() });
  const drift = defineCall({ id: 'test.drift', method: 'GET', path: '/api/test-only/drift', access: 'public', signature: 'exempt', summary: 'breaks its contract', response: z.object({ n: z.number() }) });
  const custom = defineCall({ id: 'test.conflict', method: 'GET', path: '/api/test-only/conflict', access: 'public', signature: 'exempt', summary: 'conflict', response: z.null() });
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t?.close());

  it('answers INTERNAL with a generic message, and contract drift is caught outside production', async () => {
    const { buildApp } = await import('../app.ts');
    const app = await buildApp(t.config, { db: t.db, logger: false });
    registerCall(app, boom, () => {
      throw new Error('password=hunter2 at /srv/secret/db.ts:42');
    });
    registerCall(app, drift, () => ({ n: 'not a number' }) as unknown as { n: number });
    registerCall(app, custom, () => {
      throw new AppError('CONFLICT', { message: 'login.error.rateLimited' });
    });
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/test-only/boom', headers: { 'accept-language': 'en-US' } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ status: 'error', code: 500, message: 'Internal server error.', data: { error: 'INTERNAL' } });
      expect(res.body).not.toContain('hunter2');
      expect(res.body).not.toContain('/srv/');
      const d = await app.inject({ method: 'GET', url: '/api/test-only/drift' });
      expect(d.statusCode).toBe(500);
      expect(d.body).not.toContain('not a number');
      const c = await app.inject({ method: 'GET', url: '/api/test-only/conflict' });
      expect(c.statusCode).toBe(409);
      expect(c.json().message).toBe('操作过于频繁，请稍后再试');
    } finally {
      await app.close();
    }
  });
});

describe('a database that cannot serve answers 503 UNAVAILABLE, with one warning', () => {
  let t: TestApp;
  const diskFull = defineCall({ id: 'test.disk-full', method: 'GET', path: '/api/test-only/disk-full', access: 'public', signature: 'exempt', summary: 'write on a full disk', response: z.null() });
  const restarting = defineCall({ id: 'test.restarting', method: 'GET', path: '/api/test-only/restarting', access: 'public', signature: 'exempt', summary: 'server shutting down', response: z.null() });
  const broken = defineCall({ id: 'test.broken-sql', method: 'GET', path: '/api/test-only/broken-sql', access: 'public', signature: 'exempt', summary: 'a bad statement', response: z.null() });
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t?.close());

  it('maps connection-class errors (through drizzle) to the 503 envelope, warns once for a burst, and leaves other database errors 500', async () => {
    const lines: Array<{ level: number; msg: string; err?: { code?: string } }> = [];
    const { buildApp } = await import('../app.ts');
    const app = await buildApp(t.config, { db: t.db, logger: { level: 'warn', stream: { write: (line: string) => lines.push(JSON.parse(line)) } } });
    const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
    registerCall(app, diskFull, () => {
      throw new DrizzleQueryError('insert into "certifications" values ($1)', ['secret-param'], pgError('53100', 'could not extend file "base/5/16385": No space left on device'));
    });
    registerCall(app, restarting, () => {
      throw new AppError('UNAVAILABLE', { cause: new DrizzleQueryError('select 1', [], pgError('57P01', 'terminating connection due to administrator command')) });
    });
    registerCall(app, broken, () => {
      throw new DrizzleQueryError('selec 1', [], pgError('42601', 'syntax error at or near "selec"'));
    });
    await app.ready();
    try {
      for (let i = 0; i < 5; i++) {
        for (const url of ['/api/test-only/disk-full', '/api/test-only/restarting']) {
          const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US' } });
          expect(res.statusCode).toBe(503);
          expect(res.json()).toMatchObject({ status: 'error', code: 503, message: 'The service is unavailable. Please try again later.', data: { error: 'UNAVAILABLE' } });
          expect(res.body).not.toContain('secret-param');
          expect(res.body).not.toContain('certifications');
        }
      }
      const zh = await app.inject({ method: 'GET', url: '/api/test-only/disk-full' });
      expect(zh.json().message).toBe('服务暂不可用，请稍后再试');
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      const warnings = lines.filter((l) => l.level === 40);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ msg: 'database unavailable: answering 503 UNAVAILABLE', err: { code: '53100' } });
      // not every database error is an outage
      const bad = await app.inject({ method: 'GET', url: '/api/test-only/broken-sql' });
      expect(bad.statusCode).toBe(500);
      expect(bad.json().data.error).toBe('INTERNAL');
      expect(lines.filter((l) => l.level >= 50)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
