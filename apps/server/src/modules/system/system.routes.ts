import type { FastifyInstance } from 'fastify';
import { systemCalls } from '@atrium/contracts/calls/system';
import { registerAuditRoutes } from '../../audit/audit.routes.ts';
import { registerCall } from '../../http/register-call.ts';
import { registerSessionRoutes } from '../../sessions/live-sessions.routes.ts';
import { createUser, disableUser, editUser, enableUser, getUser, listUsers, resetUserMfa, resetUserPassword, unlockUser } from './account.service.ts';
import { createRole, editRole, listRoleOptions, listRoles, permissionEntries, removeRole } from './role.service.ts';

/**
 * System management: roles and the permission catalogue, accounts, sessions (everyone's, and the caller's
 * own under /api/user/sessions; sessions/live-sessions.*) and the audit trail (audit/audit.*). The pipeline
 * has checked each call's permission; the writes run in the transaction their audit entry is written in (`ctx.db`).
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

  registerSessionRoutes(app);

  registerAuditRoutes(app);
}
