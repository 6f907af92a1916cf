import type { FastifyInstance } from 'fastify';
import { twoStepCalls } from '@atrium/contracts/calls/two-step';
import { registerCall } from '../../http/register-call.ts';
import { disable, enable, keyStoredRecoveryCodes, twoStepStatus, renewRecoveryCodes, startSetup } from './two-step.service.ts';
import { signInSaid } from './trail-texts.ts';

/**
 * The caller's own two-step verification (docs/http-contract.md, Two-step verification). Each write is in
 * the audit trail under its call's id, with no secret, code or URI in it. The second sign-in step is
 * registered with the sign-in (auth.routes.ts).
 */
export function registerTwoStepCalls(app: FastifyInstance): void {
  registerCall(app, twoStepCalls.status, ({ db, session }) => twoStepStatus(db, session));
  registerCall(app, twoStepCalls.setup, ({ db, config, session, now, audit }) => {
    audit.set({ targetType: 'user', targetId: session.userId, summary: signInSaid.pendingSecret });
    return startSetup(db, config, session, now());
  });
  registerCall(app, twoStepCalls.enable, ({ db, config, session, body, now, audit }) => {
    audit.set({ targetType: 'user', targetId: session.userId, summary: signInSaid.twoStepOn });
    return enable(db, config, session, body.code, now());
  });
  registerCall(app, twoStepCalls.disable, ({ db, config, session, body, now, audit }) => {
    audit.set({ targetType: 'user', targetId: session.userId, summary: signInSaid.twoStepOff });
    return disable(db, config, session, body, now());
  });
  registerCall(app, twoStepCalls.recoveryCodes, ({ db, config, session, body, now, audit }) => {
    audit.set({ targetType: 'user', targetId: session.userId, summary: signInSaid.recoveryCodes });
    return renewRecoveryCodes(db, config, session, body, now());
  });
  // Recovery codes stored unkeyed (by an earlier version) are keyed before the first request. A failure
  // (the database away) only waits for the next start: until then such codes still work as they are.
  app.addHook('onReady', async () => {
    try {
      const accounts = await keyStoredRecoveryCodes(app.db, app.config, app.now());
      if (accounts > 0) app.log.info({ accounts }, 'recovery codes keyed with SECRET_KEY');
    } catch (err) {
      app.log.warn({ err }, 'keying stored recovery codes failed; retried at the next start');
    }
  });
}
