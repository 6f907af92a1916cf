import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot } from '../lib/browser';
import { operatorLifecycle } from '../lib/operator-lifecycle';

/**
 * System management as an administrator and a new operator live it (lib/operator-lifecycle.ts), with a
 * role that reads the audit log. The same with a role of the demo's pages: demo/system-management.test.ts.
 */
describe('system management in the console', () => {
  it('an administrator creates a role and an account, the account changes its password, sees its pages, is disabled; the trail shows it', { timeout: 150_000 }, () =>
    operatorLifecycle({
      key: 'editor',
      roleName: 'E2E 编辑',
      permissions: ['查看审计日志'],
      shots: '',
      async sees(page, menu) {
        await expect.poll(() => menu.textContent()).toContain('系统管理');
        await page.goto(`${baseUrl}/system/audit`);
        await page.locator('[data-tab-pane="/system/audit"] .arco-table').first().waitFor();
        await page.locator('.arco-menu-inline-header', { hasText: '系统管理' }).first().waitFor();
        await expect.poll(() => menu.textContent()).toContain('审计日志');
        const menuText = (await menu.textContent()) ?? '';
        for (const hidden of ['用户管理', '角色管理']) expect([hidden, menuText.includes(hidden)]).toEqual([hidden, false]);
        // the audit log shows no export button to a role without audit:export
        expect(await page.locator('[data-tab-pane="/system/audit"]').getByRole('button', { name: '导出' }).count()).toBe(0);
        await screenshot(page, 'system-operator-audit-log');
      },
      // opening the message box, which asks the server what is there now
      nextAction: (page) => page.locator('[data-testid=message-bell]').click(),
    }));
});
