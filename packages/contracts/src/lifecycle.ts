/**
 * A resource's life cycle (docs/resources.md, "Life cycles"): its states, the transitions between them and
 * the approvals some of them are, declared in the resource's spec under `lifecycle`. Here: the spec's
 * shape, its check (`lifecycleProblems`, run by `resourceSpecProblems`) and what the definition derives from
 * it (`defineLifecycle`): the state field, each transition's permission, the states that await an approval.
 * No zod: the route table and the role editor read this.
 */
import type { Locale } from './locale.ts';
import { ROLE_CODE_PATTERN } from './role-code.ts';

type Labels = Record<Locale, string>;

interface LifecycleStateSpec {
  value: string;
  label: Labels;
  /** Fields that cannot change while a record is in this state: every one (`all`) or those named. */
  locks?: 'all' | string[];
}

export type ApprovalSpec = { by: 'role'; role: string } | { by: 'department-leader' };

export interface LifecycleTransitionSpec {
  /** Also the permission's action: `<resource>:<name>` (`order:approve`). */
  name: string;
  from: string[];
  to: string;
  label: Labels;
  /** Fields that must have a value for the transition to be fired. */
  requires?: string[];
  /** Whether the person firing it writes a comment; without this, it takes none. */
  comment?: 'required' | 'optional';
  /** Fired only by an approver: the holders of a role, or the leader of the record's department. */
  approval?: ApprovalSpec;
}

export interface LifecycleSpec {
  /** The state field's name (an enum made from `states`, not listed in `fields`). */
  field: string;
  /** The state field's label; 状态 / Status when left out. */
  label?: Labels;
  initial: string;
  states: LifecycleStateSpec[];
  transitions: LifecycleTransitionSpec[];
  /**
   * Roles the resource brings for its approvals, by code: created with the sample data outside production,
   * holding the resource's reading and the transitions they approve (an administrator creates them in
   * production, with the same code).
   */
  roles?: Record<string, { name: Labels; description: Labels }>;
}

/** What `defineLifecycle` derives: the spec, and the permission of each transition. */
export interface Lifecycle extends LifecycleSpec {
  label: Labels;
  transitions: (LifecycleTransitionSpec & { permission: `${string}:${string}` })[];
  /** States a record waits in for its approvers: those an approval transition leaves. */
  awaiting: string[];
}

const LIFECYCLE_MAX_STATES = 20;
const LIFECYCLE_MAX_TRANSITIONS = 60;
const TRANSITION_NAME_PATTERN = /^[a-z][a-zA-Z0-9]{1,30}$/;
const STATE_VALUE_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
/** A transition's name is a permission's action: it cannot be one of the kit's own. */
const reservedTransitionNames = ['read', 'write', 'export', 'import'];
const defaultStateLabel: Labels = { 'zh-CN': '状态', 'en-US': 'Status' };

/** The spec's problems other than its labels' (`labelProblems` checks those, as for the rest of the spec). */
interface LifecycleContext {
  /** The names of the spec's fields (`requires` and `locks` name them). */
  fields: readonly string[];
  /** Whether the resource's records have a department (a department leader's approval needs one). */
  scoped: boolean;
  /** The role codes an approval may name (built-in, the slices', and those of the resources of the batch). */
  roles: readonly string[];
  labels: (value: unknown, where: string) => void;
  allowed: (value: Record<string, unknown>, keys: readonly string[], where: string) => void;
  fieldPattern: RegExp;
  reserved: readonly string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every problem of a spec's `lifecycle`, one message each, naming where (`lifecycle.transitions[2].to: no state "done"`). */
export function lifecycleProblems(input: unknown, ctx: LifecycleContext): string[] {
  const problems: string[] = [];
  if (!isObject(input)) return ['lifecycle: an object with field, initial, states and transitions'];
  ctx.allowed(input, ['field', 'label', 'initial', 'states', 'transitions', 'roles'], 'lifecycle');
  const ownRoles: string[] = [];
  if (input.roles !== undefined) {
    if (!isObject(input.roles)) problems.push('lifecycle.roles: an object of roles by code');
    else
      for (const [code, role] of Object.entries(input.roles)) {
        const at = `lifecycle.roles.${code}`;
        if (!ROLE_CODE_PATTERN.test(code)) problems.push(`${at}: a role code must match ${ROLE_CODE_PATTERN.source}`);
        else if (ctx.roles.includes(code)) problems.push(`${at}: a role "${code}" exists already`);
        else ownRoles.push(code);
        if (!isObject(role)) problems.push(`${at}: its name and description`);
        else {
          ctx.allowed(role, ['name', 'description'], at);
          ctx.labels(role.name, `${at}.name`);
          ctx.labels(role.description, `${at}.description`);
        }
      }
  }
  const roles = [...ctx.roles, ...ownRoles];
  const field = input.field;
  if (typeof field !== 'string' || !ctx.fieldPattern.test(field)) problems.push(`lifecycle.field: must match ${ctx.fieldPattern.source}`);
  else if (ctx.reserved.includes(field)) problems.push(`lifecycle.field: "${field}" is reserved`);
  else if (ctx.fields.includes(field)) problems.push(`lifecycle.field: "${field}" is also a field; the state field is made from the states and not listed in fields`);
  if (input.label !== undefined) ctx.labels(input.label, 'lifecycle.label');

  const states = new Set<string>();
  if (!Array.isArray(input.states) || input.states.length < 2) problems.push('lifecycle.states: at least two states');
  else {
    if (input.states.length > LIFECYCLE_MAX_STATES) problems.push(`lifecycle.states: at most ${LIFECYCLE_MAX_STATES} states`);
    input.states.forEach((raw: unknown, i) => {
      const at = `lifecycle.states[${i}]`;
      if (!isObject(raw)) return problems.push(`${at}: must be an object`);
      ctx.allowed(raw, ['value', 'label', 'locks'], at);
      if (typeof raw.value !== 'string' || !STATE_VALUE_PATTERN.test(raw.value)) problems.push(`${at}.value: letters, digits, "_" or "-", at most 40`);
      else if (states.has(raw.value)) problems.push(`${at}.value: "${raw.value}" is used twice`);
      else states.add(raw.value);
      ctx.labels(raw.label, `${at}.label`);
      const locks = raw.locks;
      if (locks === undefined || locks === 'all') return;
      if (!Array.isArray(locks) || locks.length === 0) problems.push(`${at}.locks: "all" or a list of field names`);
      else for (const name of locks) if (typeof name !== 'string' || !lockable(ctx).includes(name)) problems.push(`${at}.locks: no field "${String(name)}"`);
    });
  }
  const known = (value: unknown) => typeof value === 'string' && states.has(value);
  if (typeof input.initial !== 'string') problems.push('lifecycle.initial: the state a record is created in');
  else if (states.size > 0 && !known(input.initial)) problems.push(`lifecycle.initial: no state "${input.initial}"`);

  const names = new Set<string>();
  const reached = new Set<string>();
  if (!Array.isArray(input.transitions) || input.transitions.length === 0) problems.push('lifecycle.transitions: at least one transition');
  else {
    if (input.transitions.length > LIFECYCLE_MAX_TRANSITIONS) problems.push(`lifecycle.transitions: at most ${LIFECYCLE_MAX_TRANSITIONS} transitions`);
    input.transitions.forEach((raw: unknown, i) => {
      const at = `lifecycle.transitions[${i}]`;
      if (!isObject(raw)) return problems.push(`${at}: must be an object`);
      ctx.allowed(raw, ['name', 'from', 'to', 'label', 'requires', 'comment', 'approval'], at);
      const name = raw.name;
      if (typeof name !== 'string' || !TRANSITION_NAME_PATTERN.test(name)) problems.push(`${at}.name: must match ${TRANSITION_NAME_PATTERN.source}`);
      else if (reservedTransitionNames.includes(name)) problems.push(`${at}.name: "${name}" is reserved (a permission of every resource)`);
      else if (names.has(name)) problems.push(`${at}.name: "${name}" is used by two transitions`);
      else names.add(name);
      if (!Array.isArray(raw.from) || raw.from.length === 0) problems.push(`${at}.from: the states it leaves, at least one`);
      else for (const s of raw.from) if (!known(s)) problems.push(`${at}.from: no state "${String(s)}"`);
      if (!known(raw.to)) problems.push(`${at}.to: no state "${String(raw.to)}"`);
      else reached.add(raw.to as string);
      if (Array.isArray(raw.from) && raw.from.includes(raw.to)) problems.push(`${at}.to: "${String(raw.to)}" is also a state it leaves`);
      ctx.labels(raw.label, `${at}.label`);
      if (raw.requires !== undefined) {
        if (!Array.isArray(raw.requires)) problems.push(`${at}.requires: a list of field names`);
        else for (const f of raw.requires) if (typeof f !== 'string' || !ctx.fields.includes(f)) problems.push(`${at}.requires: no field "${String(f)}"`);
      }
      if (raw.comment !== undefined && raw.comment !== 'required' && raw.comment !== 'optional') problems.push(`${at}.comment: "required" or "optional"`);
      const approval = raw.approval;
      if (approval === undefined) return;
      if (!isObject(approval)) return problems.push(`${at}.approval: { "by": "role", "role": <code> } or { "by": "department-leader" }`);
      if (approval.by === 'role') {
        ctx.allowed(approval, ['by', 'role'], `${at}.approval`);
        if (typeof approval.role !== 'string' || !roles.includes(approval.role)) problems.push(`${at}.approval.role: no role "${String(approval.role)}" (one of ${roles.join(', ')}, or one of lifecycle.roles)`);
      } else if (approval.by === 'department-leader') {
        ctx.allowed(approval, ['by'], `${at}.approval`);
        if (!ctx.scoped) problems.push(`${at}.approval: a department leader's approval needs records with a department (the spec says "scoped": false)`);
      } else problems.push(`${at}.approval.by: "role" or "department-leader"`);
    });
  }
  for (const state of states) if (state !== input.initial && !reached.has(state)) problems.push(`lifecycle.states: no transition reaches "${state}"`);
  return problems;
}

/** What a state may lock: the spec's fields, and a scoped record's department and owner. */
const lockable = (ctx: Pick<LifecycleContext, 'fields' | 'scoped'>) => [...ctx.fields, ...(ctx.scoped ? ['department', 'owner'] : [])];

/** The definition's life cycle from a checked spec. */
export function defineLifecycle(resource: string, spec: LifecycleSpec): Lifecycle {
  const transitions = spec.transitions.map((t) => ({ ...t, permission: `${resource}:${t.name}` as const }));
  const awaiting = spec.states.map((s) => s.value).filter((s) => transitions.some((t) => t.approval && t.from.includes(s)));
  return { ...spec, label: spec.label ?? defaultStateLabel, transitions, awaiting };
}

/** The fields a state locks (`all`: every one given). */
export function lockedFields(lifecycle: Lifecycle, state: string, every: readonly string[]): string[] {
  const locks = lifecycle.states.find((s) => s.value === state)?.locks;
  return locks === 'all' ? [...every] : (locks ?? []);
}

/**
 * The transitions that take a record from the initial state to `state`, fewest first (undefined: none does;
 * a checked spec reaches every state). What the kit's suites walk a record along.
 */
export function pathTo(lifecycle: Lifecycle, state: string): Lifecycle['transitions'] | undefined {
  const seen = new Map<string, Lifecycle['transitions']>([[lifecycle.initial, []]]);
  const queue = [lifecycle.initial];
  for (let i = 0; i < queue.length; i++) {
    for (const t of lifecycle.transitions.filter((x) => x.from.includes(queue[i]!) && !seen.has(x.to))) {
      seen.set(t.to, [...seen.get(queue[i]!)!, t]);
      queue.push(t.to);
    }
  }
  return seen.get(state);
}
