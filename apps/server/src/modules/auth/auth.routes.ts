import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authCalls, phoneLoginSchema, type PasswordLogin, type PhoneLogin } from '@atrium/contracts';
import { AppError } from '../../http/errors.ts';
import { RateLimiter } from '../../http/rate-limit.ts';
import { registerCall } from '../../http/register-call.ts';
import { issueCaptcha, loginWithPassword, loginWithPhone, sendLoginCode, type AuthEnv } from './auth.service.ts';
import { revokeSession } from './session.repository.ts';

function authEnv(app: FastifyInstance, req: FastifyRequest): AuthEnv {
  return { db: app.db, config: app.config, now: app.now(), ip: req.ip, fingerprint: req.fingerprint, userAgent: req.headers['user-agent'] ?? '' };
}

export async function limitOrThrow(limiter: RateLimiter, key: string): Promise<void> {
  const wait = await limiter.hit(key);
  if (wait > 0) throw new AppError('RATE_LIMITED', { message: 'login.error.rateLimited', headers: { 'Retry-After': String(wait) }, details: { retryAfter: wait } });
}

export function registerAuthModule(app: FastifyInstance): void {
  const { rateLimits } = app.config;
  const loginLimiter = new RateLimiter(app.db, 'login', rateLimits.login, 60_000, app.now);
  const captchaLimiter = new RateLimiter(app.db, 'captcha', rateLimits.captcha, 60_000, app.now);
  const smsLimiter = new RateLimiter(app.db, 'sms-login', rateLimits.sms, 60_000, app.now);

  registerCall(app, authCalls.clientConfig, ({ config, now }) => {
    const key = config.signingKeys[0]!;
    return { keyId: key.keyId, secret: key.secret, serverTime: now().toISOString() };
  });

  registerCall(app, authCalls.captcha, async ({ req }) => {
    await limitOrThrow(captchaLimiter, req.ip);
    return issueCaptcha({ db: app.db, now: app.now() }, app.captchaText());
  });

  registerCall(app, authCalls.login, async ({ req, body }) => {
    await limitOrThrow(loginLimiter, req.ip);
    const env = authEnv(app, req);
    return phoneLoginSchema.safeParse(body).success ? loginWithPhone(env, body as PhoneLogin) : loginWithPassword(env, body as PasswordLogin);
  });

  registerCall(app, authCalls.smsCode, async ({ req, body }) => {
    await limitOrThrow(smsLimiter, req.ip);
    return sendLoginCode({ db: app.db, now: app.now(), sms: app.sms }, body.tel);
  });

  registerCall(app, authCalls.logout, async ({ session, db, now }) => {
    await revokeSession(db, session.sessionId, now());
    return null;
  });
}
