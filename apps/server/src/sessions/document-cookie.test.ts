import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseSetCookie } from 'cookie';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_VIEW_MARK, SIGNED_IN_DOCUMENTS, type FirstViewManifest } from '@atrium/contracts/client-config';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { DOCUMENT_COOKIE, documentCookieValue } from './document-cookie.ts';

// The document cookie (decision 046): given by a signed call, read only by the document's route, dead with
// its session.

const manifest: FirstViewManifest = {
  locales: ['zh-CN', 'en-US'],
  defaultLocale: 'zh-CN',
  css: ['/assets/index-1.css'],
  dictionaries: { 'zh-CN': ['/assets/texts-zh-1.js'], 'en-US': ['/assets/texts-en-1.js'] },
  shell: { js: ['/assets/first-shell-1.js'], css: ['/assets/first-shell-1.css'] },
  pages: { '/workplace': { js: ['/assets/first-page-1.js', '/assets/charts-1.js'], css: ['/assets/first-page-1.css'] }, '/': { js: ['/assets/first-page-1.js'], css: [] } },
};

const document = (view: string, locale: string) =>
  `<!doctype html><html lang="${locale}"${view === 'shell' ? ' data-signed-in' : ''}><head><meta charset="UTF-8" /><script>boot()</script><link rel="modulepreload" crossorigin href="/assets/entry-1.js">${FIRST_VIEW_MARK}</head><body><div id="root"></div><div id="prerender" data-test-view="${view}-${locale}"></div></body></html>`;

describe('the document cookie', () => {
  let t: TestApp;
  let now = new Date('2026-11-29T10:00:00Z');
  const dist = mkdtempSync(join(tmpdir(), 'atrium-dist-'));
  beforeAll(async () => {
    mkdirSync(join(dist, SIGNED_IN_DOCUMENTS), { recursive: true });
    writeFileSync(join(dist, 'index.html'), document('every', 'zh-CN'));
    for (const locale of manifest.locales) writeFileSync(join(dist, SIGNED_IN_DOCUMENTS, `shell.${locale}.html`), document('shell', locale));
    writeFileSync(join(dist, SIGNED_IN_DOCUMENTS, 'first-view.json'), JSON.stringify(manifest));
    t = await createTestApp({ clock: () => now, config: { webDist: dist, sessionIdleSeconds: 3600, sessionAbsoluteSeconds: 4 * 3600, trustProxy: ['127.0.0.1'] } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  /** Signs in and asks for the cookie: its value, and the Set-Cookie as sent. */
  async function cookieFor(who: 'admin' | 'user', headers: Record<string, string> = {}) {
    const token = await t.login(who);
    const res = await t.request({ method: 'POST', url: '/api/user/document-cookie', token, headers });
    expect(res.status).toBe(200);
    const header = String(res.headers['set-cookie']);
    const cookie = parseSetCookie(header);
    return { token, value: cookie.value ?? '', cookie, header };
  }
  const load = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const viewOf = (html: string) => /data-test-view="([^"]+)"/.exec(html)?.[1];

  it('is given by a signed call only, HttpOnly, SameSite=Lax, for the whole site, as long as a session can live', async () => {
    const { cookie, header } = await cookieFor('admin');
    expect(cookie).toMatchObject({ name: DOCUMENT_COOKIE, httpOnly: true, sameSite: 'lax', path: '/', maxAge: 4 * 3600 });
    expect(cookie.secure).toBeFalsy();
    expect(header).not.toMatch(/Secure/);
    // Without a session, or unsigned: refused, and no cookie.
    const anonymous = await t.request({ method: 'POST', url: '/api/user/document-cookie' });
    const unsigned = await t.request({ method: 'POST', url: '/api/user/document-cookie', token: (await cookieFor('admin')).token, sign: false });
    expect([anonymous.status, anonymous.headers['set-cookie'], unsigned.status, unsigned.headers['set-cookie']]).toEqual([401, undefined, 400, undefined]);
    // Over TLS (here: a trusted balancer says so), Secure.
    expect((await cookieFor('admin', { 'x-forwarded-proto': 'https' })).cookie.secure).toBe(true);
  });

  it('comes with the answer of a sign-in that opens a session, and with no refused one', async () => {
    const ok = await t.request({ method: 'POST', url: '/api/user/login', body: { username: 'admin', password: 'admin123' } });
    expect(ok.status).toBe(200);
    const cookie = parseSetCookie(String(ok.headers['set-cookie']));
    expect(cookie).toMatchObject({ name: DOCUMENT_COOKIE, httpOnly: true, sameSite: 'lax' });
    expect(viewOf((await load('/workplace', `${DOCUMENT_COOKIE}=${cookie.value}`)).body)).toBe('shell-zh-CN');
    const refused = await t.request({ method: 'POST', url: '/api/user/login', body: { username: 'admin', password: 'wrong-password' } });
    expect([refused.status, refused.headers['set-cookie']]).toEqual([400, undefined]);
  });

  it('gets a live session the signed-in document, in the language of its locale cookie, with its first view named in the head', async () => {
    const { value } = await cookieFor('admin');
    const res = await load('/workplace', `${DOCUMENT_COOKIE}=${value}`);
    expect(res.statusCode).toBe(200);
    expect(viewOf(res.body)).toBe('shell-zh-CN');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.body).not.toContain(FIRST_VIEW_MARK);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const links = [...head.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(links).toEqual([
      'modulepreload /assets/entry-1.js',
      'modulepreload /assets/texts-zh-1.js',
      'modulepreload /assets/first-shell-1.js',
      'modulepreload /assets/first-page-1.js',
      'modulepreload /assets/charts-1.js',
      'preload /assets/index-1.css',
      'preload /assets/first-shell-1.css',
      'preload /assets/first-page-1.css',
    ]);
    // The client configuration is in it, as in every document.
    expect(res.body).toContain('id="atrium-client-config"');
    const english = await load('/workplace', `atrium_locale=en-US; ${DOCUMENT_COOKIE}=${value}`);
    expect(viewOf(english.body)).toBe('shell-en-US');
    expect(english.body).toContain('/assets/texts-en-1.js');
    expect(english.body).not.toContain('/assets/texts-zh-1.js');
    // A language the build does not have: the default one.
    expect(viewOf((await load('/', `atrium_locale=xx; ${DOCUMENT_COOKIE}=${value}`)).body)).toBe('shell-zh-CN');
    // A page without files of its own (a record's page): the shell's files only.
    const other = await load('/system/user/12', `${DOCUMENT_COOKIE}=${value}`);
    expect(viewOf(other.body)).toBe('shell-zh-CN');
    expect(other.body).toContain('/assets/first-shell-1.js');
    expect(other.body).not.toContain('/assets/first-page-1.js');
    // The sign-in page's address gets the document for every visitor.
    expect(viewOf((await load('/login', `${DOCUMENT_COOKIE}=${value}`)).body)).toBe('every-zh-CN');
    // Without the cookie, the document for every visitor (its mark gone), as before.
    const plain = await load('/workplace');
    expect([viewOf(plain.body), plain.headers['cache-control'], plain.headers['set-cookie']]).toEqual(['every-zh-CN', 'no-cache', undefined]);
    expect(plain.body).not.toContain(FIRST_VIEW_MARK);
  });

  it('is dead with its session: signed out, revoked elsewhere, idle or past its age, the account disabled; a dead one is removed', async () => {
    const expectDead = async (value: string) => {
      const res = await load('/workplace', `${DOCUMENT_COOKIE}=${value}`);
      expect(viewOf(res.body)).toBe('every-zh-CN');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(parseSetCookie(String(res.headers['set-cookie']))).toMatchObject({ name: DOCUMENT_COOKIE, value: '', maxAge: 0 });
    };
    // Signed out: the answer removes it too.
    const out = await cookieFor('admin');
    const logout = await t.request({ method: 'POST', url: '/api/user/logout', token: out.token });
    expect(parseSetCookie(String(logout.headers['set-cookie']))).toMatchObject({ name: DOCUMENT_COOKIE, value: '', maxAge: 0, httpOnly: true });
    await expectDead(out.value);
    // Revoked from another session (the account's other sessions).
    const revoked = await cookieFor('user');
    const keeper = await t.login('user');
    expect((await t.request({ method: 'POST', url: '/api/user/sessions/revoke-others', token: keeper })).status).toBe(200);
    await expectDead(revoked.value);
    // Idle past the limit, then past the absolute age however busy.
    const idle = await cookieFor('admin');
    now = new Date(now.getTime() + 3601_000);
    await expectDead(idle.value);
    const old = await cookieFor('admin');
    for (let i = 0; i < 5; i++) {
      now = new Date(now.getTime() + 3000_000);
      await t.request({ method: 'POST', url: '/api/user/info', token: old.token });
    }
    await expectDead(old.value);
    // The account disabled.
    const disabled = await cookieFor('user');
    expect(viewOf((await load('/workplace', `${DOCUMENT_COOKIE}=${disabled.value}`)).body)).toBe('shell-zh-CN');
    await t.db.execute(sql`update users set status = 'disabled' where username = 'user'`);
    await expectDead(disabled.value);
    await t.db.execute(sql`update users set status = 'active' where username = 'user'`);
  });

  it('cannot be made up: another MAC, another session or account under a MAC of its own, or any other shape', async () => {
    const { value } = await cookieFor('admin');
    const [session, user, mac] = value.split('.');
    const forged = [
      `${session}.${user}.${mac!.replace(/^./, (c) => (c === '0' ? '1' : '0'))}`,
      `${Number(session) + 1}.${user}.${mac}`,
      `${session}.${Number(user) + 1}.${mac}`,
      `${session}.${user}`,
      'x',
      // A MAC made with another key for this very session.
      documentCookieValue({ ...t.config, secretKey: Buffer.alloc(32, 8) }, Number(session), Number(user)),
    ];
    for (const cookie of forged) expect([cookie, viewOf((await load('/workplace', `${DOCUMENT_COOKIE}=${cookie}`)).body)]).toEqual([cookie, 'every-zh-CN']);
  });

  it('is never accepted by the API: a call with the cookie and without a token is refused', async () => {
    const { value } = await cookieFor('admin');
    for (const url of ['/api/user/info', '/api/user/document-cookie']) {
      const res = await t.request({ method: 'POST', url, headers: { cookie: `${DOCUMENT_COOKIE}=${value}` } });
      expect([url, res.status]).toEqual([url, 401]);
    }
  });

  // Last: it closes the suite's database.
  it('gets the document for every visitor while the database does not answer, and keeps the cookie', async () => {
    const { token, value } = await cookieFor('admin');
    expect(viewOf((await load('/workplace', `${DOCUMENT_COOKIE}=${value}`)).body)).toBe('shell-zh-CN');
    await t.handle.close();
    const res = await load('/workplace', `${DOCUMENT_COOKIE}=${value}`);
    expect(res.statusCode).toBe(200);
    expect(viewOf(res.body)).toBe('every-zh-CN');
    // Unchecked is not dead: the session may well be live, so the cookie is not removed.
    expect(res.headers['set-cookie']).toBeUndefined();
    // Nothing personal in it: the document for every visitor, with that document's caching.
    expect(res.headers['cache-control']).toBe('no-cache');
    // The API, which needs the database, says so.
    const info = await t.request({ method: 'POST', url: '/api/user/info', token });
    expect([info.status, info.body.data.error]).toEqual([503, 'UNAVAILABLE']);
  });
});
