import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authCalls, phoneLoginSchema, type PasswordLogin, type PhoneLogin } from '@atrium/contracts';
import { twoStepCalls } from '@atrium/contracts/calls/two-step';
import type { Db } from '../../db/client.ts';
import type { AuditNote } from '../../audit/audit-entry.ts';
import { findUserById, findUserByPhone, findUserByUsername } from '../shared/users.repository.ts';
import { clientConfigOf } from '../../http/client-config.ts';
import { AppError } from '../../http/errors.ts';
import { RateLimiter } from '../../http/rate-limit.ts';
import { registerCall } from '../../http/register-call.ts';
import { issueCaptcha } from './captcha.ts';
import { refusedSignIn } from './trail-texts.ts';
import { withDocumentCookie, type AuthEnv } from './open-session.ts';
import { loginWithPassword } from './password-sign-in.ts';
import { loginWithPhone, sendLoginCode } from './sms-sign-in.ts';
import { loginSecondStep } from './two-step-sign-in.ts';
import { registerTwoStepCalls } from './two-step.routes.ts';
import { CompanyProvider } from './oidc.provider.ts';
import { registerCompanySignInCalls } from './company-sign-in.routes.ts';
import { revokeSession } from '../../sessions/session.repository.ts';
import { clearDocumentCookie, setDocumentCookie } from '../../sessions/document-cookie.ts';

function authEnv(app: FastifyInstance, req: FastifyRequest): AuthEnv {
  return { db: app.db, config: app.config, now: app.now(), ip: req.ip, fingerprint: req.fingerprint, userAgent: req.headers['user-agent'] ?? '' };
}

export async function limitOrThrow(limiter: RateLimiter, key: string): Promise<void> {
  const wait = await limiter.hit(key);
  if (wait > 0) throw new AppError('RATE_LIMITED', { message: 'login.error.rateLimited', headers: { 'Retry-After': String(wait) }, details: { retryAfter: wait } });
}

/** Refused sign-ins recorded as `failed` entries: the username (or phone) tried, never a password or code. */
const FAILED_SIGN_IN = new Set(['INVALID_CREDENTIALS', 'ACCOUNT_LOCKED', 'ACCOUNT_DISABLED', 'CAPTCHA_INVALID', 'CAPTCHA_REQUIRED']);

/** The target is the account tried, when one exists. */
async function failedSignIn(db: Db, error: unknown, body: unknown): Promise<AuditNote | null> {
  if (!(error instanceof AppError) || !FAILED_SIGN_IN.has(error.key)) return null;
  const tried = body as Partial<PasswordLogin & PhoneLogin> | undefined;
  const name = (tried?.username ?? tried?.tel ?? '').trim().slice(0, 64);
  const account = tried?.username ? await findUserByUsername(db, tried.username.trim()) : tried?.tel ? await findUserByPhone(db, tried.tel.trim()) : undefined;
  const lockout = (error.cause as { lockedUntil?: Date } | undefined)?.lockedUntil;
  return { actor: { id: null, name, role: null }, targetType: 'user', targetId: account?.id ?? null, summary: refusedSignIn(error.key, { lockedUntil: lockout }) };
}

/** Refused second steps, recorded as `failed` entries with the account of the ticket (never the code). */
const FAILED_SECOND_STEP = new Set(['MFA_CODE_INVALID', 'MFA_TICKET_INVALID', 'ACCOUNT_LOCKED', 'ACCOUNT_DISABLED']);

async function failedSecondStep(error: unknown): Promise<AuditNote | null> {
  if (!(error instanceof AppError) || !FAILED_SECOND_STEP.has(error.key)) return null;
  const who = error.cause as { userId: number; username: string } | undefined;
  return { actor: { id: who?.userId ?? null, name: who?.username ?? '', role: null }, targetType: 'user', targetId: who?.userId ?? null, summary: refusedSignIn(error.key) };
}

export function registerAuthModule(app: FastifyInstance): void {
  const { rateLimits } = app.config;
  const loginLimiter = new RateLimiter(app.db, 'login', rateLimits.login, 60_000, app.now);
  const captchaLimiter = new RateLimiter(app.db, 'captcha', rateLimits.captcha, 60_000, app.now);
  const smsLimiter = new RateLimiter(app.db, 'sms-login', rateLimits.sms, 60_000, app.now);

  const company = app.config.oidc ? new CompanyProvider(app.config.oidc, app.log) : undefined;
  registerCall(app, authCalls.clientConfig, ({ config, now }) => ({ ...clientConfigOf(config), serverTime: now().toISOString() }));

  registerCall(app, authCalls.captcha, async ({ req }) => {
    await limitOrThrow(captchaLimiter, req.ip);
    return issueCaptcha({ db: app.db, now: app.now() }, app.captchaText());
  });

  registerCall(
    app,
    authCalls.login,
    async ({ req, reply, body, audit, recordSuccess }) => {
      await limitOrThrow(loginLimiter, req.ip);
      const env: AuthEnv = {
        ...authEnv(app, req),
        record: (tx, who, summary) => {
          audit.set({ actor: { id: who.id, name: who.username, role: who.role }, targetType: 'user', targetId: who.id, ...(summary ? { summary } : {}) });
          return recordSuccess(tx);
        },
      };
      const signedIn = phoneLoginSchema.safeParse(body).success ? await loginWithPhone(env, body as PhoneLogin) : await loginWithPassword(env, body as PasswordLogin);
      return withDocumentCookie(reply, req, app.config, signedIn, signedIn.answer);
    },
    { audit: { mode: 'in-handler', failed: (error, { body }) => failedSignIn(app.db, error, body) } },
  );

  registerCall(
    app,
    twoStepCalls.loginStep,
    async ({ req, reply, body, audit, recordSuccess }) => {
      await limitOrThrow(loginLimiter, req.ip);
      const env: AuthEnv = {
        ...authEnv(app, req),
        record: (tx, who) => {
          audit.set({ actor: { id: who.id, name: who.username, role: who.role }, targetType: 'user', targetId: who.id });
          return recordSuccess(tx);
        },
      };
      const signedIn = await loginSecondStep(env, body);
      return withDocumentCookie(reply, req, app.config, signedIn, signedIn.answer);
    },
    { audit: { mode: 'in-handler', failed: failedSecondStep } },
  );
  registerTwoStepCalls(app);
  registerCompanySignInCalls(app, company, { limitSignIn: (req) => limitOrThrow(loginLimiter, req.ip), authEnv: (req) => authEnv(app, req) });

  registerCall(
    app,
    authCalls.smsCode,
    async ({ req, body, audit }) => {
      await limitOrThrow(smsLimiter, req.ip);
      audit.set({ actor: { id: null, name: body.tel, role: null }, targetType: null, targetId: null });
      return sendLoginCode({ db: app.db, config: app.config, now: app.now(), sms: app.sms }, body.tel);
    },
    { audit: { mode: 'after' } },
  );

  // Sent with the browser's cookies (the console's only such calls, with the company sign-in's redeem): the
  // answer sets or removes the document cookie, which this call does not read either.
  registerCall(app, authCalls.documentCookie, ({ req, reply, session, config }) => {
    reply.header('Set-Cookie', setDocumentCookie(config, session, req.protocol === 'https')).header('Cache-Control', 'no-store');
    return null;
  });

  registerCall(app, authCalls.logout, async ({ req, reply, session, db, now, audit }) => {
    audit.set({ targetType: 'session', targetId: session.sessionId });
    await revokeSession(db, session.sessionId, now());
    reply.header('Set-Cookie', clearDocumentCookie(req.protocol === 'https'));
    // OIDC_LOGOUT=provider: a company account's browser goes on to end its session at the provider too.
    if (company?.settings.logout !== 'provider' || (await findUserById(db, session.userId))?.source !== 'oidc') return null;
    const endSessionUrl = await company.endSessionUrl();
    return endSessionUrl ? { endSessionUrl } : null;
  });
}
