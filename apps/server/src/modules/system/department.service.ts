import { msg, type Locale } from '@atrium/contracts';
import { DEPARTMENT_DEPTH_MAX, type Department, type DepartmentCreateBody, type DepartmentUpdateBody } from '@atrium/contracts/calls/department';
import { diffFields, removedFields, say, type Said } from '../../audit/audit-entry.ts';
import { violatedConstraint } from '../../db/errors.ts';
import type { Generations } from '../../db/list-generations.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import type { JsonText } from '../../http/envelope.ts';
import { departmentName, ROOT_DEPARTMENT_ID } from '../shared/departments.repository.ts';
import { AnswerCache } from '../../lists/list-cache.ts';
import {
  activeAccount,
  codeTaken,
  deleteDepartment,
  dependants,
  findDepartment,
  findDepartmentWithCounts,
  insertDepartment,
  listDepartments,
  lockTree,
  moveSubtree,
  siblingNameTaken,
  subtreeDepth,
  updateDepartment,
  type DepartmentRow,
  type DepartmentWithCounts,
} from './department.repository.ts';
import { holdsDepartment } from '../../lists/placement.ts';
import { accountScope } from '../../lists/scope.ts';
import { uniqueConflict, type SystemCtx } from './rules.ts';

/**
 * The departments' tree (decision 031). Every change takes the tree's lock first
 * (department.repository.ts `lockTree`), then reads what it checks: the rules below hold under any
 * number of concurrent writers, on every replica.
 */

/** The trail's summaries of the departments' writes, in each language (audit/audit-entry.ts `say`). */
const said = {
  created: { 'zh-CN': '新建部门 {name}', 'en-US': 'created department {name}' },
  updated: { 'zh-CN': '编辑部门 {name}', 'en-US': 'updated department {name}' },
  moved: { 'zh-CN': '将部门 {name} 从 #{from} 移到 #{to} 下', 'en-US': 'moved department {name} from {from} to {to}' },
  deleted: { 'zh-CN': '删除部门 {name}', 'en-US': 'deleted department {name}' },
} satisfies Record<string, Said>;

/** A department's name in each language: a seeded one has its English name. */
const namedIn = (row: Pick<DepartmentRow, 'name' | 'nameEn'>): Said => ({ 'zh-CN': row.name, 'en-US': row.nameEn ?? row.name });

const FIELDS = ['name', 'parentId', 'code', 'leaderId', 'order', 'status'] as const;
type Snapshot = { name: string; parentId: number | null; code: string | null; leaderId: number | null; order: number; status: string };
const snapshot = (row: Pick<DepartmentRow, 'name' | 'parentId' | 'code' | 'leaderId' | 'sortOrder' | 'status'>): Snapshot => ({
  name: row.name,
  parentId: row.parentId,
  code: row.code,
  leaderId: row.leaderId,
  order: row.sortOrder,
  status: row.status,
});

function toDepartment(row: DepartmentWithCounts, locale: Locale): Department {
  return {
    id: row.id,
    parentId: row.parentId,
    name: departmentName(row, locale),
    code: row.code,
    leaderId: row.leaderId,
    leaderName: row.leaderName,
    order: row.sortOrder,
    status: row.status,
    depth: row.depth,
    memberCount: row.memberCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Parents before children, siblings by order then id: a depth-first walk from the root. Of a part of the
 * tree (a data scope's), a department whose parent is not among the rows stands at the top.
 */
export function treeOrder<T extends { id: number; parentId: number | null; sortOrder: number }>(rows: T[]): T[] {
  const ids = new Set(rows.map((row) => row.id));
  const children = new Map<number | null, T[]>();
  for (const row of rows) {
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    const list = children.get(parent);
    if (list) list.push(row);
    else children.set(parent, [row]);
  }
  for (const list of children.values()) list.sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const out: T[] = [];
  const stack = [...(children.get(null) ?? [])].reverse();
  while (stack.length > 0) {
    const row = stack.pop()!;
    out.push(row);
    const below = children.get(row.id);
    if (below) for (let i = below.length - 1; i >= 0; i--) stack.push(below[i]!);
  }
  return out;
}

/** The tree's answers, kept at the write generations of the departments and the accounts (leaders' names, member counts). */
const treeAnswers = new AnswerCache<{ list: Department[] }>({ reads: ['departments', 'users'] });
export const treeReads = treeAnswers.tables;

export function departmentTree({ db, locale }: Pick<SystemCtx, 'db' | 'locale'>, known: Generations | null): Promise<JsonText<{ list: Department[] }>> {
  return treeAnswers.answer(db, { key: locale, known }, async () => {
    const list = treeOrder(await listDepartments(db)).map((row) => toDepartment(row, locale));
    return { value: { list }, weight: list.length };
  });
}

export async function getDepartment({ db, locale }: Pick<SystemCtx, 'db' | 'locale'>, id: number): Promise<Department> {
  const row = await findDepartmentWithCounts(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toDepartment(row, locale);
}

const parentError = () => fieldError('parentId', 'system.department.error.parent');
const depthError = () => fieldError('parentId', msg('system.department.error.depth', { n: DEPARTMENT_DEPTH_MAX }));
const rootError = () => new AppError('CONFLICT', { message: 'system.department.error.root' });

/** The parent to put a department under: it exists and is active (400 on `parentId`). */
async function activeParent(db: SystemCtx['db'], id: number): Promise<DepartmentRow> {
  const parent = await findDepartment(db, id);
  if (!parent || parent.status !== 'active') throw parentError();
  return parent;
}

/**
 * A leader must be an active account its editor reaches (decision 038), as the leader's picker offers them
 * (scope-options.ts): of a department the editor's scope of the accounts reaches (`own`: the editor alone),
 * or the editor. One beyond is refused as one that does not exist, 400 on `leaderId`: whether it exists is
 * not the editor's to learn. Asked only of a leader given anew: a department keeps one its editor does not reach.
 */
async function checkLeader({ db, session }: SystemCtx, leaderId: number | null | undefined): Promise<void> {
  if (leaderId == null) return;
  const reach = leaderId === session.userId ? undefined : await session.scope.reach(accountScope.resource, db);
  if (!(await activeAccount(db, leaderId, reach))) throw fieldError('leaderId', 'system.department.error.leader');
}

/**
 * A department its editor may change (decision 056): one its scope of the accounts holds, as the leader it
 * may name (decision 038), under `own` its own department; under `all`, any. Else 403 OUT_OF_SCOPE (on
 * `parentId` for the parent of a create or a move): without it, a delegate of a branch could move another
 * branch under its own and so reach its accounts and records. The tree stays readable whole; only writes ask.
 */
async function checkReach({ db, session }: SystemCtx, id: number, field?: 'parentId'): Promise<void> {
  const reach = await session.scope.reach(accountScope.resource, db);
  if (holdsDepartment(reach, session.scope, id)) return;
  const message = field ? 'system.department.error.parentOutOfScope' : 'system.department.error.outOfScope';
  throw new AppError('OUT_OF_SCOPE', { message, details: field ? { field } : undefined });
}

/** The departments the caller may change (`checkReach`), by id: the console offers changes of these only. */
export async function departmentReach({ session }: Pick<SystemCtx, 'session'>): Promise<{ ids: number[] }> {
  const reach = await session.scope.reach(accountScope.resource);
  const every = (await session.scope.tree()).reach([ROOT_DEPARTMENT_ID]);
  return { ids: [...every].filter((id) => holdsDepartment(reach, session.scope, id)).sort((a, b) => a - b) };
}

async function checkUnique(db: SystemCtx['db'], values: { parentId: number | null; name: string; code: string | null }, exceptId?: number): Promise<void> {
  if (await siblingNameTaken(db, values.parentId, values.name, exceptId)) throw new AppError('DEPARTMENT_NAME_TAKEN');
  if (values.code !== null && (await codeTaken(db, values.code, exceptId))) throw new AppError('DEPARTMENT_CODE_TAKEN');
}

async function answerOf(ctx: Pick<SystemCtx, 'db' | 'locale'>, id: number): Promise<Department> {
  return toDepartment((await findDepartmentWithCounts(ctx.db, id))!, ctx.locale);
}

export async function createDepartment(ctx: SystemCtx, body: DepartmentCreateBody): Promise<Department> {
  const { db, session, now, audit } = ctx;
  await lockTree(db);
  await checkReach(ctx, body.parentId, 'parentId');
  const parent = await activeParent(db, body.parentId);
  if (parent.depth + 1 > DEPARTMENT_DEPTH_MAX) throw depthError();
  await checkLeader(ctx, body.leaderId);
  const values = { name: body.name, nameEn: null, code: body.code ?? null, leaderId: body.leaderId ?? null, sortOrder: body.order ?? 0, status: 'active' as const };
  await checkUnique(db, { parentId: parent.id, name: values.name, code: values.code });
  const id = await insertDepartment(db, parent, values, session.userId, now()).catch((err: unknown) => {
    throw uniqueConflict(err);
  });
  audit.set({ targetId: id, summary: say(said.created, { name: body.name }), changes: diffFields<Snapshot>(null, snapshot({ ...values, parentId: parent.id }), FIELDS) });
  return answerOf(ctx, id);
}

/**
 * Edits a department, and moves it when `parentId` changes: never under itself or one below it (409
 * DEPARTMENT_CYCLE), never past the deepest level with its subtree (400 on `parentId`). The root keeps no
 * parent and stays active.
 */
export async function editDepartment(ctx: SystemCtx, id: number, body: DepartmentUpdateBody): Promise<Department> {
  const { db, session, now, audit } = ctx;
  await lockTree(db);
  const current = await findDepartment(db, id);
  if (!current) throw new AppError('NOT_FOUND');
  await checkReach(ctx, id);
  // A leader given anew is locked (for share) before the department's row, as an account's write locks its
  // own row before its department's: the two never wait on each other in turn (a deadlock).
  if (body.leaderId !== undefined && body.leaderId !== current.leaderId) await checkLeader(ctx, body.leaderId);
  // Only department writers change the row, and they hold the tree's lock: it is as read above.
  const before = (await findDepartment(db, id, true))!;
  const isRoot = before.id === ROOT_DEPARTMENT_ID;
  if (isRoot && (body.parentId !== null || body.status !== 'active')) throw rootError();
  if (!isRoot && body.parentId === null) throw parentError();

  let parent: DepartmentRow | undefined;
  if (body.parentId !== null && body.parentId !== before.parentId) {
    const target = await findDepartment(db, body.parentId);
    if (target && target.path.startsWith(before.path)) throw new AppError('DEPARTMENT_CYCLE');
    await checkReach(ctx, body.parentId, 'parentId');
    parent = await activeParent(db, body.parentId);
    const height = (await subtreeDepth(db, before.path)) - before.depth;
    if (parent.depth + 1 + height > DEPARTMENT_DEPTH_MAX) throw depthError();
  }

  // A save of the name as its reader saw it keeps both names of the root (decision 015); another clears the English one.
  const keepsName = body.name === before.name || body.name === before.nameEn;
  const values = {
    name: keepsName ? before.name : body.name,
    nameEn: keepsName ? before.nameEn : null,
    code: body.code === undefined ? before.code : body.code,
    leaderId: body.leaderId === undefined ? before.leaderId : body.leaderId,
    sortOrder: body.order ?? before.sortOrder,
    status: body.status,
  };
  const parentId = parent?.id ?? before.parentId;
  const changes = diffFields(snapshot(before), snapshot({ ...values, parentId }), FIELDS);
  // saved as it was opened: no write, no entry
  if (changes.length === 0) {
    audit.unchanged();
    return answerOf(ctx, id);
  }
  await checkUnique(db, { parentId, name: values.name, code: values.code }, id);
  try {
    if (parent) await moveSubtree(db, before, parent);
    await updateDepartment(db, id, values, session.userId, now());
  } catch (err) {
    throw uniqueConflict(err);
  }
  const summary = parent ? say(said.moved, { name: namedIn(before), from: before.parentId ?? '', to: parent.id }) : say(said.updated, { name: namedIn(before) });
  audit.set({ summary, changes });
  return answerOf(ctx, id);
}

/**
 * Deletes a department that has no sub-department, no member and no record of a scoped resource (409 IN_USE
 * naming which, with their counts, or the table whose records it still holds).
 */
export async function removeDepartment(ctx: SystemCtx, id: number): Promise<{ id: number }> {
  const { db, audit } = ctx;
  await lockTree(db);
  const row = await findDepartment(db, id, true);
  if (!row) throw new AppError('NOT_FOUND');
  await checkReach(ctx, id);
  if (row.id === ROOT_DEPARTMENT_ID) throw rootError();
  // Counted after the row lock: an account being put here (it locks the row for share) has committed by then.
  const { children, members } = await dependants(db, id);
  if (children > 0 || members > 0) {
    const which = children > 0 && members > 0 ? 'both' : children > 0 ? 'children' : 'members';
    throw new AppError('IN_USE', { message: `system.department.error.inUse.${which}`, details: { children, members } });
  }
  try {
    await deleteDepartment(db, id);
  } catch (err) {
    // records of a scoped resource still belong to it: their table's foreign key refuses (docs/resources.md)
    const violated = violatedConstraint(err);
    if (violated?.code !== '23503') throw err;
    throw new AppError('IN_USE', { message: 'system.department.error.inUse.records', details: { children, members, records: violated.table ?? violated.constraint.replace(/_department_id_fk$/, '') } });
  }
  audit.set({ summary: say(said.deleted, { name: namedIn(row) }), changes: removedFields(snapshot(row), FIELDS) });
  return { id };
}

