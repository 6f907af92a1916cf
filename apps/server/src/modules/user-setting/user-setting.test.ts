import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMultipart } from '../../http/multipart.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 7)]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(32, 1)]);
const apply = {
  enterpriseName: '上海测试有限公司',
  enterpriseCertificateType: 'businessLicense',
  organizationCode: '91310000132250519x'.toUpperCase(),
  legalPerson: '王小明',
  certificateType: 'idCard',
  authenticationNumber: '310101199001011234',
};

describe('user setting: basic information, avatar, certification', () => {
  let t: TestApp;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await createTestApp();
    [admin, user] = [await t.login('admin'), await t.login('user')];
  });
  afterAll(() => t?.close());

  const info = async (token: string) => (await t.request({ method: 'POST', url: '/api/user/info', token })).body.data;
  const save = (token: string, body: Record<string, unknown>, locale: 'zh-CN' | 'en-US' = 'zh-CN') => t.request({ method: 'POST', url: '/api/user/save-info', token, body, locale });
  const basic = { email: 'User@Example.com', nickname: '小用户', countryRegion: 'china', area: ['11', '1101', '110101'], address: '长安街 1 号', profile: '你好' };

  describe('save-info', () => {
    it('saves nickname as name, profile as introduction and derives the place name from the area codes', async () => {
      const res = await save(user, basic);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ email: 'User@Example.com', name: '小用户', introduction: '你好', countryRegion: 'china', area: ['11', '1101', '110101'], address: '长安街 1 号', locationName: '北京市 东城区', username: 'user' });
      expect(await info(user)).toEqual(res.body.data);
      const shorter = await save(user, { ...basic, area: ['44', '4403'], address: undefined, profile: undefined });
      expect(shorter.body.data).toMatchObject({ locationName: '广东省 深圳市', address: '', introduction: '' });
    });

    it('validates with the page texts in both languages and changes nothing', async () => {
      const before = await info(user);
      const zh = await save(user, { email: 'bad', nickname: '', countryRegion: 'mars', area: [], profile: 'x'.repeat(201) });
      expect(zh.status).toBe(400);
      expect(zh.body.data.details).toEqual([
        { path: 'email', message: '请输入正确的邮箱地址' },
        { path: 'nickname', message: '请输入昵称' },
        { path: 'countryRegion', message: '请选择国家/地区' },
        { path: 'area', message: '请选择所在区域' },
        { path: 'profile', message: '最多不超过200字' },
      ]);
      const en = await save(user, { ...basic, email: '', nickname: 'x'.repeat(21), address: 'y'.repeat(101) }, 'en-US');
      expect(en.body.data.details).toEqual([
        { path: 'email', message: 'Enter your email address' },
        { path: 'nickname', message: 'Up to 20 characters' },
        { path: 'address', message: 'Up to 100 characters' },
      ]);
      const area = await save(user, { ...basic, area: ['11', '4403'] }, 'en-US');
      expect(area.body.data.details).toEqual([{ path: 'area', message: 'Select a valid area' }]);
      expect(await info(user)).toEqual(before);
    });

    it('refuses an email another account uses (any letter case)', async () => {
      expect((await save(admin, { ...basic, email: 'boss@example.com', nickname: 'Boss' })).status).toBe(200);
      const res = await save(user, { ...basic, email: 'BOSS@example.com' }, 'zh-CN');
      expect(res.status).toBe(400);
      expect(res.body.data.details).toEqual([{ path: 'email', message: '该邮箱已被其他账号使用' }]);
      expect((await info(user)).email).toBe('User@Example.com');
    });
  });

  describe('avatar upload', () => {
    const upload = (data: Buffer, opts: { filename?: string; contentType?: string; locale?: 'zh-CN' | 'en-US'; field?: string } = {}) => {
      const m = buildMultipart([{ name: opts.field ?? 'file', filename: opts.filename ?? 'me.png', contentType: opts.contentType ?? 'image/png', data }]);
      return t.request({ method: 'POST', url: '/api/user/upload', token: user, body: m.body, contentType: m.contentType, locale: opts.locale });
    };

    it('stores an image checked by content, sets it as the avatar and serves it with a long cache', async () => {
      const res = await upload(PNG);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
      expect((await info(user)).avatar).toBe(res.body.data.url);
      const file = await t.request({ url: res.body.data.url, sign: false });
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.raw.equals(PNG)).toBe(true);

      // The declared type does not matter, the bytes do; the replaced upload is removed.
      const gif = await upload(GIF, { filename: 'x.png', contentType: 'image/png' });
      expect(gif.body.data.url).toMatch(/\.gif$/);
      expect((await t.request({ url: res.body.data.url, sign: false })).status).toBe(404);
      expect((await t.request({ url: gif.body.data.url, sign: false })).headers['content-type']).toBe('image/gif');
    });

    it('refuses what is not an allowed image, too large or missing, and keeps the avatar', async () => {
      const before = (await info(user)).avatar;
      const fake = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { filename: 'a.png', locale: 'zh-CN' });
      expect(fake.status).toBe(415);
      expect(fake.body.message).toBe('仅支持 PNG、JPEG、WebP、GIF 格式的图片');
      const big = await upload(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), { locale: 'en-US' });
      expect(big.status).toBe(413);
      const missing = await upload(PNG, { field: 'avatar', locale: 'en-US' });
      expect(missing.status).toBe(400);
      expect(missing.body.data.details).toEqual([{ path: 'file', message: 'Choose an image to upload' }]);
      const json = await t.request({ method: 'POST', url: '/api/user/upload', token: user, body: { file: 'x' } });
      expect(json.status).toBe(415);
      expect((await t.request({ method: 'POST', url: '/api/user/upload', body: Buffer.alloc(0), contentType: 'multipart/form-data; boundary=x' })).status).toBe(401);
      expect((await info(user)).avatar).toBe(before);
    });

    it('serves only names the server gave', async () => {
      for (const url of ['/uploads/..%2Fsecret.png', '/uploads/abc.png', '/uploads/00000000-0000-0000-0000-000000000000.png']) {
        expect((await t.request({ url, sign: false })).status, url).toBe(404);
      }
    });
  });

  describe('certification', () => {
    const certification = async (token: string, locale: 'zh-CN' | 'en-US' = 'zh-CN') => (await t.request({ url: '/api/user/certification', token, locale })).body.data;

    it('shows the approved enterprise and the records, masked; nothing for a user who never applied', async () => {
      const a = await certification(admin);
      expect(a.enterpriseInfo).toMatchObject({
        accountType: 'enterprise', status: 1, enterpriseName: '北京示例科技有限公司', certificateType: 'idCard', enterpriseCertificateType: 'businessLicense',
        legalPerson: '李**', authenticationNumber: '110***********002X', organizationCode: '9111**********341L',
      });
      expect(a.record.map((r: { status: number }) => r.status)).toEqual([1, 2]);
      expect(a.record[0].detail.authenticationNumber).not.toContain('19491231');
      expect(await certification(user)).toEqual({ enterpriseInfo: null, record: [] });
    });

    it('applies (status 0), refuses a second application while one is under review, withdraws', async () => {
      const res = await t.request({ method: 'POST', url: '/api/user/certification/apply', token: user, body: { ...apply, organizationCode: apply.organizationCode.toLowerCase() } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ status: 0, certificationType: 'enterprise', certificationContent: apply.enterpriseName });
      expect(res.body.data.detail.organizationCode).toBe('9131**********519X');
      const again = await t.request({ method: 'POST', url: '/api/user/certification/apply', token: user, body: apply, locale: 'en-US' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('An application is already under review');
      expect((await certification(user)).enterpriseInfo).toBeNull();

      const id = res.body.data.id as number;
      // Someone else's record reads as not found, and stays under review.
      expect((await t.request({ method: 'POST', url: `/api/user/certification/${id}/withdraw`, token: admin })).status).toBe(404);
      expect((await certification(user)).record[0].status).toBe(0);
      const withdrawn = await t.request({ method: 'POST', url: `/api/user/certification/${id}/withdraw`, token: user });
      expect(withdrawn.body.data).toMatchObject({ id, status: 2 });
      const twice = await t.request({ method: 'POST', url: `/api/user/certification/${id}/withdraw`, token: user, locale: 'zh-CN' });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('只能撤回审核中的认证申请');
      expect((await t.request({ method: 'POST', url: '/api/user/certification/999999/withdraw', token: user })).status).toBe(404);
      expect((await t.request({ method: 'POST', url: '/api/user/certification/apply', token: user, body: apply })).status).toBe(200);
    });

    it('validates the application in both languages, storing nothing', async () => {
      const before = await t.count('certifications');
      const zh = await t.request({ method: 'POST', url: '/api/user/certification/apply', token: admin, locale: 'zh-CN', body: { ...apply, organizationCode: 'IO1234', authenticationNumber: '12345' } });
      expect(zh.body.data.details).toEqual([
        { path: 'organizationCode', message: '请输入正确的 18 位统一社会信用代码' },
        { path: 'authenticationNumber', message: '请输入正确的 18 位身份证号码' },
      ]);
      const en = await t.request({ method: 'POST', url: '/api/user/certification/apply', token: admin, locale: 'en-US', body: { enterpriseCertificateType: 'passport' } });
      expect(en.body.data.details).toEqual([
        { path: 'enterpriseName', message: 'Enter the enterprise name' },
        { path: 'enterpriseCertificateType', message: 'This field is required' },
        { path: 'organizationCode', message: 'Enter the organization code' },
        { path: 'legalPerson', message: "Enter the legal representative's name" },
        { path: 'certificateType', message: 'This field is required' },
        { path: 'authenticationNumber', message: "Enter the representative's ID number" },
      ]);
      expect(await t.count('certifications')).toBe(before);
    });
  });
});
