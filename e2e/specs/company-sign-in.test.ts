import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { builtInRoles } from '@atrium/contracts/permissions';
import { startIdp, type Idp } from '../../scripts/idp/idp.mjs';
import { signedCall } from '../lib/api';
import { accounts, launchBrowser, newPage, type Browser, type LaunchOptions } from '../lib/browser';
import { freePort, startServer, type RunningServer } from '../lib/global-setup';
import { expectNoSeriousViolations, shot } from '../lib/page-helpers';
import { landing } from '../lib/texts';

/**
 * Company sign-in (OpenID Connect, docs/company-sign-in.md, identity.md §1) as people live it, against the
 * development provider of `npm run idp` started in this process. The suite's shared server has no company
 * sign-in, so the file starts its own: the main one (most scenarios), a second replica of it on the same
 * database, one whose provider is down at start, and one with PASSWORD_SIGNIN=admins. Each Atrium's
 * PUBLIC_URL is its own address (the replicas': the main one's), so its port is chosen before it starts;
 * the main one is awaited, the others start while the first scenarios run.
 *
 * Every server keeps its tables in a fresh schema of the PostgreSQL database of TEST_DATABASE_URL (the
 * replicas need one database anyway, and a server starts in two seconds there against twelve on the
 * embedded one), dropped at the end.
 */

/* ---------- the servers ---------- */

const databaseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const run = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const schemas: string[] = [];
// `npm run idp`'s map, and a group of a custom role the suite creates (`reviewer`, in both products).
const ROLE_MAP = 'atrium-admins=admin,atrium-users=user,atrium-reviewers=reviewer';

interface Site {
  /** Atrium's address (its PUBLIC_URL, except replica A's). */
  url: string;
}

/** The provider's log lines (bad client, PKCE mismatch…), shown when a scenario fails. */
const providerLog: string[] = [];
const log = (line: string) => void providerLog.push(line);

/** Distinct free ports (two `freePort` calls could otherwise hand out the same one). */
async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

const address = (port: number) => `http://127.0.0.1:${port}`;

/** Every Atrium started or starting, and every provider: stopped at the end, whatever became of the others. */
const servers: Array<Promise<RunningServer>> = [];
const running: RunningServer[] = [];
const providers: Idp[] = [];

/** An Atrium with company sign-in on `port`, its tables in `schema` (its own, or one it shares). */
function startAtrium(port: number, publicUrl: string, provider: { issuer: string; clientSecret: string }, schema: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const server = startServer({
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'atrium',
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_ROLE_MAP: ROLE_MAP,
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: schema,
    ...env,
  });
  servers.push(server);
  void server.then((started) => running.push(started), () => undefined);
  return server;
}

/** A server that starts while the first scenarios run; the scenario that needs it waits for it. */
function inBackground<T>(promise: Promise<T>): Promise<T> {
  // Handled here too, so a failed start fails its scenario rather than the run.
  promise.catch(() => undefined);
  return promise;
}

async function startProvider(publicUrl: string, options: { port: number; clientSecret?: string }): Promise<Idp> {
  const provider = await startIdp({ port: options.port, publicUrl, clientSecret: options.clientSecret, log });
  providers.push(provider);
  return provider;
}

function newSchema(name: string): string {
  const schema = `e2e_company_sign_in_${run}_${name}`;
  schemas.push(schema);
  return schema;
}

/** The Atrium of most scenarios, and replica B of scenario 8; its provider. */
let main: Site;
let idp: Idp;
/** Replica A: the same database and keys as `main`, whose address it names as its PUBLIC_URL. */
let replicaA: Promise<Site>;
/** An Atrium whose provider is not there when it starts: the port the provider will listen on, and its secret. */
let down: Promise<Site & { issuerPort: number; clientSecret: string }>;
/** PASSWORD_SIGNIN=admins. */
let adminsOnly: Promise<Site>;

beforeAll(async () => {
  // Every listener of the file on a port chosen here, none on a port the system hands out later (which
  // could be one chosen here and not yet taken).
  const [mainPort, aPort, downPort, downIssuerPort, adminsPort, idpPort, adminsIdpPort] = (await freePorts(7)) as [number, number, number, number, number, number, number];
  const [mainIdp, adminsIdp] = await Promise.all([startProvider(address(mainPort), { port: idpPort }), startProvider(address(adminsPort), { port: adminsIdpPort })]);
  idp = mainIdp;
  // Replicas share the database and schema, the signing keys and the secret key (as every replica must).
  const shared = { SIGNING_KEYS: `e2e-company-sign-in:${randomBytes(24).toString('base64url')}`, SECRET_KEY: randomBytes(32).toString('base64') };
  const mainSchema = newSchema('main');
  await startAtrium(mainPort, address(mainPort), idp, mainSchema, shared);
  main = { url: address(mainPort) };

  // Started once the first has made the tables of their shared schema.
  replicaA = inBackground(startAtrium(aPort, address(mainPort), idp, mainSchema, shared).then(() => ({ url: address(aPort) })));
  const downSecret = randomBytes(24).toString('base64url');
  down = inBackground(
    startAtrium(downPort, address(downPort), { issuer: address(downIssuerPort), clientSecret: downSecret }, newSchema('down')).then(() => ({
      url: address(downPort),
      issuerPort: downIssuerPort,
      clientSecret: downSecret,
    })),
  );
  adminsOnly = inBackground(startAtrium(adminsPort, address(adminsPort), adminsIdp, newSchema('admins'), { PASSWORD_SIGNIN: 'admins' }).then(() => ({ url: address(adminsPort) })));
}, 90_000);

afterAll(async () => {
  const started = await Promise.allSettled(servers.splice(0));
  await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
  await Promise.all(providers.splice(0).map((p) => p.close().catch(() => undefined)));
  if (schemas.length > 0) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await client.end();
    }
  }
}, 60_000);

/* ---------- browsers ---------- */

const browsers: Browser[] = [];
beforeEach((context) => {
  providerLog.length = 0;
  // A failure says what the provider refused and what the servers printed (all of it for one that stopped).
  context.onTestFailed(() => {
    if (providerLog.length > 0) console.log(`provider log:\n${providerLog.join('\n')}`);
    for (const server of running) {
      const output = server.output();
      console.log(`${server.baseUrl}:\n${output.slice(output.includes('\n(exited:') ? -6000 : -1000)}`);
    }
  });
});
afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.close()));
});

type TestPage = Page & { errors: string[] };

async function browserPage(options: LaunchOptions = {}): Promise<TestPage> {
  const browser = await launchBrowser({ width: 1440, height: 900, ...options });
  browsers.push(browser);
  return newPage(browser.context);
}

/* ---------- the console and the provider ---------- */

const zh = {
  button: '企业账号登录',
  SSO_FAILED: '企业账号登录失败，请重试',
  SSO_DENIED: '企业账号登录已取消或被拒绝',
  SSO_NO_ROLE: '你的企业账号没有可用的角色，请联系管理员',
  SSO_UNAVAILABLE: '企业账号登录暂不可用，请稍后再试',
  ACCOUNT_DISABLED: '账号已停用',
};

/** The sign-in page of `site`, and its company button once the client configuration has said it is on. */
async function companyButton(page: Page, site: Site, label = zh.button) {
  await page.goto(`${site.url}/login`);
  const button = page.getByRole('button', { name: label, exact: true });
  await button.waitFor({ state: 'visible' });
  return button;
}

/** Presses the company button and waits for the provider's sign-in form. */
async function toProvider(page: Page, site: Site, provider: Pick<Idp, 'issuer'>, label = zh.button): Promise<void> {
  await (await companyButton(page, site, label)).click();
  await page.waitForURL((u) => u.href.startsWith(`${provider.issuer}/interaction/`));
  await page.getByRole('heading', { name: 'Sign in' }).waitFor({ state: 'visible' });
}

/** Fills the provider's form as `username` (password idp123) and sends it. */
async function signInAtProvider(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('idp123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The company sign-in from the button to the provider's answer. */
async function companySignIn(page: Page, site: Site, provider: Pick<Idp, 'issuer'>, username: string, label = zh.button): Promise<void> {
  await toProvider(page, site, provider, label);
  await signInAtProvider(page, username);
}

/** Where Atrium's callback sent the browser (`/login#sso=…` or `/login#sso_error=…`), each time it answered. */
function watchCallback(page: Page): string[] {
  const locations: string[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/auth/oidc/callback') locations.push(res.headers()['location'] ?? `(${res.status()})`);
  });
  return locations;
}

const ticketIn = (location: string | undefined) => /^\/login#sso=([A-Za-z0-9_-]{20,})$/.exec(location ?? '')?.[1];

/** Signed in on `site`: the landing page, the role in the navbar, a token, and no ticket left in the address. */
async function expectSignedIn(page: Page, site: Site, roleName: string): Promise<void> {
  await page.waitForURL(`${site.url}${landing.path}`, { timeout: 15_000 });
  await page.locator('[data-testid=navbar]').waitFor({ state: 'visible' });
  await expect.poll(() => page.locator('[data-testid=active-role]').textContent()).toBe(roleName);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/.{20,}/);
  expect(page.url()).toBe(`${site.url}${landing.path}`);
  expect(await page.evaluate(() => window.location.hash)).toBe('');
}

const sideMenu = (page: Page) => page.locator('[data-testid=side-menu]');

/** Back on the sign-in page of `site` with the company sign-in's error, the address without its fragment, no session. */
async function expectCompanySignInError(page: TestPage, site: Site, text: string): Promise<void> {
  const alert = page.locator('[data-testid=login-company-sign-in-error]');
  await alert.waitFor({ state: 'visible', timeout: 15_000 });
  expect(await alert.getAttribute('role')).toBe('alert');
  expect((await alert.textContent())?.trim()).toBe(text);
  expect(page.url()).toBe(`${site.url}/login`);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await page.locator('[data-testid=navbar]').count()).toBe(0);
  // The way in is still there (once the client configuration has said so).
  await page.locator('[data-testid=login-company-sign-in]').waitFor({ state: 'visible' });
}


/** The password form of `site`'s sign-in page (already open), as a person fills it. */
async function passwordSignIn(page: Page, username: string, password: string): Promise<void> {
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.locator('[data-testid=login-submit]').click();
}

/* ---------- the main Atrium's administrator, through the API ---------- */

const adminFingerprint = `e2e-company-sign-in-admin-${run}`;
let adminToken: string | null = null;

async function asAdmin<T = unknown>(method: string, path: string, body?: unknown) {
  if (!adminToken) {
    const login = await signedCall<{ token: string }>('POST', '/api/user/login', { base: main.url, fingerprint: adminFingerprint, body: { username: accounts.admin.username, password: accounts.admin.password } });
    expect(login.status).toBe(200);
    adminToken = login.body.data.token;
  }
  return signedCall<T>(method, path, { base: main.url, token: adminToken, fingerprint: adminFingerprint, body });
}

async function accountId(username: string): Promise<number> {
  const res = await asAdmin<{ list: { id: number; username: string; source: string }[] }>('GET', `/api/system/users?keyword=${encodeURIComponent(username)}`);
  expect(res.status).toBe(200);
  const account = res.body.data.list.find((a) => a.username === username);
  expect(account, `account ${username}`).toBeDefined();
  return account!.id;
}

const hasBindingCookie = async (context: BrowserContext) => (await context.cookies()).some((c) => c.name === 'atrium_oidc');

/* ---------- the scenarios ---------- */

describe('company sign-in', () => {
  it('signs alice in with her company account as an administrator; 用户管理 shows her as a company account', async () => {
    const page = await browserPage();
    const callbacks = watchCallback(page);
    const button = await companyButton(page, main);
    // Under the forms, after 或.
    expect(await page.locator('#login-form').isVisible()).toBe(true);
    const formBox = (await page.locator('[data-testid=login-submit]').boundingBox())!;
    expect((await button.boundingBox())!.y).toBeGreaterThan(formBox.y);
    await shot(page, 'company-sign-in-page-zh-CN');
    await expectNoSeriousViolations(page);

    await button.click();
    await page.waitForURL((u) => u.href.startsWith(`${idp.issuer}/interaction/`));
    await signInAtProvider(page, 'alice');
    await expectSignedIn(page, main, '管理员');
    // The ticket came in the fragment, and left the address bar.
    expect(callbacks).toHaveLength(1);
    expect(ticketIn(callbacks[0])).toBeDefined();
    expect(page.url()).not.toContain('sso=');
    await expect.poll(() => sideMenu(page).textContent()).toContain('系统管理');
    expect(await page.title()).toBe(`${landing.title()} - Atrium`);
    // her name from the provider greets her on the landing page
    await page.locator(`[data-tab-pane="${landing.path}"]`).getByText('Alice Admin').first().waitFor({ state: 'visible' });

    // 系统管理 → 用户管理: alice, made by the sign-in, is a company account
    await sideMenu(page).getByText('系统管理', { exact: true }).click();
    await sideMenu(page).getByText('用户管理', { exact: true }).click();
    await page.waitForURL(`${main.url}/system/user`);
    const row = page.locator('[data-tab-pane="/system/user"] .arco-table-tr', { hasText: 'Alice Admin' });
    await row.waitFor({ state: 'visible' });
    expect(await row.locator('td').first().textContent()).toBe('alice');
    expect(await row.locator('[data-testid=user-source-tag]').textContent()).toBe('企业账号');
    expect(await row.textContent()).toContain('管理员');
    expect(page.url()).not.toContain('sso=');
    await shot(page, 'company-sign-in-system-user-zh-CN');
    await expectNoSeriousViolations(page);
    expect(page.errors).toEqual([]);
  });

  it('gives alice the roles of her groups at each sign-in: moved to atrium-reviewers, she lands as a reviewer', async () => {
    const role = await asAdmin('POST', '/api/system/roles', { code: 'reviewer', name: '审阅员', permissions: [...builtInRoles.user.permissions, 'audit:read'] });
    expect(role.status).toBe(200);
    idp.setGroups('alice', ['atrium-reviewers']);
    try {
      const page = await browserPage();
      await companySignIn(page, main, idp, 'alice');
      await expectSignedIn(page, main, '审阅员');
      // 系统管理 holds only the audit log for a reviewer: no 用户管理
      await sideMenu(page).getByText('系统管理', { exact: true }).click();
      await sideMenu(page).getByText('审计日志', { exact: true }).waitFor({ state: 'visible' });
      expect(await sideMenu(page).getByText('用户管理', { exact: true }).count()).toBe(0);
      await shot(page, 'company-sign-in-reviewer-zh-CN');
      expect(page.errors).toEqual([]);
    } finally {
      idp.setGroups('alice', ['atrium-admins']);
    }
  });

  it('refuses carol, who has no mapped group, with SSO_NO_ROLE, in Chinese and in English (390 px, dark)', async () => {
    const page = await browserPage();
    await companySignIn(page, main, idp, 'carol');
    await expectCompanySignInError(page, main, zh.SSO_NO_ROLE);
    await expectNoSeriousViolations(page);

    const phone = await browserPage({ width: 390, height: 844, locale: 'en-US', theme: 'dark' });
    await companySignIn(phone, main, idp, 'carol', 'Sign in with your company account');
    await expectCompanySignInError(phone, main, 'Your company account has no role here. Ask an administrator.');
    expect(await phone.evaluate(() => [document.documentElement.lang, document.body.getAttribute('arco-theme')])).toEqual(['en-US', 'dark']);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const alertBox = (await phone.locator('[data-testid=login-company-sign-in-error]').boundingBox())!;
    expect(alertBox.x).toBeGreaterThanOrEqual(0);
    expect(alertBox.x + alertBox.width).toBeLessThanOrEqual(390);
    await shot(phone, 'company-sign-in-no-role-en-US-dark-390');
    await expectNoSeriousViolations(phone);
    expect([...page.errors, ...phone.errors]).toEqual([]);
  });

  it('refuses a disabled account whatever the provider says, and lets it in again once enabled', async () => {
    // alice's account, made by her first sign-in above, disabled by an administrator
    const id = await accountId('alice');
    const disabled = await asAdmin<{ status: string }>('POST', `/api/system/users/${id}/disable`);
    expect([disabled.status, disabled.body.data.status]).toEqual([200, 'disabled']);
    try {
      const page = await browserPage();
      await companySignIn(page, main, idp, 'alice');
      await expectCompanySignInError(page, main, zh.ACCOUNT_DISABLED);
      await shot(page, 'company-sign-in-disabled-zh-CN');

      const enabled = await asAdmin<{ status: string }>('POST', `/api/system/users/${id}/enable`);
      expect([enabled.status, enabled.body.data.status]).toEqual([200, 'active']);
      // The provider remembers her: the button brings her straight back, signed in this time.
      await page.getByRole('button', { name: zh.button }).click();
      await expectSignedIn(page, main, '管理员');
      expect(page.errors).toEqual([]);
    } finally {
      await asAdmin('POST', `/api/system/users/${id}/enable`);
    }
  });

  it('says SSO_DENIED when the person cancels at the provider', async () => {
    const page = await browserPage();
    await toProvider(page, main, idp);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expectCompanySignInError(page, main, zh.SSO_DENIED);
    expect(page.errors).toEqual([]);
  });

  describe('refuses with SSO_FAILED', () => {
    it('a tampered state', async () => {
      const page = await browserPage();
      // The start's answer sends the browser to the provider with another state than the one Atrium stored.
      let tampered = 0;
      await page.route((u) => u.pathname === '/api/auth/company-sign-in/start', async (route) => {
        const res = await route.fetch({ maxRedirects: 0 });
        const location = new URL(res.headers()['location']!);
        location.searchParams.set('state', `x${location.searchParams.get('state')}`);
        tampered++;
        await route.fulfill({ response: res, headers: { ...res.headers(), location: location.href } });
      });
      await toProvider(page, main, idp);
      expect(tampered).toBe(1);
      // the browser holds its binding cookie: the state alone is wrong
      expect(await hasBindingCookie(page.context())).toBe(true);
      await signInAtProvider(page, 'bob');
      await expectCompanySignInError(page, main, zh.SSO_FAILED);
    });

    it('a callback without the binding cookie', async () => {
      const page = await browserPage();
      await toProvider(page, main, idp);
      expect(await hasBindingCookie(page.context())).toBe(true);
      await page.context().clearCookies({ name: 'atrium_oidc' });
      expect(await hasBindingCookie(page.context())).toBe(false);
      await signInAtProvider(page, 'bob');
      await expectCompanySignInError(page, main, zh.SSO_FAILED);
    });

    it('a ticket redeemed once, opened again in the same browser', async () => {
      const page = await browserPage();
      const callbacks = watchCallback(page);
      await companySignIn(page, main, idp, 'bob');
      await expectSignedIn(page, main, '普通用户');
      const ticket = ticketIn(callbacks[0]);
      expect(ticket).toBeDefined();
      // signed out, the same browser opens the ticket's address again (a new tab: a new document)
      await page.locator('[data-testid=avatar]').click();
      await page.locator('[data-testid=logout]').click();
      await page.waitForURL(`${main.url}/login`);
      const tab = (await page.context().newPage()) as TestPage;
      tab.errors = [];
      tab.on('pageerror', (error) => tab.errors.push(error.message));
      await tab.goto(`${main.url}/login#sso=${ticket}`);
      await expectCompanySignInError(tab, main, zh.SSO_FAILED);
      expect([...page.errors, ...tab.errors]).toEqual([]);
    });

    it('a ticket taken to another browser', async () => {
      const page = await browserPage();
      const callbacks = watchCallback(page);
      // The rightful browser never redeems it here (its call is stopped before it leaves).
      let stopped = 0;
      await page.route((u) => u.pathname === '/api/auth/company-sign-in/redeem', async (route) => {
        stopped++;
        await route.abort();
      });
      await companySignIn(page, main, idp, 'bob');
      await expect.poll(() => stopped).toBe(1);
      const ticket = ticketIn(callbacks[0]);
      expect(ticket).toBeDefined();

      const other = await browserPage();
      await other.goto(`${main.url}/login#sso=${ticket}`);
      await expectCompanySignInError(other, main, zh.SSO_FAILED);
      expect(other.errors).toEqual([]);
    });

    const tampered: Array<[string, Parameters<Idp['tamperIdToken']>[0]]> = [
      ['an ID token for another audience', ({ header, payload }) => ({ header, payload: { ...payload, aud: 'someone-else' }, sign: 'key' })],
      ['an ID token with another nonce', ({ header, payload }) => ({ header, payload: { ...payload, nonce: 'not-the-one' }, sign: 'key' })],
      ['an unsigned ID token (alg none)', ({ header, payload }) => ({ header, payload, sign: 'none' })],
    ];
    for (const [what, fn] of tampered) {
      it(what, async () => {
        let rewritten = 0;
        idp.tamperIdToken((token) => {
          rewritten++;
          return fn!(token);
        });
        try {
          const page = await browserPage();
          await companySignIn(page, main, idp, 'bob');
          await expectCompanySignInError(page, main, zh.SSO_FAILED);
          expect(rewritten).toBe(1);
          expect(page.errors).toEqual([]);
        } finally {
          idp.tamperIdToken(undefined);
        }
      });
    }
  });

  it('says SSO_UNAVAILABLE while the provider is down, password sign-in goes on, and the button works once it is up', async () => {
    const site = await down;
    const page = await browserPage();
    const callbacks = watchCallback(page);
    await (await companyButton(page, site)).click();
    await expectCompanySignInError(page, site, zh.SSO_UNAVAILABLE);
    expect(callbacks).toEqual([]);
    await shot(page, 'company-sign-in-unavailable-zh-CN');
    await passwordSignIn(page, accounts.admin.username, accounts.admin.password);
    await expectSignedIn(page, site, '管理员');

    // the provider comes up where Atrium looks for it: the same button now reaches it
    const provider = await startProvider(site.url, { port: site.issuerPort, clientSecret: site.clientSecret });
    expect(provider.issuer).toBe(address(site.issuerPort));
    const later = await browserPage();
    await companySignIn(later, site, provider, 'alice');
    await expectSignedIn(later, site, '管理员');
    expect([...page.errors, ...later.errors]).toEqual([]);
  });

  it('takes the callback on the other of two replicas of one database', async () => {
    // replica B is the main Atrium: the PUBLIC_URL of both
    const replicaB = main;
    const a = await replicaA;
    const page = await browserPage();
    const starts: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/auth/company-sign-in/start') starts.push(new URL(r.url()).origin);
    });
    const callbacks: string[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/auth/oidc/callback') callbacks.push(`${new URL(r.url()).origin} ${r.headers()['location'] ?? r.status()}`);
    });
    // The person opens replica A; the provider sends the browser back to PUBLIC_URL, which is B.
    await (await companyButton(page, a)).click();
    await page.waitForURL((u) => u.pathname.startsWith('/interaction/'));
    await signInAtProvider(page, 'alice');
    await expectSignedIn(page, replicaB, '管理员');
    expect(starts).toEqual([a.url]);
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0]).toMatch(new RegExp(`^${replicaB.url} /login#sso=`));
    expect(page.errors).toEqual([]);
  });

  it('with PASSWORD_SIGNIN=admins, shows the company button first and the forms behind 管理员登录, for administrators only', async () => {
    const site = await adminsOnly;
    const page = await browserPage({ theme: 'light' });
    const button = await companyButton(page, site);
    const link = page.getByRole('button', { name: '管理员登录', exact: true });
    await link.waitFor({ state: 'visible' });
    expect(await page.locator('#login-form').isVisible()).toBe(false);
    expect(await page.locator('input[name=password]').isVisible()).toBe(false);
    expect((await button.boundingBox())!.y).toBeLessThan((await link.boundingBox())!.y);
    expect(await page.evaluate(() => document.body.getAttribute('arco-theme'))).not.toBe('dark');
    await shot(page, 'company-sign-in-admins-zh-CN-1440');
    await expectNoSeriousViolations(page);

    await link.click();
    await page.locator('input[name=username]').waitFor({ state: 'visible' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username');
    // the company button stays the first, main way in
    expect((await button.boundingBox())!.y).toBeLessThan((await page.locator('input[name=username]').boundingBox())!.y);
    await passwordSignIn(page, accounts.user.username, accounts.user.password);
    await page.getByRole('alert').filter({ hasText: '密码登录仅限管理员，请使用企业账号登录' }).waitFor({ state: 'visible' });
    expect(page.url()).toBe(`${site.url}/login`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await shot(page, 'company-sign-in-admins-refused-zh-CN-1440');

    await passwordSignIn(page, accounts.admin.username, accounts.admin.password);
    await expectSignedIn(page, site, '管理员');
    expect(page.errors).toEqual([]);
  });
});
