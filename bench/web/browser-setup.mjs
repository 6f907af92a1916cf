/* global localStorage */
/**
 * What bench/web's scripts (run.mjs, click.mjs, emulation-stall.mjs) load pages with: the same Chromium
 * flags, the same emulated network, the same trust of a proxy's self-signed certificate, the same sign-in.
 */
import { X509Certificate, createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** Headless, no sandbox (root), no background traffic, and no name resolved but 127.0.0.1's. */
export const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'];

/** The DevTools protocol's network emulation, as the shared harness's measure.mjs --rtt 100 sets it. */
export const NET_100 = { offline: false, latency: 100, downloadThroughput: (10 * 1e6) / 8, uploadThroughput: (5 * 1e6) / 8 };

/** The SPKI pin Chromium's --ignore-certificate-errors-spki-list takes: base64 of SHA-256 of the DER SubjectPublicKeyInfo. */
export const spkiPin = (pemFile) => createHash('sha256').update(new X509Certificate(readFileSync(pemFile)).publicKey.export({ type: 'spki', format: 'der' })).digest('base64');

/**
 * Signs the demo's administrator in on `page`, open at Atrium's /login, and waits for the landing page and for
 * the document cookie the console asks for once the profile is read (lib/document-cookie.ts): what a later
 * cold load of a signed-in page needs, the console's storage and the browser's cookies.
 */
export async function signInAdmin(page, context, landingPath) {
  await page.locator('#root input[name=username]').fill('admin');
  await page.locator('#root input[name=password]').fill('admin123');
  await page.locator('#root [data-testid=login-submit]').click();
  await page.waitForURL(`**${landingPath}`, { timeout: 30_000 });
  const limit = Date.now() + 10_000;
  while (!(await context.cookies()).some((c) => c.name === 'atrium_document') && Date.now() < limit) await new Promise((ok) => setTimeout(ok, 50));
  return { storage: await page.evaluate(() => ({ ...localStorage })), cookies: await context.cookies() };
}
