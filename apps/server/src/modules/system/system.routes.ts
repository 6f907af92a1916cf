import type { FastifyInstance } from 'fastify';
import { systemCalls } from '@atrium/contracts/calls/system';
import { registerCall } from '../../http/register-call.ts';
import { createUser, disableUser, editUser, enableUser, getUser, listUsers, resetUserMfa, resetUserPassword, unlockUser } from './account.service.ts';
import { exportEntries, listEntries } from './audit.service.ts';
import { createRole, editRole, listRoleOptions, listRoles, permissionEntries, removeRole } from './role.service.ts';
import { listSessions, revokeOtherSessions, revokeSession } from './session.service.ts';

/**
 * System management: roles and the permission catalogue, accounts, sessions (everyone's, and the caller's
 * own under /api/user/sessions) and the audit trail. The pipeline has checked each call's permission; the
 * writes run in the transaction their audit entry is written in (`ctx.db`).
 */
export function registerSystemModule(app: FastifyInstance): void {
  registerCall(app, systemCalls.permissions, ({ locale }) => permissionEntries(locale));
  registerCall(app, systemCalls.roleList, (ctx) => listRoles(ctx, ctx.query));
  registerCall(app, systemCalls.roleOptions, (ctx) => listRoleOptions(ctx));
  registerCall(app, systemCalls.roleCreate, (ctx) => createRole(ctx, ctx.body));
  registerCall(app, systemCalls.roleUpdate, (ctx) => editRole(ctx, ctx.params.id, ctx.body));
  registerCall(app, systemCalls.roleDelete, (ctx) => removeRole(ctx, ctx.params.id));

  registerCall(app, systemCalls.userList, (ctx) => listUsers(ctx, ctx.query));
  registerCall(app, systemCalls.userGet, (ctx) => getUser(ctx, ctx.params.id));
  registerCall(app, systemCalls.userCreate, (ctx) => createUser(ctx, ctx.body));
  registerCall(app, systemCalls.userUpdate, (ctx) => editUser(ctx, ctx.params.id, ctx.body));
  registerCall(app, systemCalls.userDisable, (ctx) => disableUser(ctx, ctx.params.id));
  registerCall(app, systemCalls.userEnable, (ctx) => enableUser(ctx, ctx.params.id));
  registerCall(app, systemCalls.userUnlock, (ctx) => unlockUser(ctx, ctx.params.id));
  registerCall(app, systemCalls.userResetPassword, (ctx) => resetUserPassword(ctx, ctx.params.id));
  registerCall(app, systemCalls.userMfaReset, (ctx) => resetUserMfa(ctx, ctx.params.id));

  registerCall(app, systemCalls.sessionList, (ctx) => listSessions(ctx, ctx.query, ctx.query.userId));
  registerCall(app, systemCalls.sessionRevoke, (ctx) => revokeSession(ctx, ctx.params.id, false));
  registerCall(app, systemCalls.mySessions, (ctx) => listSessions(ctx, ctx.query, ctx.session.userId));
  registerCall(app, systemCalls.mySessionRevoke, (ctx) => revokeSession(ctx, ctx.params.id, true));
  registerCall(app, systemCalls.myOtherSessionsRevoke, (ctx) => revokeOtherSessions(ctx));

  registerCall(app, systemCalls.auditList, ({ db, req, query }) => listEntries(db, query, req.generations), { reads: ['audit_log'] });
  registerCall(app, systemCalls.auditExport, ({ db, reply, query, locale, now }) => exportEntries(db, reply, query, locale, now()));
}
