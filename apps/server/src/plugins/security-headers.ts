import type { FastifyInstance } from 'fastify';

/**
 * CSP for the SPA: scripts only from this origin; inline styles allowed because Arco and the theme
 * colour element inject them; images from data: (captcha, avatars previews) and blob:.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
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

const securityHeaders = {
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * Sets the headers when the request arrives (onRequest), not in an onSend hook: any onSend hook puts every
 * response through Fastify's hook runner, and these headers do not depend on the answer. A handler that
 * needs another Cache-Control (a download, a static asset) sets its own later, which replaces this one;
 * error answers keep them.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  // Callback style: nothing here waits, and a hook without a promise is cheaper on every request.
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(securityHeaders);
    // API answers are personal and signed per request: never cache them.
    if (req.url.startsWith('/api/') || req.url.startsWith('/auth/')) reply.header('Cache-Control', 'no-store');
    done();
  });
}
