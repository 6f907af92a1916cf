import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs } from '../../lib/browser';
import { browserEachTest } from '../../lib/each-test';
import { redirectThroughSignIn } from '../../lib/navigation';
import { expectHeldCallRefusedAfterSignOut } from '../../lib/sign-out';

// Signing in and out with the demo's pages: the workplace as the landing page, the card list and the
// search table as the pages a redirect leads to (the core's cases: specs/shell-auth.test.ts).

let page: Page & { errors: string[] };
browserEachTest((opened) => ({ page } = opened));

describe('sign-in with the demo', () => {
  it('lands on the workplace, titled 工作台', async () => {
    await loginAs(page, 'admin');
    await page.waitForURL('**/workplace');
    expect(await page.title()).toBe('工作台 - Atrium');
    expect(page.errors).toEqual([]);
  });

  it('sends a signed-out visitor to login with the route name and query, and back after sign-in', async () => {
    await redirectThroughSignIn(page, { path: '/list/card', name: 'Card', group: '/list', groupFirst: '/list/search-table' });
  });

  it("a workplace call still on its way at sign-out comes back 401 and opens no dialog", async () => {
    // The workplace's overview is held in the browser until the server has revoked the session.
    await expectHeldCallRefusedAfterSignOut(page, '/api/workplace/overview');
  });
});
