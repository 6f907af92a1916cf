import type { FastifyInstance } from 'fastify';
import { authCalls } from '@atrium/contracts';
import { PREFERENCES_MAX_BYTES, preferencesCalls } from '@atrium/contracts/calls/preferences';
import { RateLimiter } from '../../http/rate-limit.ts';
import { registerCall } from '../../http/register-call.ts';
import { limitOrThrow } from '../auth/auth.routes.ts';
import { sendSmsCode, verifySmsCode } from '../auth/sms-sign-in.ts';
import { diffFields, say } from '../../audit/audit-entry.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { changeUser } from '../shared/users.repository.ts';
import { findSessionById } from '../../sessions/session-lookup.ts';
import {
  changePassword,
  checkNewPhone,
  getUserInfo,
  menuTextFor,
  readPreferences,
  savePreferences,
  setSecurityQuestion,
  switchRole,
} from './user.service.ts';

export function registerUserModule(app: FastifyInstance): void {
  const smsLimiter = new RateLimiter(app.db, 'sms-bind', app.config.rateLimits.sms, 60_000, app.now);

  registerCall(app, authCalls.info, ({ db, session, locale }) => getUserInfo(db, session, locale));
  registerCall(app, authCalls.menu, ({ db, req, session }) => menuTextFor(db, session, req.generations), { reads: ['roles'] });
  registerCall(app, authCalls.switchRole, ({ db, session, body, locale, audit }) => {
    audit.set({ targetType: 'session', targetId: session.sessionId, changes: [{ field: 'role', before: session.role, after: body.role }] });
    return switchRole(db, session, body.role, locale);
  });

  // The page the console goes to, drawn with its data as this session (decision 051): read through the API's
  // own pipeline, as the signed-in document's page is (plugins/drawn-view.ts), so every check and scope holds.
  registerCall(app, authCalls.drawnPage, async ({ db, session, query, locale }) => {
    // The session with its token's hash, as the document route has it from its cookie (one indexed read).
    const found = await findSessionById(db, session.sessionId);
    if (!found) throw new AppError('SESSION_EXPIRED');
    const viewer = { sessionId: session.sessionId, userId: session.userId, tokenHash: found.tokenHash, found };
    const drawn = await app.drawnViews.draw(viewer, query.path, locale, 'navigation');
    return drawn ? { path: drawn.path, html: drawn.html, answers: drawn.answers } : null;
  });

  registerCall(app, preferencesCalls.get, ({ db, session }) => readPreferences(db, session.userId));
  registerCall(app, preferencesCalls.save, ({ db, session, body, now, audit }) => savePreferences(db, session.userId, body, now(), audit), {
    bodyLimit: PREFERENCES_MAX_BYTES,
  });

  registerCall(app, authCalls.changePassword, async ({ db, session, body, now, audit }) => {
    audit.set({ targetType: 'user', targetId: session.userId, summary: say({ 'zh-CN': '密码已修改，其他会话已结束', 'en-US': 'password changed; other sessions revoked' }) });
    await changePassword(db, session, body.oldPassword, body.newPassword, now());
    return null;
  });
  registerCall(app, authCalls.securityQuestion, async ({ db, session, body, audit }) => {
    await setSecurityQuestion(db, session, body.question, body.answer, audit);
    return null;
  });
  // Its rate limit counts whatever happens to the rest: the entry is written after, not in one transaction.
  registerCall(
    app,
    authCalls.phoneCode,
    async ({ req, db, config, session, body, now }) => {
      await limitOrThrow(smsLimiter, req.ip);
      await checkNewPhone(db, session, body.tel);
      return sendSmsCode({ db, config, now: now(), sms: app.sms }, body.tel, 'bind', session.userId);
    },
    { audit: { mode: 'after' } },
  );
  registerCall(app, authCalls.bindPhone, async ({ db, config, session, body, now, locale, audit }) => {
    await checkNewPhone(db, session, body.tel);
    await verifySmsCode({ db, config, now: now() }, body.tel, 'bind', body.code, session.userId);
    try {
      const rows = await changeUser(db, session.userId, { phone: body.tel });
      if (!rows) throw new AppError('SESSION_EXPIRED');
      audit.set({ changes: diffFields(rows.before, rows.after, ['phone']) });
    } catch (err) {
      // Unique index: another account bound the number in the meantime.
      if ((err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') {
        throw fieldError('tel', 'userSetting.phone.taken');
      }
      throw err;
    }
    return getUserInfo(db, session, locale);
  });
}
