import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedCall } from '../lib/api';
import { accounts, baseUrl, launchBrowser, loginAs, newPage, waitForSmsCode } from '../lib/browser';
import { browserEachTest } from '../lib/each-test';
import { expectToast, field, open, visibleModal } from '../lib/page-helpers';
import { landing } from '../lib/texts';

let page: Page & { errors: string[] };
browserEachTest((opened) => ({ page } = opened), { errorFree: true });

const navbarAvatar = (p: Page) => p.locator('[data-testid=avatar] img');
const badge = (p: Page) => p.locator('.arco-badge').filter({ has: p.locator('[data-testid=message-bell]') }).locator('.arco-badge-number');

async function signIn(p: Page, username: string, password: string) {
  await p.goto(`${baseUrl}/login`);
  await p.locator('input[name=username]').fill(username);
  await p.locator('input[name=password]').fill(password);
  await p.locator('[data-testid=login-submit]').click();
}

async function signOut(p: Page) {
  await p.locator('[data-testid=avatar]').click();
  await p.locator('[data-testid=logout]').click();
  await p.waitForURL(`${baseUrl}/login`);
}

/** A real 8×8 PNG made here (the server checks the content, not the name). */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: 8 }, () => Buffer.from([0, ...Array.from({ length: 8 }, () => [220, 60, 40]).flat()])));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

describe('user info', () => {
  // (the demo's sample projects and teams on this page: demo/pages-user.test.ts)
  it('shows the profile and the notices; reading a notice lowers the badge', async () => {
    await loginAs(page, 'admin');
    const p = await open(page, '/user/info');
    await expect.poll(() => p.getByRole('heading', { level: 6 }).first().textContent()).toBe('Atrium Admin');
    const notices = p.locator('.arco-card').filter({ hasText: '站内通知' });
    const unread = notices.locator('button:not([disabled])');
    await expect.poll(() => badge(page).textContent()).not.toBe('');
    const before = Number(await badge(page).textContent());
    if ((await unread.count()) > 0) {
      await unread.first().click();
      await expect.poll(async () => Number(await badge(page).textContent())).toBe(before - 1);
    }
    await p.getByRole('button', { name: '更换头像' }).click();
    await page.waitForURL(`${baseUrl}/user/setting`);
  });
});

describe('user setting', () => {
  it('uploads an avatar that appears in the navbar and on the banner, and saves the basic information', async () => {
    await loginAs(page, 'user');
    const p = await open(page, '/user/setting');
    const input = p.locator('input[type=file]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expectToast(page, '仅支持 PNG、JPEG、WebP、GIF 格式的图片');
    await input.setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png() });
    await expectToast(page, '头像已更新');
    await expect.poll(() => navbarAvatar(page).getAttribute('src')).toMatch(/^\/uploads\/.+\.png$/);
    const src = await navbarAvatar(page).getAttribute('src');
    const image = await page.request.get(`${baseUrl}${src}`);
    expect(image.status()).toBe(200);

    const nickname = `用户${Date.now().toString(36).slice(-5)}`;
    await field(p, '昵称').locator('input').fill(nickname);
    await field(p, '邮箱').locator('input').fill('not-an-email');
    await p.getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => field(p, '邮箱').locator('.arco-form-message').textContent()).toBe('请输入正确的邮箱地址');
    await field(p, '邮箱').locator('input').fill('user@example.com');
    const area = field(p, '所在区域');
    await area.locator('.arco-cascader').click();
    for (const name of ['北京市', '市辖区', '东城区']) await page.locator('.arco-cascader-list-item', { hasText: name }).first().click();
    await p.getByRole('button', { name: '保存', exact: true }).click();
    await expectToast(page, '保存成功');

    // The banner follows the saved profile, also after a full page load (the server stored it).
    const info = await open(page, '/user/info');
    await expect.poll(() => info.getByRole('heading', { level: 6 }).first().textContent()).toBe(nickname);
    expect(await info.textContent()).toContain('北京市 东城区');
    expect(await info.locator('img').first().getAttribute('src')).toBe(src);
  });

  it('offers the areas in English to an English reader, and saves the same codes', async () => {
    const english = await launchBrowser({ locale: 'en-US' });
    try {
      const p2 = await newPage(english.context);
      await loginAs(p2, 'user');
      const pane = await open(p2, '/user/setting');
      await field(pane, 'Area').locator('.arco-cascader').click();
      for (const name of ['Beijing', 'Districts', 'Dongcheng District']) await p2.locator('.arco-cascader-list-item', { hasText: name }).first().click();
      await expect.poll(() => field(pane, 'Area').locator('.arco-cascader').textContent()).toContain('Dongcheng District');
      await pane.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(p2, 'Saved');
      const [token, fingerprint] = await p2.evaluate(() => [localStorage.getItem('token')!, localStorage.getItem('fingerprint')!]);
      const me = await signedCall<{ area: string[] }>('POST', '/api/user/info', { token, fingerprint });
      expect(me.body.data.area).toEqual(['11', '1101', '110101']);
      // The user centre names the place in English too.
      const info = await open(p2, '/user/info');
      await expect.poll(() => info.textContent()).toContain('Dongcheng District, Beijing');
      expect(await info.textContent()).not.toContain('北京市');
      expect(p2.errors).toEqual([]);
    } finally {
      await english.close();
    }
  });

  it('changes the password, then signs in with the new one', async () => {
    const next = 'user1234';
    await loginAs(page, 'user');
    try {
      const p = await open(page, '/user/setting?tab=security');
      await p.getByRole('button', { name: /^登录密码/ }).click();
      const modal = visibleModal(page);
      const inputs = modal.locator('input');
      await inputs.nth(0).fill('wrong-old1');
      await inputs.nth(1).fill(next);
      await inputs.nth(2).fill(next);
      await modal.getByRole('button', { name: '确定', exact: true }).click();
      await expect.poll(() => field(modal, '当前密码').locator('.arco-form-message').textContent()).toBe('当前密码不正确');
      // The field says it all: no generic "data not valid" toast on top.
      await page.waitForTimeout(300);
      expect(await page.locator('.arco-message').allTextContents()).not.toContain('提交的数据不正确');
      await inputs.nth(0).fill(accounts.user.password);
      await modal.getByRole('button', { name: '确定', exact: true }).click();
      await expectToast(page, '密码已修改，其他设备上的登录已失效');

      await signOut(page);
      await signIn(page, 'user', accounts.user.password);
      await expect.poll(() => page.locator('.arco-message').allTextContents()).toContain('账号或者密码错误');
      await signIn(page, 'user', next);
      await page.waitForURL(`${baseUrl}${landing.path}`);
    } finally {
      // Put the seeded password back for the other scenarios, whatever happened above.
      const fingerprint = `restore-${Date.now()}`;
      const login = await signedCall<{ token: string }>('POST', '/api/user/login', { fingerprint, body: { username: 'user', password: next } });
      if (login.status === 200) {
        await signedCall('POST', '/api/user/change-password', { fingerprint, token: login.body.data.token, body: { oldPassword: next, newPassword: accounts.user.password } });
      }
    }
    await signIn(page, 'user', accounts.user.password);
    await page.waitForURL(`${baseUrl}${landing.path}`);
  });

  it('sets the security question, binds a phone with an SMS code, and applies for and withdraws a certification', async () => {
    await loginAs(page, 'user');
    const p = await open(page, '/user/setting?tab=security');
    await p.getByRole('button', { name: /^密保问题/ }).click();
    let modal = visibleModal(page);
    await field(modal, '问题').locator('.arco-select-view').click();
    await page.locator('.arco-select-popup:visible').getByRole('option', { name: '您的出生地是？' }).click();
    await field(modal, '答案').locator('input').fill('Hangzhou');
    await modal.getByRole('button', { name: '确定', exact: true }).click();
    await expectToast(page, '保存成功');
    await expect.poll(() => p.locator('li', { hasText: '密保问题' }).textContent()).toContain('已设置');

    const tel = '13712345678';
    const restore = accounts.user.phone;
    await p.getByRole('button', { name: /^安全手机/ }).click();
    modal = visibleModal(page);
    await field(modal, '新手机号').locator('input').fill(restore);
    await modal.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => field(modal, '新手机号').locator('.arco-form-message').textContent()).toBe('新手机号不能与当前手机号相同');
    await field(modal, '新手机号').locator('input').fill(tel);
    let sentFrom = Date.now();
    await modal.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => modal.getByRole('button', { name: /重新获取 \d+ s/ }).count()).toBe(1);
    await modal.locator('input[autocomplete=one-time-code]').fill(await waitForSmsCode(tel, sentFrom));
    await modal.getByRole('button', { name: '确定', exact: true }).click();
    await expectToast(page, '手机号已更新');
    await expect.poll(() => p.locator('li', { hasText: '安全手机' }).textContent()).toContain('137****5678');

    // Back to the seeded number, so phone sign-in keeps working for the other scenarios.
    await p.getByRole('button', { name: /^安全手机/ }).click();
    modal = visibleModal(page);
    await field(modal, '新手机号').locator('input').fill(restore);
    sentFrom = Date.now();
    await modal.getByRole('button', { name: '获取验证码' }).click();
    await modal.locator('input[autocomplete=one-time-code]').fill(await waitForSmsCode(restore, sentFrom));
    await modal.getByRole('button', { name: '确定', exact: true }).click();
    await expect.poll(() => p.locator('li', { hasText: '安全手机' }).textContent()).toContain('139****0000');

    await p.getByRole('tab', { name: '实名认证' }).click();
    await page.waitForURL(`${baseUrl}/user/setting?tab=certification`);
    await p.getByText('修改认证主体').click();
    modal = visibleModal(page);
    await field(modal, '企业名称').locator('input').fill('示例科技有限公司');
    await field(modal, '组织机构代码').locator('input').fill('9111000MA01ABCD1X');
    await field(modal, '法人姓名').locator('input').fill('张三');
    await field(modal, '法人认证号码').locator('input').fill('110101199001011234');
    await modal.getByRole('button', { name: '确定', exact: true }).click();
    await expect.poll(() => field(modal, '组织机构代码').locator('.arco-form-message').textContent()).toBe('请输入正确的 18 位统一社会信用代码');
    await field(modal, '组织机构代码').locator('input').fill('91110000MA01ABCD1X');
    await modal.getByRole('button', { name: '确定', exact: true }).click();
    await expectToast(page, '已提交认证申请，请等待审核');
    const records = p.locator('.arco-card').filter({ hasText: '认证记录' }).locator('tbody tr');
    const pending = records.filter({ hasText: '示例科技有限公司' }).filter({ hasText: '审核中' });
    await expect.poll(() => pending.count()).toBe(1);
    await pending.getByRole('button', { name: '撤回' }).click();
    await page.locator('.arco-popconfirm:visible').getByRole('button', { name: '确定', exact: true }).click();
    await expectToast(page, '已撤回');
    await expect.poll(() => records.filter({ hasText: '示例科技有限公司' }).first().textContent()).toContain('已撤回');
  });
});
