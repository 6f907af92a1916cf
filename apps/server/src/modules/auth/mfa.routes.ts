import type { FastifyInstance } from 'fastify';
import { mfaCalls } from '@atrium/contracts/calls/mfa';
import { registerCall } from '../../http/register-call.ts';
import { disable, enable, mfaStatus, renewRecoveryCodes, startSetup } from './mfa.service.ts';

/**
 * The caller's own two-step verification (docs/http-contract.md, Two-step verification). Each write is in
 * the audit trail under its call's id, with no secret, code or URI in it. The second sign-in step is
 * registered with the sign-in (auth.routes.ts).
 */
export function registerMfaCalls(app: FastifyInstance): void {
  registerCall(app, mfaCalls.status, ({ db, session }) => mfaStatus(db, session));
  registerCall(app, mfaCalls.setup, ({ db, config, session, now, audit }) => {
    audit.set({ targetType: 'user', targetId: session.userId, summary: 'new pending secret' });
    return startSetup(db, config, session, now());
  });
  registerCall(app, mfaCalls.enable, ({ db, config, session, body, now, audit }) => {
    audit.set({ targetType: 'user', targetId: session.userId, summary: 'two-step verification on' });
    return enable(db, config, session, body.code, now());
  });
  registerCall(app, mfaCalls.disable, ({ db, config, session, body, now, audit }) => {
    audit.set({ targetType: 'user', targetId: session.userId, summary: 'two-step verification off' });
    return disable(db, config, session, body, now());
  });
  registerCall(app, mfaCalls.recoveryCodes, ({ db, config, session, body, now, audit }) => {
    audit.set({ targetType: 'user', targetId: session.userId, summary: 'new recovery codes' });
    return renewRecoveryCodes(db, config, session, body, now());
  });
}
