import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { signHeaders } from '@atrium/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildMultipart } from '../../http/multipart.ts';
import { TEST_CREDENTIAL, TEST_FINGERPRINT } from '../../test/harness.ts';
import { suiteApp } from '../../test/suite-app.ts';
import { sweepStaleTempFiles } from './upload-store.ts';

/**
 * Storage faults for the upload tests: the real file system, except that a file's flush or a rename can
 * be made to fail (a full disk or an I/O error after the temporary file was written).
 */
const fault = vi.hoisted(() => {
  // The server suites share each worker's modules between files (isolate: false): forgotten here, so the
  // modules this file imports are evaluated again and see the mock below, and forgotten again after it
  // (afterAll), so the next file's are evaluated without it.
  vi.resetModules();
  return { sync: undefined as (() => Error) | undefined, rename: undefined as (() => Error) | undefined };
});
afterAll(() => {
  vi.resetModules();
});
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  const open = (async (...args: Parameters<typeof real.open>) => {
    const handle = await real.open(...args);
    const failure = fault.sync;
    if (failure) handle.sync = () => Promise.reject(failure());
    return handle;
  }) as typeof real.open;
  const rename = (async (...args: Parameters<typeof real.rename>) => {
    if (fault.rename) throw fault.rename();
    return real.rename(...args);
  }) as typeof real.rename;
  return { ...real, default: { ...real, open, rename }, open, rename };
});
const ioError = (code: string) => () => Object.assign(new Error(`${code}: simulated`), { code });

// ---- images built byte by byte: only their headers matter to the server ------------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}
/** A PNG whose IHDR claims width x height (8-bit RGBA) with valid CRCs; `idat` is its image data. */
function png(width: number, height: number, idat = deflateSync(Buffer.alloc(4))): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), pngChunk('IHDR', ihdr), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}
/** A baseline JPEG: JFIF segment, then a start-of-frame with the dimensions. */
function jpg(width: number, height: number): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  const app0 = Buffer.from('ffe000104a46494600010100000100010000', 'hex');
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}
/** A GIF with a logical screen of width x height and one frame (the screen's size unless given). */
function gif(width: number, height: number, frame = { width, height }): Buffer {
  const head = Buffer.alloc(13);
  head.write('GIF89a', 0, 'latin1');
  head.writeUInt16LE(width, 6);
  head.writeUInt16LE(height, 8);
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(frame.width, 5);
  descriptor.writeUInt16LE(frame.height, 7);
  return Buffer.concat([head, descriptor, Buffer.from([0x02, 0x02, 0x4c, 0x01, 0x00, 0x3b])]);
}
/** An extended WebP (VP8X), whose header stores width - 1 and height - 1 in 24 bits each. */
function webp(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const chunk = Buffer.concat([Buffer.from('VP8X', 'latin1'), Buffer.from([10, 0, 0, 0]), vp8x]);
  const riff = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4), Buffer.from('WEBP', 'latin1'), chunk]);
  riff.writeUInt32LE(riff.length - 8, 4);
  return riff;
}

const PNG = png(16, 16);
const GIF = gif(16, 16);
/** The tester's file: 69 bytes whose IHDR (valid CRC) claims 100000 x 100000 pixels. */
const PNG_BOMB = png(100_000, 100_000, deflateSync(Buffer.alloc(4)));
const apply = {
  enterpriseName: '上海测试有限公司',
  enterpriseCertificateType: 'businessLicense',
  organizationCode: '91310000132250519x'.toUpperCase(),
  legalPerson: '王小明',
  certificateType: 'idCard',
  authenticationNumber: '310101199001011234',
};

describe('user setting: basic information, avatar, certification', () => {
  const t = suiteApp({ signIn: ['admin', 'user'] });

  const info = async (token: string) => (await t.request({ method: 'POST', url: '/api/user/info', token })).body.data;
  const save = (token: string, body: Record<string, unknown>, locale: 'zh-CN' | 'en-US' = 'zh-CN') => t.request({ method: 'POST', url: '/api/user/save-info', token, body, locale });
  const basic = { email: 'User@Example.com', nickname: '小用户', countryRegion: 'china', area: ['11', '1101', '110101'], address: '长安街 1 号', profile: '你好' };

  describe('save-info', () => {
    it('saves nickname as name, profile as introduction and derives the place name from the area codes', async () => {
      const res = await save(t.tokens.user, basic);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ email: 'User@Example.com', name: '小用户', introduction: '你好', countryRegion: 'china', area: ['11', '1101', '110101'], address: '长安街 1 号', locationName: '北京市 东城区', username: 'user' });
      expect(await info(t.tokens.user)).toEqual(res.body.data);
      const shorter = await save(t.tokens.user, { ...basic, area: ['44', '4403'], address: undefined, profile: undefined });
      expect(shorter.body.data).toMatchObject({ locationName: '广东省 深圳市', address: '', introduction: '' });
    });

    it('answers the place in English to an English reader, smallest division first, and stores it once', async () => {
      const english = await save(t.tokens.user, basic, 'en-US');
      expect(english.body.data.locationName).toBe('Dongcheng District, Beijing');
      const read = await t.request({ method: 'POST', url: '/api/user/info', token: t.tokens.user, locale: 'en-US' });
      expect(read.body.data.locationName).toBe('Dongcheng District, Beijing');
      expect((await info(t.tokens.user)).locationName).toBe('北京市 东城区');
      const stored = await t.db.execute(sql`select location_name from users where username = 'user'`);
      expect(rowsOf<{ location_name: string }>(stored)).toEqual([{ location_name: '北京市 东城区' }]);
      expect((await save(t.tokens.user, { ...basic, area: ['44', '4403'] }, 'en-US')).body.data.locationName).toBe('Shenzhen, Guangdong');
    });

    it('validates with the page texts in both languages and changes nothing', async () => {
      const before = await info(t.tokens.user);
      const zh = await save(t.tokens.user, { email: 'bad', nickname: '', countryRegion: 'mars', area: [], profile: 'x'.repeat(201) });
      expect(zh.status).toBe(400);
      expect(zh.body.data.details).toEqual([
        { path: 'email', message: '请输入正确的邮箱地址' },
        { path: 'nickname', message: '请输入昵称' },
        { path: 'countryRegion', message: '请选择国家/地区' },
        { path: 'area', message: '请选择所在区域' },
        { path: 'profile', message: '最多不超过200字' },
      ]);
      const en = await save(t.tokens.user, { ...basic, email: '', nickname: 'x'.repeat(21), address: 'y'.repeat(101) }, 'en-US');
      expect(en.body.data.details).toEqual([
        { path: 'email', message: 'Enter your email address' },
        { path: 'nickname', message: 'Up to 20 characters' },
        { path: 'address', message: 'Up to 100 characters' },
      ]);
      const area = await save(t.tokens.user, { ...basic, area: ['11', '4403'] }, 'en-US');
      expect(area.body.data.details).toEqual([{ path: 'area', message: 'Select a valid area' }]);
      expect(await info(t.tokens.user)).toEqual(before);
    });

    it('refuses an email another account uses (any letter case)', async () => {
      expect((await save(t.tokens.admin, { ...basic, email: 'boss@example.com', nickname: 'Boss' })).status).toBe(200);
      const res = await save(t.tokens.user, { ...basic, email: 'BOSS@example.com' }, 'zh-CN');
      expect(res.status).toBe(400);
      expect(res.body.data.details).toEqual([{ path: 'email', message: '该邮箱已被其他账号使用' }]);
      expect((await info(t.tokens.user)).email).toBe('User@Example.com');
    });
  });

  describe('avatar upload', () => {
    const upload = (data: Buffer, opts: { filename?: string; contentType?: string; locale?: 'zh-CN' | 'en-US'; field?: string } = {}) => {
      const m = buildMultipart([{ name: opts.field ?? 'file', filename: opts.filename ?? 'me.png', contentType: opts.contentType ?? 'image/png', data }]);
      return t.request({ method: 'POST', url: '/api/user/upload', token: t.tokens.user, body: m.body, contentType: m.contentType, locale: opts.locale });
    };

    it('stores an image checked by content, sets it as the avatar and serves it with a long cache', async () => {
      const res = await upload(PNG);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
      expect((await info(t.tokens.user)).avatar).toBe(res.body.data.url);
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
      const before = (await info(t.tokens.user)).avatar;
      const fake = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { filename: 'a.png', locale: 'zh-CN' });
      expect(fake.status).toBe(415);
      expect(fake.body.message).toBe('仅支持 PNG、JPEG、WebP、GIF 格式的图片');
      const big = await upload(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), { locale: 'en-US' });
      expect(big.status).toBe(413);
      const missing = await upload(PNG, { field: 'avatar', locale: 'en-US' });
      expect(missing.status).toBe(400);
      expect(missing.body.data.details).toEqual([{ path: 'file', message: 'Choose an image to upload' }]);
      const json = await t.request({ method: 'POST', url: '/api/user/upload', token: t.tokens.user, body: { file: 'x' } });
      expect(json.status).toBe(415);
      expect((await t.request({ method: 'POST', url: '/api/user/upload', body: Buffer.alloc(0), contentType: 'multipart/form-data; boundary=x' })).status).toBe(401);
      // a body that is no multipart: said so, in the caller's language, naming no field
      for (const contentType of ['multipart/form-data; boundary=x', 'multipart/form-data']) {
        const broken = await t.request({ method: 'POST', url: '/api/user/upload', token: t.tokens.user, body: Buffer.from('not a form'), contentType, locale: 'en-US' });
        expect([broken.status, broken.body.data.details], contentType).toEqual([400, [{ path: '', message: 'The request body is not valid multipart/form-data' }]]);
      }
      expect((await info(t.tokens.user)).avatar).toBe(before);
    });

    it('serves only names the server gave', async () => {
      for (const url of ['/uploads/..%2Fsecret.png', '/uploads/abc.png', '/uploads/00000000-0000-0000-0000-000000000000.png']) {
        expect((await t.request({ url, sign: false })).status, url).toBe(404);
      }
    });

    /** What the uploads folder holds (temporary files included). */
    const stored = () => (existsSync(t.config.uploadsDir) ? readdirSync(t.config.uploadsDir).sort() : []);
    /** The avatar, which must be an upload here, and that it is still there and served. */
    const currentUpload = async () => {
      const avatar = (await info(t.tokens.user)).avatar as string;
      expect(avatar).toMatch(/^\/uploads\//);
      expect((await t.request({ url: avatar, sign: false })).status).toBe(200);
      return avatar;
    };

    it('refuses the 69-byte PNG that claims 100000 x 100000 pixels, in both languages, storing nothing', async () => {
      expect(PNG_BOMB.length).toBe(69);
      const avatar = await currentUpload();
      const before = stored();
      const zh = await upload(PNG_BOMB, { locale: 'zh-CN' });
      expect(zh.status).toBe(400);
      expect(zh.body.data.error).toBe('VALIDATION_FAILED');
      expect(zh.body.message).toBe('图片尺寸不能超过 4096×4096 像素');
      expect(zh.body.data.details).toEqual([{ path: 'file', message: '图片尺寸不能超过 4096×4096 像素' }]);
      const en = await upload(PNG_BOMB, { locale: 'en-US' });
      expect(en.body.message).toBe('The image must be at most 4096 × 4096 pixels');
      expect(stored()).toEqual(before);
      expect(await currentUpload()).toBe(avatar);
    });

    it.each([
      ['png', png],
      ['jpg', jpg],
      ['gif', (w: number, h: number) => gif(w, h)],
      ['webp', webp],
    ] as const)('accepts a %s of 4096 x 4096 pixels and refuses one pixel more either way', async (ext, make) => {
      for (const [w, h] of [[4097, 4096], [4096, 4097]] as const) {
        const before = stored();
        const res = await upload(make(w, h), { locale: 'en-US' });
        expect(res.status, `${w}x${h}`).toBe(400);
        expect(res.body.message).toBe('The image must be at most 4096 × 4096 pixels');
        expect(stored()).toEqual(before);
      }
      const ok = await upload(make(4096, 4096));
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.data.url).toMatch(new RegExp(`\\.${ext}$`));
      // The replaced upload is gone: the folder holds the new avatar only.
      expect(stored()).toEqual([ok.body.data.url.slice('/uploads/'.length)]);
    });

    it('refuses a GIF whose frame is larger than its screen (browsers grow the picture to it)', async () => {
      const before = stored();
      const res = await upload(gif(16, 16, { width: 5000, height: 16 }));
      expect(res.status).toBe(400);
      expect(res.body.data.error).toBe('VALIDATION_FAILED');
      expect(stored()).toEqual(before);
    });

    it('refuses an image header that cannot be read as the invalid image it is', async () => {
      const before = stored();
      for (const data of [Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 7)]), Buffer.from('ffd8ffe0', 'hex'), png(0, 16), gif(0, 0)]) {
        const res = await upload(data, { locale: 'en-US' });
        expect(res.status, data.toString('hex')).toBe(415);
        expect(res.body.message).toBe('Only PNG, JPEG, WebP or GIF images are allowed');
      }
      expect(stored()).toEqual(before);
    });

    it.each([
      ['the temporary file cannot be flushed (full disk)', () => (fault.sync = ioError('ENOSPC'))],
      ['the file cannot be renamed into place', () => (fault.rename = ioError('EIO'))],
    ])('answers 503 and leaves nothing when %s', async (_, inject) => {
      const avatar = await currentUpload();
      const before = stored();
      inject();
      try {
        const res = await upload(PNG, { locale: 'en-US' });
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ status: 'error', code: 503, data: { error: 'UNAVAILABLE' } });
      } finally {
        fault.sync = undefined;
        fault.rename = undefined;
      }
      expect(stored()).toEqual(before);
      expect(await currentUpload()).toBe(avatar);
    });

    it('answers 503 and leaves nothing on a really full disk (a 16 KiB tmpfs as the uploads folder)', async () => {
      const avatar = await currentUpload();
      const dir = t.config.uploadsDir;
      // Needs root (as CI runs); a machine that cannot mount fails here rather than skipping the case.
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', dir], { stdio: 'ignore' });
      try {
        expect(readdirSync(dir)).toEqual([]);
        const big = Buffer.concat([PNG, Buffer.alloc(256 * 1024, 1)]);
        const res = await upload(big, { locale: 'zh-CN' });
        expect(res.status).toBe(503);
        expect(res.body.data.error).toBe('UNAVAILABLE');
        expect(res.body.message).toBe('服务暂不可用，请稍后再试');
        expect(readdirSync(dir)).toEqual([]);
      } finally {
        execFileSync('umount', [dir]);
      }
      expect(await currentUpload()).toBe(avatar);
    });

    it('removes the new file again when the database refuses the update, keeping the old avatar', async () => {
      const avatar = await currentUpload();
      const before = stored();
      await t.db.execute(`alter table users add constraint test_no_new_avatar check (avatar = '${avatar}' or avatar not like '/uploads/%') not valid`);
      try {
        const res = await upload(PNG);
        expect(res.status).toBeGreaterThanOrEqual(500);
        expect(res.body.status).toBe('error');
      } finally {
        await t.db.execute('alter table users drop constraint test_no_new_avatar');
      }
      expect(stored()).toEqual(before);
      expect(await currentUpload()).toBe(avatar);
    });

    it('stores nothing for an upload the client aborts halfway', async () => {
      const avatar = await currentUpload();
      const before = stored();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const m = buildMultipart([{ name: 'file', filename: 'me.png', contentType: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(512 * 1024, 1)]) }]);
      const headers = await signHeaders(TEST_CREDENTIAL, {
        method: 'POST',
        path: '/api/user/upload',
        query: '',
        headers: { 'X-Fingerprint': TEST_FINGERPRINT, 'Access-Token': t.tokens.user, 'Content-Type': m.contentType },
        body: new Uint8Array(m.body),
      });
      const received = new Promise<void>((resolve) => t.app.server.once('request', (req) => req.once('close', () => resolve())));
      const socket = connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const head = [`POST /api/user/upload HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Content-Length: ${m.body.length}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      socket.write(m.body.subarray(0, m.body.length / 2));
      socket.destroy();
      await received; // the server saw the request end without its body
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(stored()).toEqual(before);
      expect(await currentUpload()).toBe(avatar);
    });
  });

  it('sweeps only old temporary upload files (left by a process stopped mid-write)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atrium-uploads-'));
    try {
      const now = Date.now();
      const files = { old: '.0b8f7c4e-0000-4000-8000-000000000000.png.tmp', young: '.1b8f7c4e-0000-4000-8000-000000000000.png.tmp', kept: '2b8f7c4e-0000-4000-8000-000000000000.png' };
      for (const name of Object.values(files)) writeFileSync(join(dir, name), 'x');
      utimesSync(join(dir, files.old), new Date(now - 2 * 3600_000), new Date(now - 2 * 3600_000));
      utimesSync(join(dir, files.kept), new Date(now - 2 * 3600_000), new Date(now - 2 * 3600_000));
      mkdirSync(join(dir, '.folder.tmp'));
      utimesSync(join(dir, '.folder.tmp'), new Date(now - 2 * 3600_000), new Date(now - 2 * 3600_000));
      expect(await sweepStaleTempFiles(dir, 3600_000, now)).toBe(1);
      expect(readdirSync(dir).sort()).toEqual([files.young, '.folder.tmp', files.kept].sort());
      expect(await sweepStaleTempFiles(join(dir, 'missing'), 0, now)).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('certification', () => {
    const certification = async (token: string, locale: 'zh-CN' | 'en-US' = 'zh-CN') => (await t.request({ url: '/api/user/certification', token, locale })).body.data;

    it('shows the approved enterprise and the records, masked; nothing for a user who never applied', async () => {
      const a = await certification(t.tokens.admin);
      expect(a.enterpriseInfo).toMatchObject({
        accountType: 'enterprise', status: 1, enterpriseName: '北京示例科技有限公司', certificateType: 'idCard', enterpriseCertificateType: 'businessLicense',
        legalPerson: '李**', authenticationNumber: '110***********002X', organizationCode: '9111**********341L',
      });
      expect(a.record.map((r: { status: number }) => r.status)).toEqual([1, 2]);
      expect(a.record[0].detail.authenticationNumber).not.toContain('19491231');
      expect(await certification(t.tokens.user)).toEqual({ enterpriseInfo: null, record: [] });
    });

    it('applies (status 0), refuses a second application while one is under review, withdraws', async () => {
      const res = await t.request({ method: 'POST', url: '/api/user/certification/apply', token: t.tokens.user, body: { ...apply, organizationCode: apply.organizationCode.toLowerCase() } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ status: 0, certificationType: 'enterprise', certificationContent: apply.enterpriseName });
      expect(res.body.data.detail.organizationCode).toBe('9131**********519X');
      const again = await t.request({ method: 'POST', url: '/api/user/certification/apply', token: t.tokens.user, body: apply, locale: 'en-US' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('An application is already under review');
      expect((await certification(t.tokens.user)).enterpriseInfo).toBeNull();

      const id = res.body.data.id as number;
      // Someone else's record reads as not found, and stays under review.
      expect((await t.request({ method: 'POST', url: `/api/user/certification/${id}/withdraw`, token: t.tokens.admin })).status).toBe(404);
      expect((await certification(t.tokens.user)).record[0].status).toBe(0);
      const withdrawn = await t.request({ method: 'POST', url: `/api/user/certification/${id}/withdraw`, token: t.tokens.user });
      expect(withdrawn.body.data).toMatchObject({ id, status: 2 });
      const twice = await t.request({ method: 'POST', url: `/api/user/certification/${id}/withdraw`, token: t.tokens.user, locale: 'zh-CN' });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('只能撤回审核中的认证申请');
      expect((await t.request({ method: 'POST', url: '/api/user/certification/999999/withdraw', token: t.tokens.user })).status).toBe(404);
      expect((await t.request({ method: 'POST', url: '/api/user/certification/apply', token: t.tokens.user, body: apply })).status).toBe(200);
    });

    it('validates the application in both languages, storing nothing', async () => {
      const before = await t.count('certifications');
      const zh = await t.request({ method: 'POST', url: '/api/user/certification/apply', token: t.tokens.admin, locale: 'zh-CN', body: { ...apply, organizationCode: 'IO1234', authenticationNumber: '12345' } });
      expect(zh.body.data.details).toEqual([
        { path: 'organizationCode', message: '请输入正确的 18 位统一社会信用代码' },
        { path: 'authenticationNumber', message: '请输入正确的 18 位身份证号码' },
      ]);
      const en = await t.request({ method: 'POST', url: '/api/user/certification/apply', token: t.tokens.admin, locale: 'en-US', body: { enterpriseCertificateType: 'passport' } });
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
