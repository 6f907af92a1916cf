import type { FastifyInstance } from 'fastify';
import { APPROVALS_COUNT_CAP, approvalCalls, type Approval } from '@atrium/contracts/calls/approvals';
import type { ResourceDef } from '@atrium/contracts/resource';
import type { Db } from '../../db/client.ts';
import type { SessionInfo } from '../../http/context.ts';
import { registerCall } from '../../http/register-call.ts';
import type { RequestScope } from '../../sessions/data-scope.ts';
import { actorOf, allowedTransitions, type Actor } from '../resources/lifecycle.ts';
import { awaitingCount, awaitingPage, departmentNames, recordsOf, type Branch } from './approvals.repository.ts';

/**
 * 待我审批 / Awaiting me (docs/resources.md, "Life cycles"): the records of every resource with a life cycle
 * that await the caller's approval now. A record awaits in a state an approval transition leaves; it awaits
 * the caller when the caller holds that transition's permission and approves it (the acting role is the
 * transition's role, or the caller leads the record's department), within the caller's data scope, and the
 * request was not the caller's own. The transition's call checks all of it again when the caller acts.
 */

/** The resource's awaiting states the caller approves in, each as a branch of the query. */
async function branchesOf(db: Db, scope: RequestScope, actor: Actor, defs: readonly ResourceDef[]): Promise<Branch[]> {
  const branches: Branch[] = [];
  for (const def of defs) {
    const lifecycle = def.lifecycle!;
    for (const state of lifecycle.awaiting) {
      const approvals = lifecycle.transitions.filter((t) => t.approval && t.from.includes(state) && actor.permissions.has(t.permission));
      const byRole = approvals.some((t) => t.approval!.by === 'role' && t.approval!.role === actor.role);
      const byLeader = actor.led.length > 0 && approvals.some((t) => t.approval!.by === 'department-leader');
      if (!byRole && !byLeader) continue;
      const reach = def.scoped ? await scope.reach(def.name, db) : undefined;
      branches.push({ resource: def.name, state, ...(byRole ? {} : { departments: actor.led }), ...(reach ? { reach } : {}) });
    }
  }
  return branches;
}

export function registerApprovalsModule(app: FastifyInstance, resources: readonly ResourceDef[]): void {
  const withLifecycle = resources.filter((r) => r.lifecycle && r.lifecycle.awaiting.length > 0);
  const asked = (resource: string | undefined) => (resource === undefined ? withLifecycle : withLifecycle.filter((r) => r.name === resource));
  const callerOf = async (db: Db, session: SessionInfo, scope: RequestScope, resource?: string) => {
    const actor = await actorOf(db, session, scope);
    return { actor, branches: await branchesOf(db, scope, actor, asked(resource)) };
  };
  // the leaders come from the departments' tree, kept at the departments' generation
  const reads = { reads: ['departments'] };

  registerCall(
    app,
    approvalCalls.list,
    async ({ db, query, session, scope, locale }) => {
      const { current, pageSize, resource } = query;
      const { actor, branches } = await callerOf(db, session, scope, resource);
      const [rows, total] = await Promise.all([awaitingPage(db, branches, session.userId, (current - 1) * pageSize, pageSize), awaitingCount(db, branches, session.userId, APPROVALS_COUNT_CAP)]);
      const records = new Map<string, Awaited<ReturnType<typeof recordsOf>>>();
      for (const def of withLifecycle) {
        const ids = rows.filter((r) => r.resource === def.name).map((r) => r.recordId);
        if (ids.length > 0) records.set(def.name, await recordsOf(db, def, ids));
      }
      const names = await departmentNames(db, [...new Set(rows.flatMap((r) => (r.department === null ? [] : [r.department])))], locale);
      const list: Approval[] = rows.flatMap((r) => {
        const def = withLifecycle.find((d) => d.name === r.resource)!;
        // a record of the same id in another state is not the one that awaits (a resource generated again numbers from 1)
        const record = records.get(r.resource)?.get(r.recordId);
        if (!record || record.state !== r.state) return [];
        const transitions = allowedTransitions(def.lifecycle!, actor, { state: r.state, department: record.department, requestedBy: r.requestedBy });
        return [
          {
            resource: r.resource,
            id: r.recordId,
            title: record.title,
            state: r.state,
            version: record.version,
            transitions,
            requestedBy: r.requestedBy === null ? null : { id: r.requestedBy, name: r.requestedByName ?? '' },
            requestedAt: r.requestedAt,
            department: r.department === null ? null : (names.get(r.department) ?? null),
          },
        ];
      });
      return { list, total: total.count, totalCapped: total.capped, current, pageSize };
    },
    reads,
  );

  registerCall(
    app,
    approvalCalls.count,
    async ({ db, session, scope }) => {
      const { branches } = await callerOf(db, session, scope);
      return awaitingCount(db, branches, session.userId, APPROVALS_COUNT_CAP);
    },
    reads,
  );
}
