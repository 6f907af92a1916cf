import type { FastifyInstance } from 'fastify';
import { systemCalls } from '@atrium/contracts/calls/system';
import { registerAuditRoutes } from '../../audit/audit.routes.ts';
import { registerCall } from '../../http/register-call.ts';
import { registerSessionRoutes } from '../../sessions/live-sessions.routes.ts';
import { createUser, disableUser, editUser, enableUser, getUser, listUsers, resetUserTwoStep, resetUserPassword, unlockUser } from './account.service.ts';
import { createDepartment, departmentReach, departmentTree, editDepartment, getDepartment, removeDepartment, treeReads } from './department.service.ts';
import { registerScopeOptions } from './scope-options.ts';
import { createRole, editRole, listRoleOptions, listRoles, permissionEntries, removeRole } from './role.service.ts';

/**
 * Calls that reckon a data scope: the accounts', read and written within the caller's reach (issue 39),
 * writes that weigh a scope against the caller's (no escalation, decision 033), and the departments' writes,
 * each within the caller's reach of the accounts, as the leader they name (decisions 038 and 056). The
 * departments' generation comes with the request's round trip, so the tree in memory answers without a
 * statement.
 */
const SCOPE_CHECKED = { reads: ['departments'] } as const;

/**
 * System management: roles and the permission catalogue, accounts, departments, sessions (everyone's, and the caller's
 * own under /api/user/sessions; sessions/live-sessions.*) and the audit trail (audit/audit.*). The pipeline
 * has checked each call's permission; the writes run in the transaction their audit entry is written in (`ctx.db`).
 */
export function registerSystemModule(app: FastifyInstance): void {
  registerCall(app, systemCalls.permissions, ({ locale }) => permissionEntries(locale));
  registerCall(app, systemCalls.roleList, (ctx) => listRoles(ctx, ctx.query));
  registerCall(app, systemCalls.roleOptions, (ctx) => listRoleOptions(ctx));
  registerCall(app, systemCalls.roleCreate, (ctx) => createRole(ctx, ctx.body), SCOPE_CHECKED);
  registerCall(app, systemCalls.roleUpdate, (ctx) => editRole(ctx, ctx.params.id, ctx.body), SCOPE_CHECKED);
  registerCall(app, systemCalls.roleDelete, (ctx) => removeRole(ctx, ctx.params.id));

  registerCall(app, systemCalls.userList, (ctx) => listUsers(ctx, ctx.query), SCOPE_CHECKED);
  registerCall(app, systemCalls.userGet, (ctx) => getUser(ctx, ctx.params.id), SCOPE_CHECKED);
  registerCall(app, systemCalls.userCreate, (ctx) => createUser(ctx, ctx.body), SCOPE_CHECKED);
  registerCall(app, systemCalls.userUpdate, (ctx) => editUser(ctx, ctx.params.id, ctx.body), SCOPE_CHECKED);
  registerCall(app, systemCalls.userDisable, (ctx) => disableUser(ctx, ctx.params.id), SCOPE_CHECKED);
  registerCall(app, systemCalls.userEnable, (ctx) => enableUser(ctx, ctx.params.id), SCOPE_CHECKED);
  registerCall(app, systemCalls.userUnlock, (ctx) => unlockUser(ctx, ctx.params.id), SCOPE_CHECKED);
  registerCall(app, systemCalls.userResetPassword, (ctx) => resetUserPassword(ctx, ctx.params.id), SCOPE_CHECKED);
  registerCall(app, systemCalls.userTwoStepReset, (ctx) => resetUserTwoStep(ctx, ctx.params.id), SCOPE_CHECKED);

  registerCall(app, systemCalls.departmentTree, (ctx) => departmentTree(ctx, ctx.req.generations), { reads: treeReads });
  registerCall(app, systemCalls.departmentGet, (ctx) => getDepartment(ctx, ctx.params.id));
  registerCall(app, systemCalls.departmentCreate, (ctx) => createDepartment(ctx, ctx.body), SCOPE_CHECKED);
  registerCall(app, systemCalls.departmentUpdate, (ctx) => editDepartment(ctx, ctx.params.id, ctx.body), SCOPE_CHECKED);
  registerCall(app, systemCalls.departmentReach, (ctx) => departmentReach(ctx), SCOPE_CHECKED);
  registerCall(app, systemCalls.departmentDelete, (ctx) => removeDepartment(ctx, ctx.params.id), SCOPE_CHECKED);
  registerScopeOptions(app);

  registerSessionRoutes(app);

  registerAuditRoutes(app);
}
