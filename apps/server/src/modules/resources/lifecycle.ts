import type { FastifyInstance } from 'fastify';
import type { ApprovalSpec, Lifecycle, LifecycleTransitionSpec } from '@atrium/contracts/lifecycle';
import { lockedFields } from '@atrium/contracts/lifecycle';
import type { Locale } from '@atrium/contracts';
import type { ResourceDef } from '@atrium/contracts/resource';
import { HISTORY_LIMIT, resourceCalls, resourceTransitionCalls } from '@atrium/contracts/resource-calls';
import type { Db } from '../../db/client.ts';
import { diffFields, say, type Said } from '../../audit/audit-entry.ts';
import type { SessionInfo } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { registerCall, type RegisterOptions } from '../../http/register-call.ts';
import type { RequestScope } from '../../sessions/data-scope.ts';
import { clearAwaiting, historyOf, insertHistory, moveAwaiting, putAwaiting, requestersOf, setState } from './lifecycle.repository.ts';
import type { ResourceRow } from './resource.repository.ts';
import { notify } from '../message/message.service.ts';
import { findUserById } from '../shared/users.repository.ts';

/**
 * The server half of a resource's life cycle (docs/resources.md, "Life cycles"; lifecycle.md): the state
 * is written by its transitions alone, each a call under its own permission that checks, in one
 * transaction, the record's scope and version, its state, the fields the transition requires and, for an
 * approval, that the caller is an approver and not the one who asked; it writes the state, one history
 * row, the record's place among those awaiting an approval and one audit entry. A record's answer lists
 * the transitions its caller may fire now. kit.ts calls in here for the create, update and delete of a
 * resource with a life cycle.
 */

/** Who acts, as of this request: what an approval and the transitions a record offers depend on. */
export interface Actor {
  userId: number;
  /** The acting role (an approval by role asks for it). */
  role: string;
  permissions: ReadonlySet<string>;
  /** The departments the caller leads (an approval by department leader asks for the record's). */
  led: readonly number[];
}

/** The caller as an actor, from the session and the departments' tree as of this request (no query of its own). */
export async function actorOf(db: Db, session: SessionInfo, scope: RequestScope): Promise<Actor> {
  const tree = await scope.tree(db);
  return { userId: session.userId, role: session.role, permissions: session.permissions, led: tree.ledBy(session.userId) };
}

/** Whether the actor approves for `approval` a record in `department` (null: an unscoped record). */
function approves(approval: ApprovalSpec, actor: Actor, department: number | null): boolean {
  return approval.by === 'role' ? actor.role === approval.role : department !== null && actor.led.includes(department);
}

/** A record as its transitions see it: its state, its department, and who asked for the approval it awaits. */
interface Standing {
  state: string;
  department: number | null;
  /** Undefined: not awaiting; null: the one who asked is not known. */
  requestedBy: number | null | undefined;
}

/** Why `actor` may not fire `t` on a record of `standing` (undefined: it may). */
function refusal(t: LifecycleTransitionSpec & { permission: string }, actor: Actor, standing: Standing): 'permission' | 'state' | 'approver' | 'self' | undefined {
  if (!actor.permissions.has(t.permission)) return 'permission';
  if (!t.from.includes(standing.state)) return 'state';
  if (!t.approval) return undefined;
  if (!approves(t.approval, actor, standing.department)) return 'approver';
  return standing.requestedBy === actor.userId ? 'self' : undefined;
}

/** The transitions `actor` may fire now on a record of `standing`, in the spec's order. */
export function allowedTransitions(lifecycle: Lifecycle, actor: Actor, standing: Standing): string[] {
  return lifecycle.transitions.filter((t) => refusal(t, actor, standing) === undefined).map((t) => t.name);
}

const stateField = (def: ResourceDef) => def.fields.find((f) => f.state)!;
const standingOf = (def: ResourceDef, row: ResourceRow, requesters: ReadonlyMap<number, number | null>): Standing => ({
  state: String(row[stateField(def).name]),
  department: def.scoped ? (row.department as number) : null,
  requestedBy: requesters.get(row.id),
});

/** The records with the transitions `actor` may fire on each now (`transitions`), one query for those awaiting an approval. */
export async function withTransitions<R extends ResourceRow>(db: Db, def: ResourceDef, actor: Actor, rows: readonly R[]): Promise<(R & { transitions: string[] })[]> {
  const lifecycle = def.lifecycle!;
  const awaiting = rows.filter((r) => lifecycle.awaiting.includes(String(r[stateField(def).name]))).map((r) => r.id);
  const requesters = await requestersOf(db, def.name, awaiting);
  return rows.map((row) => ({ ...row, transitions: allowedTransitions(lifecycle, actor, standingOf(def, row, requesters)) }));
}

/** Values equal as the record keeps them (a decimal's `12.5` is its `12.50`, a time the same instant at any offset). */
export function same(def: ResourceDef, name: string, given: unknown, kept: unknown): boolean {
  if ((given ?? null) === (kept ?? null)) return true;
  if (given == null || kept == null) return false;
  const type = def.fields.find((f) => f.name === name)?.type;
  if (type === 'decimal') return Number(given) === Number(kept);
  return type === 'datetime' && Date.parse(String(given)) === Date.parse(String(kept));
}

/**
 * An update that changes a field its record's state locks: 409 FIELD_LOCKED naming them, nothing written
 * (a value sent as it is kept is no change). `values`: the update's fields (a scoped record's department and
 * owner among them when given).
 */
export function assertUnlocked(def: ResourceDef, before: ResourceRow, values: Record<string, unknown>): void {
  const every = [...def.fields.filter((f) => !f.state).map((f) => f.name), ...(def.scoped ? ['department', 'owner'] : [])];
  const locked = lockedFields(def.lifecycle!, String(before[stateField(def).name]), every);
  const changed = locked.filter((name) => name in values && !same(def, name, values[name], before[name]));
  if (changed.length > 0) throw new AppError('FIELD_LOCKED', { details: { fields: changed } });
}

/** An update that changes a parent's rows (`children`, by name) while its state locks every field: 409 FIELD_LOCKED naming them. */
export function assertChildrenUnlocked(def: ResourceDef, before: ResourceRow, changed: readonly string[]): void {
  const locked = lockedFields(def.lifecycle!, String(before[stateField(def).name]), changed).filter((name) => changed.includes(name));
  if (locked.length > 0) throw new AppError('FIELD_LOCKED', { details: { fields: locked } });
}

/** A delete of a record whose state locks every field (an approved order): 409 FIELD_LOCKED, as an edit of it would be. */
export function assertDeletable(def: ResourceDef, before: ResourceRow): void {
  const state = def.lifecycle!.states.find((s) => s.value === before[stateField(def).name]);
  if (state?.locks === 'all') throw new AppError('FIELD_LOCKED', { details: { fields: 'all' } });
}

/** After a create: a record created in a state that awaits an approval awaits it from now, asked by its author. */
export async function afterCreate(db: Db, def: ResourceDef, row: ResourceRow, actorId: number, now: Date): Promise<void> {
  const state = String(row[stateField(def).name]);
  if (!def.lifecycle!.awaiting.includes(state)) return;
  await putAwaiting(db, { resource: def.name, recordId: row.id, state, department: (row.department as number) ?? null, owner: (row.owner as number) ?? null, requestedBy: actorId, requestedAt: now });
}

/** After an update that moved a scoped record: what it awaits moves with it. */
export async function afterUpdate(db: Db, def: ResourceDef, row: ResourceRow): Promise<void> {
  if (def.scoped) await moveAwaiting(db, def.name, row.id, row.department as number, row.owner as number);
}

/** After a delete: it awaits no one (its history stays). */
export const afterDelete = (db: Db, def: ResourceDef, recordId: number): Promise<void> => clearAwaiting(db, def.name, recordId);

/** What kit.ts lends the life cycle's calls: its record loading and its answer's labels. */
export interface RecordAccess {
  /** The record within the caller's reach, else 404 (locked for update when `lock`). */
  load(db: Db, scope: RequestScope, id: number, lock?: boolean): Promise<ResourceRow>;
  /** The record as written, whoever reaches it now. */
  reload(db: Db, id: number): Promise<ResourceRow>;
  /** The record's answer: its labels and the transitions the caller may fire now. */
  answer(db: Db, session: SessionInfo, scope: RequestScope, row: ResourceRow, locale: Locale): Promise<unknown>;
  /** The record as the trail's summaries name it (`order "Desk lamp"`, 订单“Desk lamp”). */
  title(row: ResourceRow): Said;
  options: RegisterOptions;
}

/** The trail's summaries of a transition, in each language (audit/audit-entry.ts `say`). */
const said = {
  fired: { 'zh-CN': '{transition}{record}（{from} → {to}）{comment}', 'en-US': '{transition} {record} ({from} -> {to}){comment}' },
  refused: { 'zh-CN': '已拒绝：{transition}{record}，当前状态为{state}', 'en-US': 'refused: {transition} {record} in state {state}' },
  comment: { 'zh-CN': '：“{comment}”', 'en-US': ': {quoted}' },
} satisfies Record<string, Said>;

/**
 * The notice the one who asked for an approval gets when it is decided, by its labels in each language (a
 * person's message box, not the trail): 订单“Desk lamp”已批准 / Order "Desk lamp": Approved.
 */
const decided = {
  title: { 'zh-CN': '{label}“{title}”{state}', 'en-US': '{label} "{title}": {state}' },
  content: { 'zh-CN': '{actor}{transition}了你提交的{label}{comment}', 'en-US': '{actor}: {transition}, on the {label} you submitted{comment}' },
  comment: { 'zh-CN': '：“{comment}”', 'en-US': ': "{comment}"' },
} satisfies Record<string, Said>;

/** The transitions' calls, the history and the answer to a name that is none of them. */
export function registerLifecycle(app: FastifyInstance, def: ResourceDef, access: RecordAccess): void {
  const lifecycle = def.lifecycle!;
  const field = stateField(def).name;
  const calls = resourceCalls(def);
  const transitionCalls = resourceTransitionCalls(def);
  // a summary names a transition and a state by name in English, by label in Chinese
  const stateNamed = (value: string): Said => ({ 'zh-CN': lifecycle.states.find((s) => s.value === value)?.label['zh-CN'] ?? value, 'en-US': value });
  const transitionNamed = (t: LifecycleTransitionSpec): Said => ({ 'zh-CN': t.label['zh-CN'], 'en-US': t.name });

  for (const t of lifecycle.transitions) {
    registerCall(
      app,
      transitionCalls[t.name]!,
      async ({ db, params, body, session, scope, now, audit, locale }) => {
        const id = (params as { id: number }).id;
        const { version, comment } = body as { version: number; comment?: string | null };
        const before = await access.load(db, scope, id, true);
        if (before.version !== version) throw new AppError('VERSION_CONFLICT', { details: { version: before.version } });
        const actor = await actorOf(db, session, scope);
        const requesters = await requestersOf(db, def.name, [id]);
        const standing = standingOf(def, before, requesters);
        const why = refusal(t, actor, standing);
        audit.set({ targetType: def.name, targetId: id, summary: say(said.refused, { transition: transitionNamed(t), record: access.title(before), state: stateNamed(standing.state) }) });
        if (why === 'permission') throw new AppError('FORBIDDEN');
        if (why === 'state') throw new AppError('TRANSITION_NOT_ALLOWED', { details: { state: standing.state, allowed: allowedTransitions(lifecycle, actor, standing) } });
        const missing = (t.requires ?? []).filter((name) => before[name] === null || before[name] === undefined || before[name] === '');
        if (missing.length > 0) throw new AppError('VALIDATION_FAILED', { details: missing.map((path) => ({ path, message: 'validation.requiredForTransition' })) });
        if (why === 'approver') throw new AppError('NOT_APPROVER');
        if (why === 'self') throw new AppError('SELF_APPROVAL');
        const at = now();
        await setState(db, def, id, t.to, session.userId, at);
        await insertHistory(db, { resource: def.name, recordId: id, transition: t.name, from: standing.state, to: t.to, actorId: session.userId, comment: comment ?? null, at });
        if (lifecycle.awaiting.includes(t.to)) {
          await putAwaiting(db, { resource: def.name, recordId: id, state: t.to, department: standing.department, owner: (before.owner as number) ?? null, requestedBy: session.userId, requestedAt: at });
        } else if (standing.requestedBy !== undefined) await clearAwaiting(db, def.name, id);
        const after = await access.reload(db, id);
        // the one who asked hears of the decision, in the transaction that makes it, linked to the record
        if (t.approval && typeof standing.requestedBy === 'number' && standing.requestedBy !== session.userId) {
          const me = await findUserById(db, session.userId);
          const actor = me?.name || session.username;
          const state = lifecycle.states.find((s) => s.value === t.to)!.label;
          await notify(db, standing.requestedBy, {
            title: say(decided.title, { label: def.label, title: String(after[def.titleField] ?? `#${id}`), state }),
            subTitle: actor,
            content: say(decided.content, { actor, transition: t.label, label: { 'zh-CN': def.label['zh-CN'], 'en-US': def.label['en-US'].toLowerCase() }, comment: comment ? say(decided.comment, { comment }) : '' }),
            link: `${def.path}/${id}`,
            at,
          });
        }
        const commented = comment ? say(said.comment, { comment, quoted: JSON.stringify(comment) }) : '';
        const summary = say(said.fired, { transition: transitionNamed(t), record: access.title(after), from: stateNamed(standing.state), to: stateNamed(t.to), comment: commented });
        audit.set({ targetType: def.name, targetId: id, summary, changes: diffFields(before, after, [field]) });
        return access.answer(db, session, scope, after, locale);
      },
      access.options,
    );
  }

  registerCall(
    app,
    calls.history!,
    async ({ db, params, scope }) => {
      const id = (params as { id: number }).id;
      const record = await access.load(db, scope, id);
      return { list: await historyOf(db, def.name, id, record.createdAt as string, HISTORY_LIMIT) };
    },
    access.options,
  );

  // a name that is none of the transitions: said so, with the names there are (a route of its own, after theirs)
  registerCall(app, calls.unknownTransition!, ({ params }) => {
    throw new AppError('UNKNOWN_TRANSITION', { details: { transition: (params as { name: string }).name, transitions: lifecycle.transitions.map((t) => t.name) } });
  });
}
