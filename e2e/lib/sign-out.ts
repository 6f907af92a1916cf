import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, loginAs } from './browser';

/**
 * Signing out and what must follow it (specs/shell-auth.test.ts, the smoke test): the sign-in page with
 * its signed-out status, no dialog ever opened on the way, no call sent after the logout, no token left.
 */
export async function token(p: Page): Promise<string | null> {
  return p.evaluate(() => localStorage.getItem('token'));
}

/** The page's calls to the server (not its static files): those still on their way, and each answered 401. */
export function watchApi(p: Page): { pending: Set<Request>; refused: string[] } {
  const pending = new Set<Request>();
  const refused: string[] = [];
  p.on('request', (r) => isServerCall(r) && pending.add(r));
  p.on('requestfinished', (r) => pending.delete(r));
  p.on('requestfailed', (r) => pending.delete(r));
  p.on('response', (r) => r.status() === 401 && refused.push(`${r.request().method()} ${new URL(r.url()).pathname}`));
  return { pending, refused };
}

function isServerCall(r: Request): boolean {
  const { pathname } = new URL(r.url());
  return pathname.startsWith('/api/') || pathname.startsWith('/auth/');
}

interface AfterLogout {
  /** Every server call the page made after it sent the logout. */
  calls: string[];
}

/**
 * Signs out through the avatar menu, recording the calls sent after the logout call and counting every
 * dialog that opens from then on, even one that closes again.
 */
export async function signOut(p: Page): Promise<AfterLogout> {
  const after: AfterLogout = { calls: [] };
  let loggedOut = false;
  p.on('request', (r) => {
    if (!isServerCall(r)) return;
    const call = `${r.method()} ${new URL(r.url()).pathname}`;
    if (loggedOut) after.calls.push(call);
    else if (call === 'POST /api/user/logout') loggedOut = true;
  });
  await p.evaluate(() => {
    const w = window as unknown as { openedDialogs: number };
    w.openedDialogs = 0;
    const selector = '.arco-modal, [role=dialog], [role=alertdialog]';
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof Element) w.openedDialogs += (node.matches(selector) ? 1 : 0) + node.querySelectorAll(selector).length;
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await p.locator('[data-testid=avatar]').click();
  await p.locator('[data-testid=logout]').click();
  return after;
}

/**
 * On the login page after a sign-out: the signed-out status is shown, and for two seconds no dialog
 * opens (the session-expired one in particular) and the page sends nothing: the login page needs no
 * call until the user acts, so "no call" is exact, not "no signed-in call".
 */
export async function expectSignedOut(p: Page, after: AfterLogout, signedOutText: string, expiredTitle: string): Promise<void> {
  const status = p.getByRole('status').filter({ hasText: signedOutText });
  await status.waitFor({ state: 'visible', timeout: 8_000 });
  await p.waitForTimeout(2000);
  expect(await status.isVisible()).toBe(true);
  expect(await p.locator('.arco-modal, [role=dialog], [role=alertdialog]').filter({ visible: true }).count()).toBe(0);
  expect(await p.evaluate(() => (window as unknown as { openedDialogs: number }).openedDialogs)).toBe(0);
  expect(await p.getByText(expiredTitle).count()).toBe(0);
  expect(after.calls).toEqual([]);
  expect(await token(p)).toBeNull();
}

/**
 * A call held in the browser (`path`, one the page sends once signed in) until the user has signed out
 * and the server has revoked the session: it comes back 401, the page shows the signed-out status and no
 * dialog, and sends nothing more.
 */
export async function expectHeldCallRefusedAfterSignOut(p: Page, path: string): Promise<void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await p.route(`**${path}`, async (route) => {
    await held;
    await route.continue();
  });
  const watch = watchApi(p);
  await loginAs(p, 'admin');
  await expect.poll(() => [...watch.pending].some((r) => r.url().endsWith(path))).toBe(true);
  const after = await signOut(p);
  await p.waitForURL(`${baseUrl}/login`);
  release();
  await expect.poll(() => watch.refused).toContain(`GET ${path}`);
  await expectSignedOut(p, after, '已退出登录', '登录信息已过期');
}
