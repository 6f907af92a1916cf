import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot } from '../../lib/browser';
import { operatorLifecycle } from '../../lib/operator-lifecycle';

/**
 * System management with the demo's pages (lib/operator-lifecycle.ts; the core's case:
 * specs/system-management.test.ts): a role that reads the workplace and the collections, so the operator
 * sees only those demo pages, and the search table without its create button.
 */
describe('system management with the demo', () => {
  it('an administrator creates a role and an account, the account changes its password, sees its pages, is disabled; the trail shows it', { timeout: 150_000 }, () =>
    operatorLifecycle({
      key: 'demo-editor',
      roleName: 'E2E 演示编辑',
      permissions: ['查看工作台', '查看集合'],
      shots: '-demo',
      async sees(page, menu) {
        await expect.poll(() => menu.textContent()).toContain('工作台');
        await page.goto(`${baseUrl}/list/search-table`);
        await page.locator('.arco-table').first().waitFor();
        const menuText = (await menu.textContent()) ?? '';
        expect(menuText).toContain('查询表格');
        for (const hidden of ['系统管理', '表单页', '卡片列表', '详情页']) expect([hidden, menuText.includes(hidden)]).toEqual([hidden, false]);
        // the search table shows no create button to a role without collection:write
        expect(await page.getByRole('button', { name: '新建' }).count()).toBe(0);
        await screenshot(page, 'system-operator-search-table');
      },
      nextAction: (page) => page.locator('.arco-menu-item', { hasText: '工作台' }).first().click(),
    }));
});
