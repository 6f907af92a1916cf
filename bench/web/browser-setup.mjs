/**
 * What bench/web's scripts (run.mjs, emulation-stall.mjs) load pages with: the same Chromium flags, the
 * same emulated network, the same trust of a proxy's self-signed certificate.
 */
import { X509Certificate, createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** Headless, no sandbox (root), no background traffic, and no name resolved but 127.0.0.1's. */
export const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'];

/** The DevTools protocol's network emulation, as the shared harness's measure.mjs --rtt 100 sets it. */
export const NET_100 = { offline: false, latency: 100, downloadThroughput: (10 * 1e6) / 8, uploadThroughput: (5 * 1e6) / 8 };

/** The SPKI pin Chromium's --ignore-certificate-errors-spki-list takes: base64 of SHA-256 of the DER SubjectPublicKeyInfo. */
export const spkiPin = (pemFile) => createHash('sha256').update(new X509Certificate(readFileSync(pemFile)).publicKey.export({ type: 'spki', format: 'der' })).digest('base64');
