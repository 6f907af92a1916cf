import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { drawingBuild } from '../test/drawing-build.ts';
import { inParallel, scopedWorld } from '../test/scope-kit.ts';
import { errorOf, session, systemApp, type Client } from '../test/system-kit.ts';

// The page the console goes to, drawn by the server with its data as the caller's session (decision 051),
// against a build whose renderer is a stand-in (test/drawing-build.ts; it draws the search table as its rows'
// names): read as the caller, within the caller's reach, never for another, and nothing when it cannot be.

const LIST = 'GET /api/list/policy?current=1&pageSize=10';
const drawnPage = (client: Client, path = '/list/search-table', headers: Record<string, string> = {}) =>
  client.call('GET', `/api/user/drawn-page?path=${encodeURIComponent(path)}`, undefined, { headers });
const names = (html: string) => [...html.matchAll(/<td>(.*?)<\/td>/g)].map((m) => m[1]);

describe('the page drawn as the console goes to it', () => {
  const dist = drawingBuild();
  // Many sign-ins from one address: no image captcha in the way; and room for 20 drawings at once.
  const app = systemApp({ config: { webDist: dist, captcha: 'off', drawing: { perSessionPerMinute: 60, inFlight: 40 } } });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const denials = async () => rowsOf<{ n: number }>(await app.t.db.execute(sql`select count(*)::int as n from audit_log where result = 'denied'`))[0]!.n;

  /** The renderer loads when first asked for: until then nothing is drawn (null), as for a document. */
  const loaded = async () => expect.poll(async () => (await drawnPage(app.admin)).body.data !== null).toBe(true);

  it("draws the search table from the caller's own first page, in the caller's language, with the answers it was drawn from", async () => {
    await loaded();
    const res = await drawnPage(app.admin);
    expect(res.status, res.text).toBe(200);
    const own = await app.admin.call('GET', '/api/list/policy?current=1&pageSize=10');
    const { path, html, answers } = res.body.data;
    expect(path).toBe('/list/search-table');
    expect(html).toContain('data-test-drawn="zh-CN"');
    expect(names(html)).toEqual(own.body.data.list.map((row: { name: string }) => row.name));
    // Keyed as the console keys its calls, the answers as the API gives them: adopted in place of asking again.
    expect(Object.keys(answers).sort()).toEqual([LIST, 'POST /api/user/info?']);
    expect(answers[LIST]).toEqual({ status: 200, body: expect.objectContaining({ code: 0, data: own.body.data }) });
    expect(answers['POST /api/user/info?'].body.data.username).toBe('admin');
    expect(app.t.app.viewTickets.size).toBe(0);
    expect((await drawnPage(app.admin, '/list/search-table', { 'accept-language': 'en-US' })).body.data.html).toContain('data-test-drawn="en-US"');
  });

  it('draws only the pages drawn on navigation, and refuses an address that is not one', async () => {
    await loaded();
    // The workplace is drawn into the document only; no page at the others.
    for (const path of ['/workplace', '/', '/list/card', '/constructor', '/list/search-table/']) expect((await drawnPage(app.admin, path)).body.data, path).toBeNull();
    for (const path of ['list/search-table', '/list/search-table?name=x', '/../x', '//evil.example', 'x'.repeat(300)]) {
      const res = await drawnPage(app.admin, path);
      expect([res.status, errorOf(res)], path).toEqual([400, 'VALIDATION_FAILED']);
    }
    const unsigned = await app.t.request({ method: 'GET', url: '/api/user/drawn-page?path=/list/search-table' });
    expect(unsigned.status).toBe(401);
  });

  it('draws nothing for a role without the page, with no refusal audited, nor for an account held to a password change', async () => {
    await loaded();
    const user = await session(app.t, 'user', 'user123', 'drawn-page-user');
    const before = await denials();
    await app.t.db.execute(sql`update roles set permissions = array_remove(permissions, 'collection:read'), updated_at = now() where code = 'user'`);
    try {
      const res = await drawnPage(user);
      expect([res.status, res.body.data]).toEqual([200, null]);
      expect(await denials()).toBe(before);
    } finally {
      await app.t.db.execute(sql`update roles set permissions = array_append(permissions, 'collection:read'), updated_at = now() where code = 'user'`);
    }
    expect((await drawnPage(user)).body.data).not.toBeNull();
    await app.t.db.execute(sql`update users set must_change_password = true where username = 'user'`);
    try {
      const forced = await drawnPage(user);
      expect([forced.status, errorOf(forced)]).toEqual([403, 'PASSWORD_CHANGE_REQUIRED']);
    } finally {
      await app.t.db.execute(sql`update users set must_change_password = false where username = 'user'`);
    }
    expect(app.t.app.viewTickets.size).toBe(0);
  });

  it('draws nothing, and leaves no ticket, when the database fails one of its reads: the page then asks itself', async () => {
    await loaded();
    // A write first: the list's answer cache holds nothing to answer from, the read goes to the table.
    const made = await app.admin.call('POST', '/api/list/policy', { name: 'Read fails', contentType: 'img', filterType: 'rules', count: 1, status: 'online' });
    expect(made.status, made.text).toBe(200);
    await app.t.db.execute(sql`alter table collections rename to collections_away`);
    try {
      const res = await drawnPage(app.admin);
      expect([res.status, res.body.data]).toEqual([200, null]);
    } finally {
      await app.t.db.execute(sql`alter table collections_away rename to collections`);
    }
    expect(app.t.app.viewTickets.size).toBe(0);
    expect((await drawnPage(app.admin)).body.data).not.toBeNull();
  });

  it('gives 20 accounts of different departments and scopes, asking at once, each the rows of its own reach only', async () => {
    await loaded();
    const world = await scopedWorld(app.t, app.admin, 'drawn', ['collection:read']);
    const homes = Object.values(world.departments);
    for (let i = 0; i < 14; i++) {
      const body = { name: `Drawn ${i}`, contentType: 'img', filterType: 'rules', count: i, status: 'online', department: homes[i % homes.length], owner: world.accounts[i % world.accounts.length]!.id };
      const made = await app.admin.call('POST', '/api/list/policy', body);
      expect(made.status, made.text).toBe(200);
    }
    await inParallel(world.accounts, 1, 2, async (account) => {
      const res = await drawnPage(account.client);
      expect(res.status, res.text).toBe(200);
      const own = await account.client.call('GET', '/api/list/policy?current=1&pageSize=10');
      const rows = res.body.data.answers[LIST].body.data.list as { name: string; department: number; owner: number }[];
      expect(rows).toEqual(own.body.data.list);
      for (const row of rows) expect(world.reaches(account, row.department, row.owner), `${account.username} drawn ${row.name}`).toBe(true);
      expect(names(res.body.data.html)).toEqual(rows.map((row) => row.name));
      expect(res.body.data.answers['POST /api/user/info?'].body.data.username).toBe(account.username);
    });
    expect(app.t.app.viewTickets.size).toBe(0);
  });
});

describe('drawings past their bounds', () => {
  const dist = drawingBuild();
  let now = Date.parse('2026-12-01T09:00:00Z');
  const app = systemApp({ config: { webDist: dist, captcha: 'off', drawing: { perSessionPerMinute: 3, inFlight: 4 } }, clock: () => new Date(now) });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it("are shed, not refused: a session's past its minute's count get null (the console draws its own page), another session's and the next minute's are drawn", async () => {
    // The renderer loads when first asked for; that first drawing counts.
    await expect.poll(async () => (await drawnPage(app.admin)).body.data !== null).toBe(true);
    for (let i = 0; i < 2; i++) expect((await drawnPage(app.admin)).body.data).not.toBeNull();
    const shed = await drawnPage(app.admin);
    expect([shed.status, shed.body.data]).toEqual([200, null]);
    // Only pages drawn are counted: an address with no drawn page answers null without counting.
    const user = await session(app.t, 'user', 'user123', 'drawings-shed');
    expect((await drawnPage(user, '/workplace')).body.data).toBeNull();
    for (let i = 0; i < 3; i++) expect((await drawnPage(user)).body.data, `user's drawing ${i + 1}`).not.toBeNull();
    expect((await drawnPage(user)).body.data).toBeNull();
    // The console's own calls are not limited by it.
    expect((await app.admin.call('GET', '/api/list/policy?current=1&pageSize=10')).status).toBe(200);
    now += 60_000;
    expect((await drawnPage(app.admin)).body.data).not.toBeNull();
    expect(app.t.app.viewTickets.size).toBe(0);
    // what an operator sees (metrics' drawn_pages_total): the pages drawn and those shed for a session's minute
    expect(app.t.app.drawnViews.outcomes()).toEqual({ drawn: 7, shed_session: 2, shed_busy: 0, failed: 0 });
  });

  it('answer null when the renderer fails, and give their room back: more failures than the room, then a page', async () => {
    const fails = globalThis as { drawnRendererThrows?: boolean };
    fails.drawnRendererThrows = true;
    try {
      for (let i = 0; i < 5; i++) {
        now += 60_000;
        const res = await drawnPage(app.admin);
        expect([res.status, res.body.data], `failure ${i + 1}`).toEqual([200, null]);
      }
    } finally {
      delete fails.drawnRendererThrows;
    }
    expect((await drawnPage(app.admin)).body.data).not.toBeNull();
    expect(app.t.app.viewTickets.size).toBe(0);
    expect(app.t.app.drawnViews.outcomes()).toMatchObject({ drawn: 8, failed: 5 });
  });
});
