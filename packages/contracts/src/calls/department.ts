import * as z from '../zod.ts';
import { maxChars } from '../text.ts';
import { defineCall } from '../call.ts';
import { msg, typeError } from '../messages/msg.ts';

/**
 * Departments (decision 031): a tree with one root, every account in one department. Served by the
 * system module beside accounts and roles; the tree answers every department at once.
 */
const DEPARTMENT_NAME_MAX = 50;
/** The deepest a department may sit: the root is level 1. */
export const DEPARTMENT_DEPTH_MAX = 10;
const DEPARTMENT_CODE_PATTERN = /^[A-Za-z0-9_.-]{1,32}$/;
const ORDER_MAX = 99_999;
const departmentStatuses = ['active', 'disabled'] as const;

/** A department's id in a body or a query (a positive 32-bit integer). */
export const departmentId = z
  .number({ error: typeError })
  .int('validation.invalidType')
  .positive('validation.invalidValue')
  .max(2_147_483_647, 'validation.invalidValue');
const idParams = z.object({
  id: z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalidType').positive('validation.invalidValue').max(2_147_483_647, 'validation.invalidValue'),
});

const departmentSchema = z.object({
  id: z.number().int(),
  /** Null for the root. */
  parentId: z.number().int().nullable(),
  name: z.string(),
  code: z.string().nullable(),
  leaderId: z.number().int().nullable(),
  /** The leader's name as the accounts list names it; null without a leader. */
  leaderName: z.string().nullable(),
  /** Sorts siblings (then the id). */
  order: z.number().int(),
  status: z.enum(departmentStatuses),
  /** The root is 1; at most DEPARTMENT_DEPTH_MAX. */
  depth: z.number().int(),
  /** Accounts whose department this is (those of the departments below not included), disabled ones too. */
  memberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Department = z.infer<typeof departmentSchema>;

const name = z
  .string({ error: 'system.department.error.name' })
  .trim()
  .min(1, { error: 'system.department.error.name', abort: true })
  .check(maxChars(DEPARTMENT_NAME_MAX, msg('common.maxLength', { n: DEPARTMENT_NAME_MAX })));
/** Empty or null: no code. */
const code = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string({ error: 'system.department.error.code' }).trim().regex(DEPARTMENT_CODE_PATTERN, 'system.department.error.code').nullable(),
);
const leaderId = departmentId.nullable();
const order = z.number({ error: typeError }).int('validation.invalidType').min(0, msg('validation.tooSmall', { n: 0 })).max(ORDER_MAX, msg('validation.tooBig', { n: ORDER_MAX }));

/**
 * The department form's create body: the parent is required (the root is the migration's).
 *
 * @public for the console's department form.
 */
export const departmentCreateBodySchema = z
  .object({ name, parentId: departmentId, code: code.optional(), leaderId: leaderId.optional(), order: order.optional() })
  .strict();
export type DepartmentCreateBody = z.infer<typeof departmentCreateBodySchema>;

/**
 * Edit and move: the whole form. `parentId` null only for the root (which keeps it); `code` and `leaderId`
 * left out keep theirs, null clears them; `order` left out keeps its own.
 *
 * @public for the console's department form.
 */
export const departmentUpdateBodySchema = z
  .object({ name, parentId: departmentId.nullable(), code: code.optional(), leaderId: leaderId.optional(), order: order.optional(), status: z.enum(departmentStatuses, { error: 'validation.invalidValue' }) })
  .strict();
export type DepartmentUpdateBody = z.infer<typeof departmentUpdateBodySchema>;

export const departmentCalls = {
  departmentTree: defineCall({ id: 'system.department.list', method: 'GET', path: '/api/system/departments', access: 'signed', permission: 'department:read', summary: 'Every department, flat: parents before children, siblings by order, each with its parent and member count', response: z.object({ list: z.array(departmentSchema) }) }),
  departmentGet: defineCall({ id: 'system.department.get', method: 'GET', path: '/api/system/departments/:id', access: 'signed', permission: 'department:read', summary: 'One department', params: idParams, response: departmentSchema }),
  departmentCreate: defineCall({ id: 'system.department.create', method: 'POST', path: '/api/system/departments', access: 'signed', permission: 'department:write', summary: 'Creates a department under an active parent (at most 10 levels deep)', body: departmentCreateBodySchema, response: departmentSchema, writes: true }),
  departmentUpdate: defineCall({ id: 'system.department.update', method: 'PUT', path: '/api/system/departments/:id', access: 'signed', permission: 'department:write', summary: 'Edits, moves, disables or enables a department (409 DEPARTMENT_CYCLE for a move under itself)', params: idParams, body: departmentUpdateBodySchema, response: departmentSchema, writes: true }),
  departmentReach: defineCall({
    id: 'system.department.reach',
    method: 'GET',
    path: '/api/system/department-reach',
    access: 'signed',
    permission: 'department:write',
    summary: "The ids of the departments the caller may change: those its scope of the accounts reaches (every one under `all`; under `own`, its own); another's change is 403 OUT_OF_SCOPE (decision 056)",
    response: z.object({ ids: z.array(z.number().int()) }),
  }),
  departmentDelete: defineCall({ id: 'system.department.delete', method: 'DELETE', path: '/api/system/departments/:id', access: 'signed', permission: 'department:write', summary: 'Deletes a department with no sub-department and no member (409 IN_USE naming which)', params: idParams, response: z.object({ id: z.number().int() }), writes: true }),
};
