import type { FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from '../http/paths.ts';

/**
 * CSP for the SPA: scripts only from this origin (and inline scripts only by hash); inline styles
 * allowed because Arco and the theme colour element inject them and index.html carries its first view's
 * styles; images from data: (captcha, avatars previews) and blob:.
 */
export function documentPolicy(scriptHashes: string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy of every document and asset; the console's index.html adds its boot scripts' hashes (static-web.ts). */
export const contentSecurityPolicy = documentPolicy();

/**
 * An API answer is data, never a document: if a browser is ever made to render one (opened directly,
 * framed), it may load nothing and be framed by no one.
 */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

/** Headers every answer carries. */
const commonHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** Documents and assets: the SPA's policy and the document-only headers (opener, powerful features). */
const documentHeaders = {
  ...commonHeaders,
  'Content-Security-Policy': contentSecurityPolicy,
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * API answers: personal and signed per request, so never cached; a CSP that allows nothing. The
 * document-only headers (the SPA's CSP, opener policy, permissions policy) mean nothing on JSON and would
 * add about 400 bytes to every answer.
 */
const apiHeaders = {
  ...commonHeaders,
  'Content-Security-Policy': apiContentSecurityPolicy,
  'Cache-Control': 'no-store',
};

/**
 * Set when the request arrives (plugins/pipeline.ts), not in an onSend hook: any onSend hook puts every
 * response through Fastify's hook runner, and these headers do not depend on the answer. A handler that
 * needs another Cache-Control (a download, a static asset) sets its own later, which replaces this one;
 * error answers keep them.
 */
export function setSecurityHeaders(req: FastifyRequest, reply: FastifyReply): void {
  reply.headers(isApiPath(req.url) ? apiHeaders : documentHeaders);
}
