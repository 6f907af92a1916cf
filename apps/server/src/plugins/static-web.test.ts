import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_CREDENTIAL, type TestApp } from '../test/harness.ts';
import { withClientConfig } from './static-web.ts';

describe('the built console on the API port', () => {
  let t: TestApp;
  const dist = mkdtempSync(join(tmpdir(), 'atrium-dist-'));
  const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app-1a2b.js"></script>');
    writeFileSync(join(dist, 'assets/app-1a2b.js'), script);
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ config: { webDist: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves index.html for the root and for any client route (SPA fallback), with the CSP', async () => {
    for (const url of ['/', '/system/user', '/system/audit?current=2', '/login']) {
      const res = await get(url);
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 200, 'text/html; charset=utf-8']);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  const configBlock = (html: string) => {
    const m = /<script type="application\/json" id="atrium-client-config">([^<]*)<\/script>/.exec(html);
    return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : undefined;
  };

  it('carries the client configuration in the document, as GET /api/client-config answers it less the time', async () => {
    const res = await get('/system/user', { 'accept-encoding': 'br' });
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    const api = await t.request({ url: '/api/client-config', sign: false });
    const { serverTime, ...rest } = api.body.data as Record<string, unknown>;
    expect(serverTime).toEqual(expect.any(String));
    expect(configBlock(html)).toEqual(rest);
    expect(rest).toMatchObject({ keyId: TEST_CREDENTIAL.keyId, secret: TEST_CREDENTIAL.secret });
    // before the first script: the boot scripts read it
    expect(html.indexOf('atrium-client-config')).toBeLessThan(html.indexOf('<script type="module"'));
    for (const url of ['/', '/index.html', '/login']) expect(configBlock((await get(url)).body)).toEqual(rest);
    // revalidated while the credential is the same
    expect((await get('/', { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
  });

  it('names the credential in the ETag: after a key rotation a revalidating browser gets the new key', async () => {
    const before = await get('/');
    const rotated = { keyId: 'rotated-key', secret: 'rotated-secret-0123456789abcdef' };
    const other = await createTestApp({ config: { webDist: dist, signingKeys: [rotated, TEST_CREDENTIAL] } });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': before.headers.etag as string } });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).not.toBe(before.headers.etag);
      expect(configBlock(res.body)).toMatchObject({ keyId: 'rotated-key', secret: rotated.secret });
    } finally {
      await other.close();
    }
  });

  it('escapes the configuration so that nothing in it can close its element', () => {
    const html = withClientConfig('<!doctype html><head><script>boot()</script></head>', { signIn: { sso: { label: '</script><script>alert(1)</script>' } } });
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(configBlock(html)).toEqual({ signIn: { sso: { label: '</script><script>alert(1)</script>' } } });
    expect(withClientConfig('<!doctype html><head></head><body></body>', { a: 1 })).toBe('<!doctype html><head><script type="application/json" id="atrium-client-config">{"a":1}</script></head><body></body>');
  });

  it("allows the document's own inline script by its hash, and no other inline script", async () => {
    const boot = 'document.documentElement.lang = "en-US";';
    const other = mkdtempSync(join(tmpdir(), 'atrium-dist-'));
    writeFileSync(join(other, 'index.html'), `<!doctype html><div id="root"></div><script>${boot}</script><script type="module" src="/assets/a.js"></script>`);
    const app = await createTestApp({ config: { webDist: other } });
    try {
      const res = await app.app.inject({ method: 'GET', url: '/login' });
      const hash = createHash('sha256').update(boot).digest('base64');
      const scriptSrc = String(res.headers['content-security-policy']).split('; ').find((d) => d.startsWith('script-src'));
      expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
      // An asset keeps the plain policy.
      writeFileSync(join(other, 'a.css'), 'body{}');
      expect((await app.app.inject({ method: 'GET', url: '/a.css' })).headers['content-security-policy']).toContain("script-src 'self';");
    } finally {
      await app.close();
      rmSync(other, { recursive: true, force: true });
    }
    // A document without inline scripts: 'self' only.
    expect(String((await get('/')).headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it('serves hashed assets compressed, cacheable for a year, with ETag revalidation', async () => {
    const br = await get('/assets/app-1a2b.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    const gz = await get('/assets/app-1a2b.js', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const again = await get('/assets/app-1a2b.js', { 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('serves compressed files written beside the build (npm start), and recompresses a file rebuilt since', async () => {
    const { precompressDir } = await import('./web-compress.ts');
    const other = 'y'.repeat(4000);
    writeFileSync(join(dist, 'assets/lazy-9z.js'), other);
    expect(await precompressDir(dist)).toBeGreaterThanOrEqual(2); // index.html is small: app and lazy chunks
    expect(await precompressDir(dist)).toBe(0); // nothing stale
    expect(brotliDecompressSync(readFileSync(join(dist, 'assets/lazy-9z.js.br'))).toString()).toBe(other);
    // a sibling older than its file is stale: the server compresses the new content itself
    writeFileSync(join(dist, 'assets/lazy-9z.js.br'), brotliCompressSync('stale'));
    utimesSync(join(dist, 'assets/lazy-9z.js.br'), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const res = await get('/assets/lazy-9z.js', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(other);
    // a fresh sibling is served as it is, not compressed again
    writeFileSync(join(dist, 'assets/pre-1.js'), 'z'.repeat(3000));
    writeFileSync(join(dist, 'assets/pre-1.js.br'), brotliCompressSync('from disk'));
    writeFileSync(join(dist, 'assets/pre-1.js.gz'), gzipSync('from disk'));
    const fromDisk = await get('/assets/pre-1.js', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(fromDisk.rawPayload).toString()).toBe('from disk');
  });

  it('never serves a file outside the build folder', async () => {
    for (const url of ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2f..%2fetc%2fpasswd', '/../../etc/passwd']) {
      const res = await get(url);
      expect(res.body).not.toContain('root:');
      // either refused, or the URL was normalised to a client route and got the console
      if (res.statusCode === 200) expect(res.body).toContain('<div id="root">');
      else expect(res.statusCode).toBe(404);
    }
  });

  it('answers missing files, unknown API paths and other methods with the 404 envelope', async () => {
    for (const url of ['/assets/missing.js', '/api/nope', '/auth/nope', '/..%2f..%2fetc%2fpasswd']) {
      const res = await get(url);
      expect([url, res.statusCode, res.body.slice(0, 100)]).toEqual([url, 404, expect.stringContaining('NOT_FOUND')]);
    }
    expect((await t.app.inject({ method: 'POST', url: '/system/user' })).statusCode).toBe(404);
  });
});
