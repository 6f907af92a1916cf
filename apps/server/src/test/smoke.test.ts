import { describe, expect, it } from 'vitest';
import { suiteApp } from './suite-app.ts';

describe('smoke: the app on a fresh seeded database', () => {
  const t = suiteApp();

  it('answers health and readiness unsigned', async () => {
    const live = await t.request({ url: '/healthz', sign: false });
    expect(live.status).toBe(200);
    expect(live.body.data.status).toBe('ok');
    const ready = await t.request({ url: '/readyz', sign: false });
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({ status: 'ready', database: t.engine });
    expect(ready.headers['x-trace-id']).toBe(ready.body.traceId);
  });

  it('hands out the console credential unsigned', async () => {
    const res = await t.request({ url: '/api/client-config', sign: false });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ keyId: t.config.signingKeys[0]!.keyId, secret: t.config.signingKeys[0]!.secret });
    expect(Number.isNaN(Date.parse(res.body.data.serverTime))).toBe(false);
  });

  it('signs in both seeded accounts and reads their info', async () => {
    for (const who of ['admin', 'user'] as const) {
      const token = await t.login(who);
      const info = await t.request({ method: 'POST', url: '/api/user/info', token });
      expect(info.status).toBe(200);
      expect(info.body.data.username).toBe(who);
      expect(info.body.data.role).toBe(who);
    }
  });

  it('answers unknown API paths with the 404 envelope', async () => {
    const res = await t.request({ url: '/api/does-not-exist' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 'error', code: 404, data: { error: 'NOT_FOUND' } });
  });
});
