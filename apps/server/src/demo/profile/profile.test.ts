import { describe, expect, it } from 'vitest';
import { defaultParameters } from './parameters.ts';
import { suiteApp } from '../../test/suite-app.ts';

type Params = typeof defaultParameters;
const withChange = (change: (p: Params) => void): Params => {
  const copy = structuredClone(defaultParameters);
  change(copy);
  return copy;
};

describe('group form and basic profile: submit, approve, cancel, operation log', () => {
  const t = suiteApp({ signIn: ['admin', 'user'] });

  const profile = async () => (await t.request({ url: '/api/profile/basic', token: t.tokens.admin })).body.data;
  const log = async (query = 'current=1&pageSize=10', locale: 'zh-CN' | 'en-US' = 'zh-CN') => (await t.request({ url: `/api/operation/log?${query}`, token: t.tokens.admin, locale })).body.data;
  const submit = (data: unknown, locale: 'zh-CN' | 'en-US' = 'zh-CN', token = t.tokens.admin) =>
    t.request({ method: 'POST', url: '/api/group-form/submit', token, body: { data }, locale });

  it('shows the seeded default parameters and the log, newest first, paged, translated', async () => {
    const p = await profile();
    expect(p.status).toBe('approved');
    expect(p.video.acquisition.frameRate).toBe(15);
    expect(p.video.encoding.rate).toEqual({ min: 300, max: 800, default: 600 });
    expect(p.audio.encoding.rate).toBe(128);
    expect(p.audio.acquisition.channels).toBe(8);
    expect(p.original.video.acquisition.frameRate).toBe(25);
    const zh = await log();
    expect(zh.total).toBe(3);
    expect(zh.list.map((r: { contentNumber: string }) => r.contentNumber)).toEqual(['100003', '100002', '100001']);
    expect(zh.list.map((r: { status: number }) => r.status)).toEqual([1, 2, 1]);
    expect(zh.list[1].updateContent).toBe('音频参数变更');
    expect((await log('current=1&pageSize=10', 'en-US')).list[0].updateContent).toBe('Video parameters changed');
    const page2 = await log('current=2&pageSize=2');
    expect(page2).toMatchObject({ total: 3 });
    expect(page2.list.map((r: { contentNumber: string }) => r.contentNumber)).toEqual(['100001']);
  });

  it('refuses an unchanged submission and invalid values, in both languages, writing nothing', async () => {
    const before = await t.count('operation_logs');
    const same = await submit({ ...defaultParameters, description: 'no change' });
    expect(same.status).toBe(400);
    expect(same.body.data.error).toBe('VALIDATION_FAILED');
    expect(same.body.message).toBe('参数没有变化，无需提交');
    expect((await submit(defaultParameters, 'en-US')).body.message).toBe('Nothing has changed, so there is nothing to submit');

    const bad = withChange((p) => {
      p.video.acquisition.frameRate = 31;
      p.video.encoding.rate.min = 900;
      p.audio.encoding.rate = 12;
    });
    const zh = await submit({ ...bad, description: 'x'.repeat(201) });
    expect(zh.body.data.details).toEqual([
      { path: 'data.video.acquisition.frameRate', message: '请输入 1 到 30 之间的整数' },
      { path: 'data.video.encoding.rate.min', message: '编码码率最小值不能大于最大值' },
      { path: 'data.audio.encoding.rate', message: '请输入 32 到 320 之间的整数' },
      { path: 'data.description', message: '最多不超过200字' },
    ]);
    const above = withChange((p) => {
      p.video.encoding.rate.default = 1500;
    });
    expect((await submit(above)).body.data.details).toEqual([{ path: 'data.video.encoding.rate.default', message: '编码码率默认值不能大于最大值' }]);
    const aboveEn = await submit(above, 'en-US');
    expect(aboveEn.status).toBe(400);
    expect(aboveEn.body.data.details).toEqual([{ path: 'data.video.encoding.rate.default', message: 'The default bitrate cannot exceed the maximum' }]);
    const en = await submit({ video: defaultParameters.video }, 'en-US');
    expect(en.body.data.details).toEqual([{ path: 'data.audio', message: 'This field is required' }]);
    expect(await t.count('operation_logs')).toBe(before);
    expect((await profile()).status).toBe('approved');
  });

  it('submits for approval: original <- current, current <- submitted, a log row under review', async () => {
    const first = withChange((p) => {
      p.video.encoding.rate.max = 1000;
    });
    const res = await submit({ ...first, description: '提高码率' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'approving', video: first.video, audio: first.audio, original: defaultParameters });
    expect(await profile()).toEqual(res.body.data);
    const [row] = (await log()).list;
    expect(row).toMatchObject({
      contentNumber: '100004', changes: ['video'], status: 0, operator: expect.any(String), description: '提高码率',
      before: { 'video.encoding.rate.max': 800 }, after: { 'video.encoding.rate.max': 1000 },
    });
    expect(row.operator).not.toBe('');

    // A newer submission supersedes the one under review; original is the state just before it.
    const second = withChange((p) => {
      p.video.encoding.rate.max = 1000;
      p.audio.encoding.profile = 'HE-AAC';
    });
    const res2 = await submit(second);
    expect(res2.body.data).toMatchObject({ status: 'approving', original: first, audio: second.audio });
    const rows = (await log()).list;
    expect(rows.slice(0, 2).map((r: { contentNumber: string; status: number }) => [r.contentNumber, r.status])).toEqual([['100005', 0], ['100004', 2]]);
    expect(rows[0]).toMatchObject({ changes: ['audio'], before: { 'audio.encoding.profile': 'AAC-LC' }, after: { 'audio.encoding.profile': 'HE-AAC' } });

    const approved = await t.request({ method: 'POST', url: '/api/profile/basic/approve', token: t.tokens.admin });
    expect(approved.body.data).toMatchObject({ status: 'approved', video: second.video, audio: second.audio, original: first });
    expect((await log()).list[0].status).toBe(1);
    const again = await t.request({ method: 'POST', url: '/api/profile/basic/approve', token: t.tokens.admin, locale: 'en-US' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('There is no change under approval');
    expect((await t.request({ method: 'POST', url: '/api/profile/basic/cancel', token: t.tokens.admin })).status).toBe(409);
  });

  it('cancels a change under review: the original parameters come back', async () => {
    const before = await profile();
    const changed = structuredClone({ video: before.video, audio: before.audio });
    changed.video.acquisition.resolution = '1080*1920';
    changed.audio.mode = 'mode2';
    const res = await submit(changed);
    expect(res.body.data.status).toBe('approving');
    expect((await log()).list[0]).toMatchObject({ changes: ['video', 'audio'], status: 0 });
    const cancelled = await t.request({ method: 'POST', url: '/api/profile/basic/cancel', token: t.tokens.admin });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', video: before.video, audio: before.audio, original: { video: before.video, audio: before.audio } });
    expect((await log()).list[0].status).toBe(2);
    const again = await t.request({ method: 'POST', url: '/api/profile/basic/cancel', token: t.tokens.admin, locale: 'zh-CN' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('当前没有审批中的参数修改');
  });

  it('is admin only: 403 for a user on every call, nothing written', async () => {
    const [logs, p] = [await t.count('operation_logs'), await profile()];
    const calls = [
      { method: 'GET' as const, url: '/api/profile/basic' },
      { method: 'GET' as const, url: '/api/operation/log' },
      { method: 'POST' as const, url: '/api/group-form/submit', body: { data: withChange((x) => (x.video.mode = 'mode1')) } },
      { method: 'POST' as const, url: '/api/profile/basic/approve' },
      { method: 'POST' as const, url: '/api/profile/basic/cancel' },
    ];
    for (const c of calls) expect((await t.request({ ...c, token: t.tokens.user })).status, c.url).toBe(403);
    expect(await t.count('operation_logs')).toBe(logs);
    expect(await profile()).toEqual(p);
  });
});
