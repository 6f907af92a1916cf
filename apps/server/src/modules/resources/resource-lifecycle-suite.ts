/**
 * The resource kit's life cycle suite (issue 40, docs/resources.md "Life cycles"), part of the server suite
 * of every resource with a life cycle (resource-suite.ts): every transition walked by one who may fire it,
 * every refusal (a state it does not leave, a stale version, a missing comment or field, an unknown name, one
 * who is not an approver, one who asked, a record out of scope, a locked field), what awaits each approver,
 * the race of two transitions, and the history's append-only table. Its accounts: one who asks (every
 * permission of the resource, no approver), the leader of their department, one per role an approval names,
 * and one of another department whose scope is their own department.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathTo as lifecyclePath, type LifecycleTransitionSpec } from '@atrium/contracts/lifecycle';
import type { ResourceDef } from '@atrium/contracts/resource';
import { resourceSample } from '@atrium/contracts/resource-sample';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestApp, type TestResponse } from '../../test/harness.ts';
import { adminSession, createAccount, createDepartment, session, type Client } from '../../test/system-kit.ts';
import type { ServerSlice } from '../../slice.ts';
import { ROOT_DEPARTMENT_ID } from '../shared/departments.repository.ts';
import { itWhen } from '../../test/it-when.ts';


type Transition = LifecycleTransitionSpec & { permission: string };
interface Person {
  client: Client;
  id: number;
}
type Row = Record<string, unknown> & { id: number; version: number; transitions: string[] };

export function describeLifecycle(def: ResourceDef, all: readonly ResourceDef[], options: { resources?: readonly ServerSlice[]; prepare?: (t: TestApp) => Promise<void> }): void {
  const lifecycle = def.lifecycle!;
  const field = def.fields.find((f) => f.state)!.name;
  const approvalRoles = [...new Set(lifecycle.transitions.flatMap((t) => (t.approval?.by === 'role' ? [t.approval.role] : [])))];

  /** The transitions from the initial state to `state`, fewest first (every state is reached: the spec's check). */
  const pathTo = (state: string): Transition[] => lifecyclePath(lifecycle, state)!;

  describe(`resource ${def.name}: its life cycle`, () => {
    let t: TestApp;
    let admin: Client;
    let team: number;
    let serial = 0;
    const people = {} as { requester: Person; leader: Person; outsider: Person; approvers: Map<string, Person> };

    const data = (res: TestResponse, what: string) => {
      expect(res.status, `${what}: ${res.text.slice(0, 400)}`).toBe(200);
      return res.body.data;
    };
    /** Who may fire `t`: its role's approver, the department's leader, else the one who asks. */
    const firer = (tr: Transition): Person =>
      tr.approval?.by === 'role' ? people.approvers.get(tr.approval.role)! : tr.approval ? people.leader : people.requester;
    /**
     * What `by` may fire on a record of the team in `state`, in the spec's order: every transition that leaves
     * it (each person holds every permission), an approval only for its approver and not for the one who asked.
     */
    const offered = (by: Person, state: string, requestedBy: number | undefined): string[] =>
      lifecycle.transitions.filter((x) => x.from.includes(state) && (!x.approval || (firer(x) === by && requestedBy !== by.id))).map((x) => x.name);
    const bodyFor = (tr: Transition, version: number) => ({ version, ...(tr.comment ? { comment: `Checked ${tr.name}` } : {}) });
    const fire = (by: Person, record: { id: number; version: number }, tr: Transition | string, body?: Record<string, unknown>) => {
      const name = typeof tr === 'string' ? tr : tr.name;
      return by.client.call('POST', `${def.apiPath}/${record.id}/transitions/${name}`, body ?? (typeof tr === 'string' ? { version: record.version } : bodyFor(tr, record.version)));
    };
    /** A record made by the one who asks, in their department, with the records it must refer to made by the administrator. */
    const create = async (extra: Record<string, unknown> = {}): Promise<Row> => {
      const references: Record<string, number> = {};
      for (const f of def.fields.filter((x) => x.type === 'reference' && x.required && x.to !== def.name)) {
        const other = all.find((r) => r.name === f.to)!;
        references[f.name] = data(await admin.call('POST', other.apiPath, resourceSample(other, ++serial, {})), `a ${other.name} to refer to`).id;
      }
      return data(await people.requester.client.call('POST', def.apiPath, { ...resourceSample(def, ++serial, references), ...extra }), `a ${def.name}`);
    };
    /** A new record brought to `state` by whoever may fire each step; the last step by `last` when given. */
    const inState = async (state: string, last?: Person): Promise<Row> => {
      let record = await create();
      const path = pathTo(state);
      for (const [i, tr] of path.entries()) record = data(await fire(i === path.length - 1 && last ? last : firer(tr), record, tr), `${tr.name} on the way to ${state}`);
      expect(record[field]).toBe(state);
      return record;
    };
    /** An edit's body: the record's editable values as the form sends them, with `change`, at its version. */
    const editBody = (current: Record<string, unknown>, change: Record<string, unknown>) => ({
      ...Object.fromEntries(def.fields.filter((f) => !f.readOnly && !f.state).map((f) => [f.name, current[f.name]])),
      ...change,
      version: current.version,
    });
    const history = async (id: number) => data(await admin.call('GET', `${def.apiPath}/${id}/history`), 'history').list as { transition: string; from: string; to: string; actor: { id: number } | null; comment: string | null }[];
    const awaiting = async (who: Person) => (data(await who.client.call('GET', `/api/approvals?resource=${def.name}&pageSize=100`), 'approvals').list as { resource: string; id: number }[]).map((a) => a.id);

    // its database (a private schema on PostgreSQL, with a pool of connections) goes with the suite
    afterAll(() => t?.close());
    beforeAll(async () => {
      t = await createTestApp({ resources: options.resources });
      await options.prepare?.(t);
      admin = await adminSession(t);
      team = await createDepartment(admin, 'Life cycle team', ROOT_DEPARTMENT_ID);
      const elsewhere = await createDepartment(admin, 'Life cycle elsewhere', ROOT_DEPARTMENT_ID);
      const referred = def.fields.filter((f) => f.type === 'reference' && f.to !== def.name).map((f) => all.find((r) => r.name === f.to)!);
      const permissions = [...new Set([...Object.values(def.permissions), ...lifecycle.transitions.map((x) => x.permission), ...referred.flatMap((r) => Object.values(r.permissions))])];
      const person = async (username: string, role: string, department: number, dataScope = 'all'): Promise<Person> => {
        const made = await admin.call('POST', '/api/system/roles', { code: role, name: role, permissions: [], dataScope });
        expect([200, 409], made.text).toContain(made.status);
        // the permissions in SQL, as a start gives them (a kit fixture's are outside the catalogue), added to what a known role holds
        await t.db.execute(`update roles set permissions = array(select distinct unnest(permissions || '{${permissions.join(',')}}'::text[])) where code = '${role}'`);
        const { id } = await createAccount(admin, { username, name: username, roles: [role], password: 'cycle123', departmentId: department });
        return { id, client: await session(t, username, 'cycle123') };
      };
      people.requester = await person('cycle.requester', 'cycle-requester', team);
      people.leader = await person('cycle.leader', 'cycle-leader', team);
      people.outsider = await person('cycle.outsider', 'cycle-outsider', elsewhere, 'department');
      people.approvers = new Map();
      for (const role of approvalRoles) people.approvers.set(role, await person(`cycle.${role}`, role, team));
      const current = data(await admin.call('GET', `/api/system/departments/${team}`), 'the team');
      data(await admin.call('PUT', `/api/system/departments/${team}`, { name: current.name, parentId: ROOT_DEPARTMENT_ID, leaderId: people.leader.id, status: 'active' }), 'the team gets its leader');
    });

    it('creates a record in the initial state, and never takes the state in a create or an update', async () => {
      const record = await create();
      expect(record[field]).toBe(lifecycle.initial);
      const other = lifecycle.states.find((s) => s.value !== lifecycle.initial)!.value;
      const made = await people.requester.client.call('POST', def.apiPath, { ...resourceSample(def, ++serial, {}), [field]: other });
      expect([made.status, made.body.data?.error]).toEqual([400, 'VALIDATION_FAILED']);
      const edited = await people.requester.client.call('PUT', `${def.apiPath}/${record.id}`, { version: record.version, [field]: other });
      expect([edited.status, edited.body.data?.error]).toEqual([400, 'VALIDATION_FAILED']);
      expect(data(await admin.call('GET', `${def.apiPath}/${record.id}`), 'unchanged')).toMatchObject({ [field]: lifecycle.initial, version: 1 });
    });

    it('walks every transition: the state, the version, one history row and one audit entry each, and what may be fired next', async () => {
      for (const tr of lifecycle.transitions) {
        for (const from of tr.from) {
          const record = await inState(from);
          const by = firer(tr);
          const entries = async () =>
            Number(rowsOf<{ n: number }>(await t.db.execute(`select count(*)::int as n from audit_log where action = '${def.name}.transition.${tr.name}' and target_id = '${record.id}' and result = 'success'`))[0]!.n);
          const entriesBefore = await entries();
          const after = data(await fire(by, record, tr), `${tr.name} from ${from}`);
          expect(after).toMatchObject({ [field]: tr.to, version: record.version + 1 });
          // what each person of the team may fire next: the firer in the answer, every one when reading the record
          const requestedBy = lifecycle.awaiting.includes(tr.to) ? by.id : undefined;
          expect(after.transitions, `offered to ${tr.name}'s firer in ${tr.to}`).toEqual(offered(by, tr.to, requestedBy));
          for (const [who, person] of Object.entries({ requester: people.requester, leader: people.leader, ...Object.fromEntries(people.approvers) })) {
            const read = data(await person.client.call('GET', `${def.apiPath}/${record.id}`), `${who} reads it`);
            expect(read.transitions, `offered to ${who} in ${tr.to} after ${tr.name}`).toEqual(offered(person, tr.to, requestedBy));
          }
          const [newest] = await history(record.id);
          expect(newest).toMatchObject({ transition: tr.name, from, to: tr.to, actor: { id: by.id }, comment: tr.comment ? `Checked ${tr.name}` : null });
          expect(await entries(), `${tr.name}: one audit entry`).toBe(entriesBefore + 1);
        }
      }
    });

    it('refuses a transition from a state it does not leave: 409 TRANSITION_NOT_ALLOWED with what is allowed now, nothing written', async () => {
      const tr = lifecycle.transitions.find((x) => lifecycle.states.some((s) => !x.from.includes(s.value)))!;
      const state = lifecycle.states.find((s) => !tr.from.includes(s.value))!.value;
      const record = await inState(state);
      const before = (await history(record.id)).length;
      const res = await fire(firer(tr), record, tr);
      expect([res.status, res.body.data?.error]).toEqual([409, 'TRANSITION_NOT_ALLOWED']);
      expect(res.body.data.details).toMatchObject({ state, allowed: expect.any(Array) });
      expect(await history(record.id)).toHaveLength(before);
      expect(data(await admin.call('GET', `${def.apiPath}/${record.id}`), 'unchanged')).toMatchObject({ [field]: state, version: record.version });
    });

    it('refuses a stale version (409), a missing comment (400) and an unknown transition (404 naming those there are), in both languages', async () => {
      const tr = lifecycle.transitions.find((x) => x.from.includes(lifecycle.initial)) ?? lifecycle.transitions[0]!;
      const record = await inState(tr.from[0]!);
      const stale = await fire(firer(tr), record, tr, bodyFor(tr, record.version + 1));
      expect([stale.status, stale.body.data?.error]).toEqual([409, 'VERSION_CONFLICT']);
      const unknown = await people.requester.client.call('POST', `${def.apiPath}/${record.id}/transitions/noSuchStep`, { version: record.version }, { locale: 'en-US' });
      expect([unknown.status, unknown.body.data?.error, unknown.body.message]).toEqual([404, 'UNKNOWN_TRANSITION', 'There is no such action.']);
      expect(unknown.body.data.details.transitions).toEqual(lifecycle.transitions.map((x) => x.name));
      const zh = await people.requester.client.call('POST', `${def.apiPath}/${record.id}/transitions/noSuchStep`, { version: record.version }, { locale: 'zh-CN' });
      expect(zh.body.message).toBe('没有这个操作');
      const commented = lifecycle.transitions.find((x) => x.comment === 'required');
      if (commented) {
        const waiting = await inState(commented.from[0]!);
        const res = await fire(firer(commented), waiting, commented, { version: waiting.version });
        expect([res.status, res.body.data?.error, res.body.data?.details?.[0]?.path]).toEqual([400, 'VALIDATION_FAILED', 'comment']);
      }
    });

    const requiring = lifecycle.transitions.find((x) => (x.requires ?? []).some((name) => !def.fields.find((f) => f.name === name)!.required));
    itWhen(requiring !== undefined)('refuses a transition whose required fields are empty: 400 naming each, nothing written', async () => {
      const empty = Object.fromEntries((requiring!.requires ?? []).filter((name) => !def.fields.find((f) => f.name === name)!.required).map((name) => [name, null]));
      let record = await create(empty);
      for (const tr of pathTo(requiring!.from[0]!)) record = data(await fire(firer(tr), record, tr), tr.name);
      const res = await fire(firer(requiring!), record, requiring!);
      expect([res.status, res.body.data?.error]).toEqual([400, 'VALIDATION_FAILED']);
      expect((res.body.data.details as { path: string }[]).map((d) => d.path).sort()).toEqual(Object.keys(empty).sort());
    });

    const approvals = lifecycle.transitions.filter((x) => x.approval);
    itWhen(approvals.length > 0)('lets only an approver approve, never the one who asked: 403 NOT_APPROVER, 403 SELF_APPROVAL', async () => {
      for (const tr of approvals) {
        const record = await inState(tr.from[0]!);
        const refused = await fire(people.requester, record, tr);
        expect([refused.status, refused.body.data?.error], `${tr.name} by the one who asked`).toEqual([403, 'NOT_APPROVER']);
        // the approver asked this time: the last step into the awaiting state was theirs
        const last = pathTo(tr.from[0]!).at(-1);
        if (!last || last.approval) continue;
        const own = await inState(tr.from[0]!, firer(tr));
        const self = await fire(firer(tr), own, tr);
        expect([self.status, self.body.data?.error], `${tr.name} of one's own request`).toEqual([403, 'SELF_APPROVAL']);
        expect(own.transitions, 'not offered to the one who asked').not.toContain(tr.name);
      }
    });

    itWhen(approvals.length > 0)('lists what awaits each approver, with its count, and nothing to the one who asked or one out of scope', async () => {
      for (const tr of approvals) {
        const record = await inState(tr.from[0]!);
        expect(await awaiting(firer(tr)), `${tr.name}: awaits its approver`).toContain(record.id);
        expect(await awaiting(people.requester), `${tr.name}: not the one who asked`).not.toContain(record.id);
        if (def.scoped) expect(await awaiting(people.outsider), `${tr.name}: not one out of scope`).not.toContain(record.id);
        const count = data(await firer(tr).client.call('GET', '/api/approvals/count'), 'count');
        expect(count.count).toBeGreaterThanOrEqual(1);
        const entry = (data(await firer(tr).client.call('GET', `/api/approvals?resource=${def.name}&pageSize=100`), 'entry').list as Row[]).find((a) => a.id === record.id)!;
        expect(entry).toMatchObject({ resource: def.name, state: tr.from[0], version: record.version, requestedBy: { id: expect.any(Number) } });
        expect(entry.transitions).toContain(tr.name);
        // acting on it takes it off the list
        data(await fire(firer(tr), record, tr), `${tr.name} approved`);
        expect(await awaiting(firer(tr))).not.toContain(record.id);
      }
    });

    itWhen(approvals.length > 0)('tells the one who asked of each decision in their message box, linked to the record, in both languages', async () => {
      type Notice = { id: number; type: string; title: string; subTitle: string; content: string; status: number; link: string | null };
      const notices = async (who: Person, locale: 'zh-CN' | 'en-US' = 'zh-CN') => data(await who.client.call('GET', '/api/message/list', undefined, { locale }), 'messages') as Notice[];
      for (const tr of approvals) {
        const record = await inState(tr.from[0]!);
        // who asked: whoever fired the step into the awaiting state (the one who created it, when it starts there)
        const last = pathTo(tr.from[0]!).at(-1);
        const asker = last ? firer(last) : people.requester;
        const approver = firer(tr);
        const link = `${def.path}/${record.id}`;
        expect((await notices(asker)).filter((m) => m.link === link), 'nothing before the decision').toEqual([]);
        data(await fire(approver, record, tr), tr.name);
        const title = String(record[def.titleField]);
        const state = lifecycle.states.find((s) => s.value === tr.to)!.label;
        const [zh] = (await notices(asker)).filter((m) => m.link === link);
        expect(zh, `${tr.name}: the notice`).toMatchObject({ type: 'notice', status: 0, title: `${def.label['zh-CN']}“${title}”${state['zh-CN']}`, subTitle: expect.stringMatching(/^cycle\./) });
        expect(zh!.content).toContain(`${tr.label['zh-CN']}了你提交的${def.label['zh-CN']}`);
        if (tr.comment) expect(zh!.content).toContain(`Checked ${tr.name}`);
        const [en] = (await notices(asker, 'en-US')).filter((m) => m.link === link);
        expect(en!.title).toBe(`${def.label['en-US']} "${title}": ${state['en-US']}`);
        expect(en!.content).toContain(`${tr.label['en-US']}, on the ${def.label['en-US'].toLowerCase()} you submitted`);
        // the approver hears nothing of their own act
        expect((await notices(approver)).filter((m) => m.link === link)).toEqual([]);
      }
    });

    const locking = lifecycle.states.find((s) => s.locks && s.value !== lifecycle.initial);
    itWhen(locking !== undefined)('refuses an update of a field its state locks (409 FIELD_LOCKED naming it), and a delete where every field is locked', async () => {
      const record = await inState(locking!.value);
      const name = locking!.locks === 'all' ? def.fields.find((f) => !f.state && !f.readOnly && f.type === 'string')!.name : locking!.locks![0]!;
      const sample = resourceSample(def, ++serial, {});
      const res = await people.requester.client.call('PUT', `${def.apiPath}/${record.id}`, editBody(record, { [name]: sample[name] ?? null }));
      expect([res.status, res.body.data?.error]).toEqual([409, 'FIELD_LOCKED']);
      expect(res.body.data.details.fields).toContain(name);
      // the same value again is no change, and writes none: no new version (the record is locked), no entry
      const same = await people.requester.client.call('PUT', `${def.apiPath}/${record.id}`, editBody(record, {}));
      expect(same.status, same.text).toBe(200);
      expect(same.body.data.version).toBe(record.version);
      const trail = data(await admin.call('GET', `${def.apiPath}/${record.id}/trail`), 'trail').list as { action: string }[];
      expect(trail.map((e) => e.action)).not.toContain(`${def.name}.update`);
      if (locking!.locks === 'all') {
        const current = data(await admin.call('GET', `${def.apiPath}/${record.id}`), 'current');
        const removal = await people.requester.client.call('DELETE', `${def.apiPath}/${record.id}?version=${current.version}`);
        expect([removal.status, removal.body.data?.error]).toEqual([409, 'FIELD_LOCKED']);
      }
    });

    it('lets exactly one of two transitions fired at one record at once win', async () => {
      const tr = lifecycle.transitions[0]!;
      const record = await inState(tr.from[0]!);
      const others = lifecycle.transitions.filter((x) => x.from.includes(tr.from[0]!));
      const second = others.find((x) => x !== tr) ?? tr;
      const results = await Promise.all([fire(firer(tr), record, tr), fire(firer(second), record, second)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await history(record.id)).toHaveLength(pathTo(tr.from[0]!).length + 1);
    });

    itWhen(def.scoped)('answers 404 for the transitions and the history of a record out of scope, as for one that is not there', async () => {
      const tr = lifecycle.transitions[0]!;
      const record = await inState(tr.from[0]!);
      const res = await fire(people.outsider, record, tr);
      expect([res.status, res.body.data?.error]).toEqual([404, 'NOT_FOUND']);
      const seen = await people.outsider.client.call('GET', `${def.apiPath}/${record.id}/history`);
      expect([seen.status, seen.body.data?.error]).toEqual([404, 'NOT_FOUND']);
    });

    it('keeps the history append-only in the database itself', async () => {
      const record = await inState(lifecycle.transitions[0]!.to);
      const refusal = (statement: string) =>
        t.db.execute(statement).then(
          () => 'written',
          (err: Error & { cause?: Error }) => (err.cause ?? err).message,
        );
      expect(await refusal(`update record_transitions set comment = 'rewritten' where record_id = ${record.id}`)).toMatch(/append-only/);
      expect(await refusal(`delete from record_transitions where record_id = ${record.id}`)).toMatch(/append-only/);
      expect((await history(record.id)).length).toBeGreaterThan(0);
    });
  });
}
