import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { signedCall } from '../../lib/api';
import { accounts, baseUrl, launchBrowser, newPage } from '../../lib/browser';

/**
 * A role of the demo's pages that requires two-step verification (the enrolment itself, with a role of the
 * core's pages: specs/two-step.test.ts): the server refuses the workplace's calls to an account that has
 * not turned it on; once it is on, the account's menu holds the demo pages its role opens and no others.
 */
const suffix = Date.now().toString(36).slice(-5);
const password = 'TwoStep2026';
const PERIOD = 30;
const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: PERIOD, algorithm: 'SHA1' });

const adminFingerprint = `e2e-two-step-demo-admin-${suffix}`;
let adminToken: string | null = null;
async function asAdmin<T = any>(method: string, path: string, body?: unknown) {
  if (!adminToken) {
    const login = await signedCall<{ token: string }>('POST', '/api/user/login', { fingerprint: adminFingerprint, body: { username: accounts.admin.username, password: accounts.admin.password } });
    expect(login.status).toBe(200);
    adminToken = login.body.data.token;
  }
  return signedCall<T>(method, path, { token: adminToken, fingerprint: adminFingerprint, body });
}

describe('two-step verification required by a role of the demo', () => {
  it('refuses the workplace until it is on, then shows the role its demo pages', { timeout: 120_000 }, async () => {
    const roleCode = `e2e-two-step-demo-${suffix}`;
    const role = await asAdmin<{ id: number; requireMfa: boolean }>('POST', '/api/system/roles', { code: roleCode, name: `E2E 两步演示 ${suffix}`, permissions: ['workplace:view', 'collection:read'], requireMfa: true });
    expect([role.status, role.body.data?.requireMfa]).toEqual([200, true]);
    const username = `e2e.two-step.demo.${suffix}`;
    const created = await asAdmin<{ user: { id: number } }>('POST', '/api/system/users', { username, name: `E2E ${username}`, roles: [roleCode], password });
    expect(created.status).toBe(200);
    const browser = await launchBrowser({ width: 1440, height: 900 });
    try {
      // the server is the authority: the unenrolled account's session reaches only the enrolment's calls
      const fingerprint = `e2e-two-step-demo-${suffix}`;
      const login = await signedCall<{ token: string }>('POST', '/api/user/login', { fingerprint, body: { username, password } });
      expect(login.status).toBe(200);
      const token = login.body.data.token;
      const overview = await signedCall<{ error: string }>('GET', '/api/workplace/overview', { token, fingerprint });
      expect([overview.status, overview.body.data?.error]).toEqual([403, 'MFA_ENROLMENT_REQUIRED']);

      // turned on through the API, then a sign-in in the console with the second step
      const setup = await signedCall<{ secret: string }>('POST', '/api/user/two-step/setup', { token, fingerprint });
      expect(setup.status).toBe(200);
      const secret = setup.body.data.secret;
      const usedStep = Math.floor(Date.now() / 1000 / PERIOD);
      const enabled = await signedCall('POST', '/api/user/two-step/enable', { token, fingerprint, body: { code: totp(secret).generate({ timestamp: usedStep * PERIOD * 1000 }) } });
      expect(enabled.status).toBe(200);
      const page = await newPage(browser.context);
      await page.goto(`${baseUrl}/login`);
      await page.locator('input[name=username]').fill(username);
      await page.locator('input[name=password]').fill(password);
      await page.locator('[data-testid=login-submit]').click();
      const step = page.locator('[data-testid=login-two-step-step]');
      await step.waitFor({ state: 'visible' });
      // a step after the one the enrolment used (the server takes each step once per account)
      const next = Math.max(Math.floor(Date.now() / 1000 / PERIOD), usedStep + 1);
      await step.locator('input[name=code]').fill(totp(secret).generate({ timestamp: next * PERIOD * 1000 }));
      await page.locator('[data-testid=login-two-step-submit]').click();
      await page.waitForURL('**/workplace', { timeout: 15_000 });
      const sideMenu = page.locator('[data-testid=side-menu] .arco-menu').first();
      await expect.poll(() => sideMenu.textContent()).toContain('工作台');
      const menuText = (await sideMenu.textContent()) ?? '';
      expect(menuText).toContain('列表页');
      for (const hidden of ['系统管理', '表单页']) expect([hidden, menuText.includes(hidden)]).toEqual([hidden, false]);
      expect(page.errors).toEqual([]);
    } finally {
      await browser.close();
      // The role goes again: its account moves to the user role first (a role an account holds cannot be deleted).
      if (created.status === 200) await asAdmin('PUT', `/api/system/users/${created.body.data.user.id}`, { roles: ['user'] });
      if (role.status === 200) expect((await asAdmin('DELETE', `/api/system/roles/${role.body.data.id}`)).status).toBe(200);
    }
  });
});
