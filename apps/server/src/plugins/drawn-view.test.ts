import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { parseSetCookie } from 'cookie';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAWN_MARK } from '@atrium/contracts/client-config';
import { rowsOf } from '../db/client.ts';
import { drawingBuild, PLACE } from '../test/drawing-build.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { DOCUMENT_COOKIE } from '../sessions/document-cookie.ts';
import { VIEW_TICKET_HEADER } from '../sessions/view-tickets.ts';

// The signed-in page drawn by the server with its data (decision 049), against a build whose renderer is a
// stand-in (test/drawing-build.ts): what is read, as whom, and when nothing is.

describe('the signed-in page drawn by the server', () => {
  let t: TestApp;
  let now = new Date('2026-11-30T10:00:00Z');
  const dist = drawingBuild();
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, config: { webDist: dist, sessionIdleSeconds: 3600, sessionAbsoluteSeconds: 4 * 3600 } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  async function signIn(who: 'admin' | 'user') {
    const token = await t.login(who);
    const res = await t.request({ method: 'POST', url: '/api/user/document-cookie', token });
    return { token, cookie: `${DOCUMENT_COOKIE}=${parseSetCookie(String(res.headers['set-cookie'])).value}` };
  }
  const load = (url: string, cookie?: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const drawnOf = (html: string) => /<div id="pre-drawn"[^>]*>(.*?)<\/div><script type="application\/json" id="atrium-drawn-answers">(.*?)<\/script>/.exec(html);
  const denials = async () => rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from audit_log where result = 'denied'`))[0]!.n;

  // First: the renderer is not loaded yet.
  it('loads the renderer when a signed-in document first asks for it, and sends the skeleton alone meanwhile', async () => {
    const { cookie } = await signIn('admin');
    const first = await load('/workplace', cookie);
    expect([first.statusCode, first.body.includes('data-signed-in'), drawnOf(first.body), first.headers['cache-control']]).toEqual([200, true, null, 'private, no-cache']);
    await expect.poll(async () => drawnOf((await load('/workplace', cookie)).body) !== null).toBe(true);
  });

  it("draws the landing page for the cookie's session, with the answers it was drawn from, for that browser only", async () => {
    const { token, cookie } = await signIn('admin');
    const res = await load('/workplace', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers.vary).toMatch(/Cookie/);
    // The placing script is the build's, allowed by its hash like the boot's.
    expect(res.headers['content-security-policy']).toContain(`'sha256-${createHash('sha256').update(PLACE).digest('base64')}'`);
    const html = res.body;
    expect(html).toMatch(/^<!doctype html><html lang="zh-CN" data-drawn="zh-CN" data-signed-in>/);
    const drawn = drawnOf(html);
    expect(drawn, html).not.toBeNull();
    // The page's stylesheets named on it, in the order the console links them (the document's script links them).
    expect(drawn![0]).toContain('data-locale="zh-CN" data-path="/workplace" data-css="/assets/index-1.css /assets/first-shell-1.css /assets/first-page-1.css" hidden>');
    expect(drawn![0]).not.toContain('<link');
    const overview = (await t.request({ method: 'GET', url: '/api/workplace/overview', token })).body.data;
    expect(drawn![1]).toBe(`<p data-test-drawn="zh-CN">Atrium Admin (admin) ${overview.putIn} 5</p>`);
    // Its answers, as the API answers them, for the console to adopt; the session named by its token's hash.
    const block = JSON.parse(drawn![2]!);
    expect(Object.keys(block.answers).sort()).toEqual(['GET /api/popular/list?type=text', 'GET /api/user/menu?', 'GET /api/workplace/overview?', 'POST /api/user/info?']);
    expect(block.answers['GET /api/workplace/overview?']).toEqual({ status: 200, body: expect.objectContaining({ data: overview }) });
    expect(block.token).toBe(createHash('sha256').update(token).digest('hex').slice(0, 16));
    expect(block.date).toBe(now.toUTCString());
    // Then the rest of the document, whole; no ticket left behind.
    expect(html.indexOf(drawn![0])).toBeLessThan(html.indexOf(DRAWN_MARK));
    expect(html.endsWith(`${DRAWN_MARK}<script>${PLACE}</script>\n  </body></html>`)).toBe(true);
    expect(t.app.viewTickets.size).toBe(0);
    // `/` is the landing page; compressed as asked, the same document.
    expect(drawnOf((await load('/', cookie)).body)![1]).toContain('(admin)');
    const br = await load('/workplace', cookie, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(drawnOf(brotliDecompressSync(br.rawPayload).toString('utf8'))![1]).toContain('(admin)');
    // In the language of the locale cookie.
    const english = await load('/workplace', `atrium_locale=en-US; ${cookie}`);
    expect(english.body).toMatch(/<html lang="en-US" data-drawn="en-US"/);
    expect(drawnOf(english.body)![1]).toContain('data-test-drawn="en-US"');
    // A page drawn only as the console goes to it (decision 051) is not drawn into its document.
    const table = await load('/list/search-table', cookie);
    expect([table.body.includes('data-signed-in'), drawnOf(table.body), table.headers['cache-control']]).toEqual([true, null, 'private, no-cache']);
  });

  it("never carries another account's page: each cookie its own, nothing kept between them", async () => {
    const admin = await signIn('admin');
    const user = await signIn('user');
    for (let i = 0; i < 2; i++) {
      expect(drawnOf((await load('/workplace', admin.cookie)).body)![1]).toContain('(admin)');
      const theirs = await load('/workplace', user.cookie);
      expect(drawnOf(theirs.body)![1]).toContain('(user)');
      expect(theirs.body).not.toContain('(admin)');
    }
    // Without a cookie: the document for every visitor, nothing drawn.
    const plain = await load('/workplace');
    expect([plain.body.includes('data-test-view="every"'), drawnOf(plain.body)]).toEqual([true, null]);
  });

  it('draws nothing for a dead session, a role without the page, a forced step, a failing read or a failing renderer: the skeleton alone', async () => {
    const skeletonOnly = async (cookie: string) => {
      const res = await load('/workplace', cookie);
      expect(res.statusCode).toBe(200);
      expect(drawnOf(res.body)).toBeNull();
      expect(res.body).not.toContain('atrium-drawn-answers');
      return res;
    };
    // Revoked: signed out; and idle past its limit. The cookie is removed, the document is every visitor's.
    const out = await signIn('user');
    await t.request({ method: 'POST', url: '/api/user/logout', token: out.token });
    expect((await skeletonOnly(out.cookie)).body).toContain('data-test-view="every"');
    const idle = await signIn('user');
    now = new Date(now.getTime() + 3601_000);
    expect((await skeletonOnly(idle.cookie)).headers['set-cookie']).toMatch(/Max-Age=0/);

    // A role that no longer holds the page's permission: the signed-in skeleton, and no refusal audited.
    const changed = await signIn('user');
    expect(drawnOf((await load('/workplace', changed.cookie)).body)).not.toBeNull();
    const before = await denials();
    await t.db.execute(sql`update roles set permissions = array_remove(permissions, 'workplace:view'), updated_at = now() where code = 'user'`);
    try {
      expect((await skeletonOnly(changed.cookie)).body).toContain('data-signed-in');
      expect(await denials()).toBe(before);
    } finally {
      await t.db.execute(sql`update roles set permissions = array_append(permissions, 'workplace:view'), updated_at = now() where code = 'user'`);
    }
    expect(drawnOf((await load('/workplace', changed.cookie)).body)).not.toBeNull();

    // An account that must change its password first: the console shows only that.
    const forced = await signIn('user');
    await t.db.execute(sql`update users set must_change_password = true where username = 'user'`);
    try {
      await skeletonOnly(forced.cookie);
    } finally {
      await t.db.execute(sql`update users set must_change_password = false where username = 'user'`);
    }

    // The database failing one of the page's reads once the cookie's session was found live (the overview's
    // table gone for the moment): the signed-in skeleton, the whole document, no ticket left behind.
    const faulted = await signIn('admin');
    await t.db.execute(sql`alter table content_daily rename to content_daily_away`);
    try {
      const res = await skeletonOnly(faulted.cookie);
      expect(res.body).toContain('data-signed-in');
      expect(res.body.endsWith('</html>')).toBe(true);
    } finally {
      await t.db.execute(sql`alter table content_daily_away rename to content_daily`);
    }
    expect(drawnOf((await load('/workplace', faulted.cookie)).body)).not.toBeNull();

    // The renderer failing: logged, and the document goes out whole without the page.
    const admin = await signIn('admin');
    (globalThis as { drawnRendererThrows?: boolean }).drawnRendererThrows = true;
    try {
      const res = await skeletonOnly(admin.cookie);
      expect(res.body.endsWith('</html>')).toBe(true);
    } finally {
      delete (globalThis as { drawnRendererThrows?: boolean }).drawnRendererThrows;
    }
    expect(t.app.viewTickets.size).toBe(0);
  });

  it("opens no API call from outside: a made-up ticket is no credential, and a live one opens only its page's reads", async () => {
    const made = await t.request({ method: 'GET', url: '/api/workplace/overview', sign: false, headers: { [VIEW_TICKET_HEADER]: 'x'.repeat(43) } });
    expect(made.status).toBe(400);
    const { cookie } = await signIn('admin');
    const session = await t.app.inject({ method: 'GET', url: '/workplace', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    const [sessionId, userId] = cookie.split('=')[1]!.split('.').map(Number);
    const [found] = rowsOf<{ token_hash: string }>(await t.db.execute(sql`select token_hash from sessions where id = ${sessionId}`));
    const { documentSessionOf } = await import('../sessions/document-cookie.ts');
    const viewer = await documentSessionOf(t.db, t.config, cookie.split('=')[1]!, now);
    expect(viewer).toMatchObject({ sessionId, userId, tokenHash: found!.token_hash });
    const ticket = t.app.viewTickets.issue(viewer!, ['GET /api/workplace/overview']);
    try {
      const opened = await t.app.inject({ method: 'GET', url: '/api/workplace/overview', headers: { [VIEW_TICKET_HEADER]: ticket } });
      expect(opened.statusCode).toBe(200);
      // Another call, or the same with another query: the ticket is no credential for it.
      const other = await t.app.inject({ method: 'GET', url: '/api/system/users', headers: { [VIEW_TICKET_HEADER]: ticket } });
      const query = await t.app.inject({ method: 'GET', url: '/api/workplace/overview?x=1', headers: { [VIEW_TICKET_HEADER]: ticket } });
      expect([other.statusCode, query.statusCode]).toEqual([400, 400]);
    } finally {
      t.app.viewTickets.revoke(ticket);
    }
    const revoked = await t.app.inject({ method: 'GET', url: '/api/workplace/overview', headers: { [VIEW_TICKET_HEADER]: ticket } });
    expect(revoked.statusCode).toBe(400);
  });

  it("sends the skeleton alone past a session's drawings of a minute (decision 052); another session's and the next minute's are drawn", async () => {
    const busy = await signIn('user');
    const { perSessionPerMinute } = t.config.drawing;
    for (let i = 0; i < perSessionPerMinute; i++) expect(drawnOf((await load('/workplace', busy.cookie)).body), `document ${i + 1}`).not.toBeNull();
    const shed = await load('/workplace', busy.cookie);
    expect([shed.statusCode, shed.body.includes('data-signed-in'), drawnOf(shed.body)]).toEqual([200, true, null]);
    const other = await signIn('user');
    expect(drawnOf((await load('/workplace', other.cookie)).body)).not.toBeNull();
    now = new Date(now.getTime() + 60_000);
    expect(drawnOf((await load('/workplace', busy.cookie)).body)).not.toBeNull();
  });

  it('sends the skeleton at once and the drawn page once its reads have answered', async () => {
    const { cookie } = await signIn('admin');
    // The reads held until the first part has arrived.
    const inject = t.app.inject.bind(t.app);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    (t.app as { inject: unknown }).inject = async (...args: Parameters<typeof inject>) => {
      await held;
      return inject(...args);
    };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = t.app.server.address() as AddressInfo;
      const chunks: string[] = [];
      const done = new Promise<void>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: '/workplace', headers: { cookie } }, (res) => {
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            chunks.push(chunk);
            if (chunks.length === 1) release();
          });
          res.on('end', resolve);
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      });
      await done;
      expect(chunks[0]).toContain('<div id="prerender">');
      expect(chunks[0]).not.toContain('pre-drawn');
      expect(drawnOf(chunks.join(''))![1]).toContain('(admin)');
    } finally {
      (t.app as { inject: unknown }).inject = inject;
      release();
    }
  });
});
