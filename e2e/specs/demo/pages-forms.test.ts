import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, loginAs } from '../../lib/browser';
import { browserEachTest } from '../../lib/each-test';
import { choose, expectToast, field, open, pane, visibleDrawer } from '../../lib/page-helpers';

/** `YYYY-MM-DD` of today plus `days`, in the browser's (and this machine's) time zone. */
function day(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

let page: Page & { errors: string[] };
browserEachTest((opened) => ({ page } = opened), { errorFree: true });

async function fillStepOne(p: Locator, name: string) {
  await field(p, '活动名称').locator('input').fill(name);
  await choose(page, field(p, '渠道类型'), 'APP通用渠道');
  const range = field(p, '推广时间');
  await range.locator('input').first().click();
  await range.locator('input').first().fill(day(1));
  await range.locator('input').nth(1).fill(day(10));
  await page.keyboard.press('Enter');
  await field(p, '推广地址').locator('input').fill('https://example.com/app');
}

async function fillStepTwo(p: Locator) {
  await field(p, '广告来源').locator('input').fill('sohu');
  await field(p, '广告媒介').locator('input').fill('cpc');
  const keyword = field(p, '关键词');
  await keyword.locator('.arco-select-view').click();
  await page.locator('.arco-select-popup:visible').getByRole('option', { name: '今日头条' }).click();
  // A word of one's own: typed, then Enter adds it (the input settles before Enter).
  await keyword.locator('input').pressSequentially('custom', { delay: 30 });
  await page.waitForTimeout(300);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect.poll(() => keyword.locator('.arco-tag').allTextContents()).toEqual(['今日头条', 'custom']);
  await field(p, '广告内容').locator('textarea').fill('这是一段广告内容');
}

describe('step form and results', () => {
  it('walks to success and shows the channel progress', async () => {
    await loginAs(page, 'admin');
    const p = await open(page, '/form/step');
    await p.getByRole('button', { name: '下一步', exact: true }).click();
    await expect.poll(() => p.locator('.arco-form-message:visible').allTextContents()).toEqual(['请输入活动名称', '请选择渠道类型', '请选择推广时间', '请输入推广地址']);
    const name = `春季${Date.now().toString(36).slice(-6)}`;
    await fillStepOne(p, name);
    await field(p, '推广地址').locator('input').fill('ftp://example.com');
    await p.getByRole('button', { name: '下一步', exact: true }).click();
    await expect.poll(() => p.locator('.arco-form-message:visible').allTextContents()).toEqual(['请输入正确的推广地址，网址必须以 http:// 或 https:// 开头']);
    await field(p, '推广地址').locator('input').fill('https://example.com/app');
    await p.getByRole('button', { name: '下一步', exact: true }).click();
    await fillStepTwo(p);
    // 上一步 keeps both steps' values.
    await p.getByRole('button', { name: '上一步', exact: true }).click();
    expect(await field(p, '活动名称').locator('input').inputValue()).toBe(name);
    await p.getByRole('button', { name: '下一步', exact: true }).click();
    expect(await field(p, '广告媒介').locator('input').inputValue()).toBe('cpc');
    await p.getByRole('button', { name: '提交', exact: true }).click();
    await expect.poll(() => p.getByText('表单提交成功！').count()).toBe(1);

    await p.getByRole('button', { name: '查看详情', exact: true }).click();
    await page.waitForURL(/\/result\/success\?id=\d+$/);
    const result = pane(page, '/result/success');
    await expect.poll(() => result.textContent()).toContain(`渠道活动：${name}`);
    const steps = await result.locator('.arco-steps-item').evaluateAll((items) => items.map((i) => i.className.match(/arco-steps-item-(finish|process|wait)/)?.[1]));
    expect(steps).toEqual(['finish', 'process', 'wait', 'wait', 'wait']);
    await result.getByRole('button', { name: '返回项目列表', exact: true }).click();
    await page.waitForURL(`${baseUrl}/list/search-table`);
  });

  it('hands a failed submission to the error page and comes back to the kept draft', async () => {
    await loginAs(page, 'admin');
    let p = await open(page, '/form/step');
    const name = `失败${Date.now().toString(36).slice(-6)}`;
    await fillStepOne(p, name);
    await p.getByRole('button', { name: '下一步', exact: true }).click();
    await fillStepTwo(p);
    // The draft survives a browser reload at step 2.
    await page.reload();
    p = pane(page, '/form/step');
    await expect.poll(() => field(p, '广告媒介').locator('input').inputValue()).toBe('cpc');

    // The network drops the submission: the error page explains, the draft stays.
    await page.route('**/api/channel-form/submit', (route) => route.abort());
    await p.getByRole('button', { name: '提交', exact: true }).click();
    await page.waitForURL(`${baseUrl}/result/error`);
    const error = pane(page, '/result/error');
    await expect.poll(() => error.locator('ol li').allTextContents()).toEqual(['网络错误，请稍后重试']);
    await page.unroute('**/api/channel-form/submit');
    await error.getByRole('button', { name: '返回修改', exact: true }).click();
    await page.waitForURL(`${baseUrl}/form/step`);
    p = pane(page, '/form/step');
    expect(await field(p, '广告来源').locator('input').inputValue()).toBe('sohu');
    await p.getByRole('button', { name: '提交', exact: true }).click();
    await expect.poll(() => p.getByText('表单提交成功！').count()).toBe(1);

    // Opened from the menu, the error page has no details; the success page shows the latest channel.
    await open(page, '/result/error');
    await page.goto(`${baseUrl}/result/success`);
    await expect.poll(() => pane(page, '/result/success').textContent()).toContain(`渠道活动：${name}`);
  });
});

describe('group form and basic profile', () => {
  /** The group form opened by the administrator, and the input of the parameter `label` with the value it shows. */
  async function groupFormField(label: string) {
    await loginAs(page, 'admin');
    const p = await open(page, '/form/group');
    const input = field(p, label).locator('input');
    await expect.poll(() => input.inputValue()).not.toBe('');
    return { form: p, input, before: Number(await input.inputValue()) };
  }

  it('saves new parameters, shows them against the original ones with the log, and approves', async () => {
    const { form, input: frameRate, before } = await groupFormField('采集帧率');
    let p = form;
    await p.getByRole('button', { name: '提交', exact: true }).click();
    await expectToast(page, '参数没有变化，无需提交');

    await frameRate.fill('31');
    await p.getByRole('button', { name: '提交', exact: true }).click();
    await expect.poll(() => field(p, '采集帧率').locator('.arco-form-message').textContent()).toBe('请输入 1 到 30 之间的整数');
    const next = before === 24 ? 25 : 24;
    await frameRate.fill(String(next));
    await field(p, '参数说明').locator('textarea').fill('浏览器场景');
    await p.getByRole('button', { name: '提交', exact: true }).click();
    await expectToast(page, '提交成功');
    await page.waitForURL(`${baseUrl}/profile/basic`);

    p = pane(page, '/profile/basic');
    const block = (title: string) => p.locator('.arco-descriptions').filter({ hasText: title });
    await expect.poll(() => block('现视频参数').textContent()).toContain(`采集帧率${next} fps`);
    expect(await block('原视频参数').textContent()).toContain(`采集帧率${before} fps`);
    const firstRow = p.locator('[data-testid=operation-log] tbody tr').first();
    await expect.poll(() => firstRow.textContent()).toContain('审核中');
    expect(await firstRow.textContent()).toContain('视频参数变更');

    await firstRow.getByRole('button', { name: '查看', exact: true }).click();
    const drawer = visibleDrawer(page);
    await expect.poll(() => drawer.textContent()).toContain('浏览器场景');
    const changes = await drawer.locator('.arco-table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim())));
    expect(changes).toEqual([['采集帧率', `${before} fps`, `${next} fps`]]);
    await drawer.locator('.arco-drawer-close-icon').click();
    await expect.poll(() => drawer.isVisible()).toBe(false);

    await p.getByRole('button', { name: '通过审批', exact: true }).click();
    await page.locator('.arco-popconfirm:visible').getByRole('button', { name: '确定', exact: true }).click();
    await expectToast(page, '已通过审批');
    await expect.poll(() => firstRow.textContent()).toContain('已通过');
    expect(await p.getByRole('button', { name: '通过审批', exact: true }).isDisabled()).toBe(true);
    const states = await p.locator('.arco-steps-item').evaluateAll((items) => items.map((i) => i.className.match(/arco-steps-item-(finish|process|wait|error)/)?.[1]));
    expect(states).toEqual(['finish', 'finish', 'finish']);
  });

  it('cancels a change and restores the original parameters', async () => {
    const { form, input: rate, before } = await groupFormField('编码码率');
    let p = form;
    await rate.fill(String(before === 256 ? 192 : 256));
    await p.getByRole('button', { name: '提交', exact: true }).click();
    await page.waitForURL(`${baseUrl}/profile/basic`);
    p = pane(page, '/profile/basic');
    await p.getByRole('button', { name: '取消流程', exact: true }).click();
    await page.locator('.arco-popconfirm:visible').getByRole('button', { name: '确定', exact: true }).click();
    await expectToast(page, '流程已取消');
    await expect.poll(() => p.locator('.arco-descriptions').filter({ hasText: '现音频参数' }).textContent()).toContain(`编码码率${before} kbps`);
    await expect.poll(() => p.locator('[data-testid=operation-log] tbody tr').first().textContent()).toContain('已撤销');
    await expect.poll(() => p.locator('.arco-steps-item-error').textContent()).toContain('已撤销');
  });

  it('keeps admin pages away from a user', async () => {
    await loginAs(page, 'user');
    for (const path of ['/form/step', '/form/group', '/profile/basic', '/result/success', '/result/error']) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForURL(`${baseUrl}/workplace`);
    }
  });
});
