import { describe, expect, it } from 'vitest';
import { resourceCalls, resourceSchemas, resourceTransitionCalls } from './resource-calls.ts';
import { resourceMessages } from './resource-names.ts';
import { resourceSample } from './resource-sample.ts';
import { defineResource, resourceSpecProblems, type ResourceSpec } from './resource.ts';
import { resourceSlice } from './resource-slice.ts';
import type { LifecycleSpec } from './lifecycle.ts';

const label = (en: string, zh: string) => ({ 'zh-CN': zh, 'en-US': en });
const state = (value: string, extra: object = {}) => ({ value, label: label(value, value), ...extra });

const lifecycle: LifecycleSpec = {
  field: 'status',
  initial: 'draft',
  states: [state('draft'), state('submitted'), state('approved', { locks: 'all' }), state('rejected', { locks: ['amount'] })],
  transitions: [
    { name: 'submit', from: ['draft', 'rejected'], to: 'submitted', label: label('Submit', '提交'), requires: ['amount'] },
    { name: 'approve', from: ['submitted'], to: 'approved', label: label('Approve', '批准'), approval: { by: 'role', role: 'finance' } },
    { name: 'reject', from: ['submitted'], to: 'rejected', label: label('Reject', '驳回'), comment: 'required', approval: { by: 'department-leader' } },
  ],
  roles: { finance: { name: label('Finance', '财务'), description: label('Approves orders', '审批订单') } },
};

const spec: ResourceSpec = {
  name: 'order',
  label: label('Order', '订单'),
  pluralLabel: label('Orders', '订单'),
  menu: { group: 'list' },
  fields: [
    { name: 'title', type: 'string', label: label('Title', '标题'), required: true },
    { name: 'amount', type: 'decimal', label: label('Amount', '金额') },
  ],
  lifecycle,
};

const problemsOf = (changes: Partial<LifecycleSpec>, rest: Partial<ResourceSpec> = {}) => resourceSpecProblems({ ...spec, ...rest, lifecycle: { ...lifecycle, ...changes } }, [], ['admin', 'user']);

describe('life cycles in the spec', () => {
  it('accepts a life cycle whose roles are known or its own', () => {
    expect(problemsOf({})).toEqual([]);
  });

  it('refuses, naming each, an unknown state, an unreachable one, a name used twice, an unknown field or role', () => {
    const problems = problemsOf({
      initial: 'new',
      states: [...lifecycle.states, state('archived')],
      transitions: [
        ...lifecycle.transitions,
        { name: 'submit', from: ['draft'], to: 'submitted', label: label('Again', '再次') },
        { name: 'close', from: ['gone'], to: 'done', label: label('Close', '关闭'), requires: ['weight'] },
        { name: 'escalate', from: ['submitted'], to: 'approved', label: label('Escalate', '上报'), approval: { by: 'role', role: 'board' } },
        { name: 'read', from: ['draft'], to: 'submitted', label: label('Read', '读') },
      ],
    });
    expect(problems).toEqual([
      'lifecycle.initial: no state "new"',
      'lifecycle.transitions[3].name: "submit" is used by two transitions',
      'lifecycle.transitions[4].from: no state "gone"',
      'lifecycle.transitions[4].to: no state "done"',
      'lifecycle.transitions[4].requires: no field "weight"',
      'lifecycle.transitions[5].approval.role: no role "board" (one of admin, user, finance, or one of lifecycle.roles)',
      'lifecycle.transitions[6].name: "read" is reserved (a permission of every resource)',
      'lifecycle.states: no transition reaches "draft"',
      'lifecycle.states: no transition reaches "archived"',
    ]);
  });

  it('refuses a state field that is a field, locks of unknown fields and a leader approval without departments', () => {
    expect(problemsOf({ field: 'title', states: [state('draft', { locks: ['weight'] }), ...lifecycle.states.slice(1)] }, { scoped: false })).toEqual([
      'lifecycle.field: "title" is also a field; the state field is made from the states and not listed in fields',
      'lifecycle.states[0].locks: no field "weight"',
      'lifecycle.transitions[2].approval: a department leader\'s approval needs records with a department (the spec says "scoped": false)',
    ]);
  });

  it('accepts 20 states and 60 transitions, and no more', () => {
    const states = Array.from({ length: 20 }, (_, i) => state(`s${i}`));
    const transitions = Array.from({ length: 60 }, (_, i) => ({ name: `step${i}`, from: [`s${i % 20}`], to: `s${(i + 1 + Math.floor(i / 20)) % 20}`, label: label(`Step ${i}`, `步骤${i}`) }));
    expect(problemsOf({ initial: 's0', states, transitions })).toEqual([]);
    expect(problemsOf({ initial: 's0', states: [...states, state('s20')], transitions: [...transitions, { name: 'last', from: ['s0'], to: 's20', label: label('Last', '最后') }] })).toEqual([
      'lifecycle.states: at most 20 states',
      'lifecycle.transitions: at most 60 transitions',
    ]);
  });
});

describe('a life cycle in the definition', () => {
  const def = defineResource(spec);

  it('adds the state field last, created in the initial state, and one permission per transition', () => {
    expect(def.fields.at(-1)).toMatchObject({ name: 'status', type: 'enum', default: 'draft', required: true, filter: 'equals', state: true });
    expect(def.lifecycle?.awaiting).toEqual(['submitted']);
    const slice = resourceSlice(def);
    expect(Object.keys(slice.permissions)).toEqual(['order:read', 'order:write', 'order:export', 'order:import', 'order:submit', 'order:approve', 'order:reject']);
    expect(slice.permissions['order:approve']?.label).toEqual(label('Approve orders', '批准订单'));
    expect(slice.grants).toEqual({ finance: ['order:read', 'order:approve'] });
    expect(resourceMessages([def], 'zh-CN')['resource.order.transition.reject']).toBe('驳回');
  });

  it('never takes the state in a create or an update, and takes a comment only where the transition has one', () => {
    const { form, update } = resourceSchemas(def);
    expect(form.safeParse({ title: 'A', status: 'approved' }).success).toBe(false);
    expect(update.safeParse({ version: 1, status: 'approved' }).success).toBe(false);
    const calls = resourceTransitionCalls(def);
    expect(Object.keys(calls)).toEqual(['submit', 'approve', 'reject']);
    expect(calls.approve).toMatchObject({ method: 'POST', path: '/api/orders/:id/transitions/approve', permission: 'order:approve' });
    expect(calls.submit!.body!.safeParse({ version: 1, comment: 'x' }).success).toBe(false);
    expect(calls.reject!.body!.safeParse({ version: 1 }).success).toBe(false);
    expect(calls.reject!.body!.safeParse({ version: 1, comment: '  ' }).success).toBe(false);
    expect(calls.reject!.body!.safeParse({ version: 1, comment: 'Too dear' }).success).toBe(true);
    expect(resourceCalls(def).history?.path).toBe('/api/orders/:id/history');
  });

  it('leaves the state out of the sample values the generated suites create and update with', () => {
    const { form, update } = resourceSchemas(def);
    for (let n = 1; n < 5; n++) {
      const sample = resourceSample(def, n);
      expect(Object.keys(sample)).toEqual(['title', 'amount']);
      expect(form.safeParse(sample).success).toBe(true);
      expect(update.safeParse({ ...sample, version: 1 }).success).toBe(true);
    }
  });
});
