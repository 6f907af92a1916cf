import { describe, expect, it } from 'vitest';
import { suiteApp } from '../test/suite-app.ts';

/** The demo's parts of the stored preferences (the search table's columns and density, the workplace's shortcuts). */
describe('preferences of the demo', () => {
  const t = suiteApp({ signIn: ['user'] });

  it('starts empty, deep-merges partial saves and keeps them per user', async () => {
    expect((await t.request({ url: '/api/user/preferences', token: t.tokens.user })).body.data).toEqual({});
    const a = await t.request({ method: 'POST', url: '/api/user/preferences', token: t.tokens.user, body: { searchTable: { density: 'small' } } });
    expect(a.body.data).toEqual({ searchTable: { density: 'small' } });
    const columns = [
      { key: 'name', visible: true },
      { key: 'number', visible: false },
    ];
    const b = await t.request({ method: 'POST', url: '/api/user/preferences', token: t.tokens.user, body: { searchTable: { columns }, workplace: { shortcuts: ['content', 'putIn'] } } });
    expect(b.body.data).toEqual({ searchTable: { density: 'small', columns }, workplace: { shortcuts: ['content', 'putIn'] } });
    // arrays replace
    const c = await t.request({ method: 'POST', url: '/api/user/preferences', token: t.tokens.user, body: { workplace: { shortcuts: [] } } });
    expect(c.body.data.workplace).toEqual({ shortcuts: [] });
    expect((await t.request({ url: '/api/user/preferences', token: t.tokens.user })).body.data).toEqual(c.body.data);
    expect((await t.request({ url: '/api/user/preferences', token: await t.login('admin') })).body.data).toEqual({});
  });

  it('rejects unknown keys, bad values, duplicates and bodies over 16 KB', async () => {
    const bad = [{ theme: 'dark' }, { searchTable: { density: 'huge' } }, { workplace: { shortcuts: ['content', 'content'] } }, { searchTable: { columns: [{ key: 'x', visible: true }] } }];
    for (const body of bad) {
      const res = await t.request({ method: 'POST', url: '/api/user/preferences', token: t.tokens.user, body });
      expect(res.status).toBe(400);
      expect(res.body.data.error).toBe('VALIDATION_FAILED');
    }
    const huge = await t.request({ method: 'POST', url: '/api/user/preferences', token: t.tokens.user, body: { workplace: { shortcuts: ['content'] }, pad: 'x'.repeat(17 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.body.data.error).toBe('PAYLOAD_TOO_LARGE');
  });
});
