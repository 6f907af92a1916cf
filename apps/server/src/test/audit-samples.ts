/**
 * How to make each audited call of the call table succeed once, for the audit-trail suite: keyed by call
 * id, each sample may set up state through other calls first (those write their own entries, which the
 * suite leaves out), then answers the request to make and the entry it must leave behind. The core's calls
 * here and the resources' generated; a slice keeps the samples of its own calls (audit-trail-suite.ts).
 */
import { randomBytes } from 'node:crypto';
import { buildMultipart } from '../http/multipart.ts';
import { totpCode } from '../security/totp.ts';
import { Secret } from 'otpauth';
import { importSampleTable, resourceSample } from '@atrium/contracts/resource-sample';
import type { ResourceDef } from '@atrium/contracts/resource';
import { bulkFields, resourceCalls, resourceTransitionCalls } from '@atrium/contracts/resource-calls';
import { resourceImportCalls } from '@atrium/contracts/resource-import';
import { csvOf, importUpload } from '../modules/resources/import-fixture.ts';
import { pathTo } from '@atrium/contracts/lifecycle';
import { resources } from '@atrium/contracts/slices';
import { callback, navigation, startFlow, ticketOf } from './company-sign-in.ts';
import { idOf, text, type AuditSample, type AuditSampleFn, type SampleContext } from './sample-context.ts';
// ---- request bodies ---------------------------------------------------------------------------------

const certificationApply = {
  enterpriseName: '审计测试有限公司',
  enterpriseCertificateType: 'businessLicense',
  organizationCode: '91310000132250519X',
  legalPerson: '王小明',
  certificateType: 'idCard',
  authenticationNumber: '310101199001011234',
};
/** A 1 x 1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

// ---- setup through other calls ----------------------------------------------------------------------

/** A custom role that reads the audit log: its id and code. */
async function customRole(ctx: SampleContext): Promise<{ id: number; code: string }> {
  const role = await ctx.data({ method: 'POST', url: '/api/system/roles', token: ctx.admin, body: { code: `trail-${ctx.next()}`, name: text(ctx.next()), permissions: ['audit:read'] } });
  return { id: role.id as number, code: role.code as string };
}
const createRole = async (ctx: SampleContext): Promise<number> => (await customRole(ctx)).id;

/** A department under the root, for the samples that change one. */
const createDepartment = async (ctx: SampleContext): Promise<{ id: number; name: string }> =>
  ctx.data({ method: 'POST', url: '/api/system/departments', token: ctx.admin, body: { name: `Trail ${ctx.next()}`, parentId: 1 } });

/** A throwaway account with two sessions: the caller and another device. */
async function twoSessions(ctx: SampleContext): Promise<{ token: string; other: string }> {
  const account = await ctx.signedIn();
  return { token: account.token, other: await ctx.signIn(account.username, account.password) };
}

/**
 * Turns two-step verification on for a throwaway account (setup, then a code of its secret) and answers its
 * recovery codes: each later step of a sample uses one of them (a code's time step would be used already).
 */
async function withTwoStep(ctx: SampleContext, token: string): Promise<string[]> {
  const setup = await ctx.data({ method: 'POST', url: '/api/user/two-step/setup', token });
  const code = totpCode(Secret.fromBase32(setup.secret as string).bytes, new Date());
  ctx.secrets.add(code);
  return (await ctx.data({ method: 'POST', url: '/api/user/two-step/enable', token, body: { code } })).recoveryCodes as string[];
}

/** A system call on a throwaway account, by the administrator. */
const onAccount =
  (action: string, changed: string[], prepare?: (ctx: SampleContext, id: number) => Promise<void>): AuditSampleFn =>
  async (ctx) => {
    const account = await ctx.account();
    await prepare?.(ctx, account.id);
    return { method: 'POST', url: `/api/system/users/${account.id}/${action}`, token: ctx.admin, expect: { targetType: 'user', targetId: String(account.id), changed } };
  };

/** A call on the caller's own account, made by a throwaway account (so nobody else is disturbed). */
const ownAccount =
  (changed: string[], request: (ctx: SampleContext, token: string) => Promise<Omit<AuditSample, 'token' | 'expect'>>): AuditSampleFn =>
  async (ctx) => {
    const { token } = await ctx.signedIn();
    return { ...(await request(ctx, token)), token, expect: ctx.self(token, changed) };
  };

// ---- the table --------------------------------------------------------------------------------------

export const auditSamples: Record<string, AuditSampleFn> = {
  'auth.login': async (ctx) => {
    const account = await ctx.account();
    return {
      method: 'POST',
      url: '/api/user/login',
      body: await ctx.loginBody(account.username, account.password),
      expect: { changed: [], targetType: 'user', targetId: String(account.id), actor: { id: account.id, name: account.username } },
    };
  },
  'auth.login-two-step': async (ctx) => {
    const account = await ctx.signedIn();
    const [recoveryCode] = await withTwoStep(ctx, account.token);
    const first = await ctx.data({ method: 'POST', url: '/api/user/login', body: await ctx.loginBody(account.username, account.password) });
    return {
      method: 'POST',
      url: '/api/user/login/two-step',
      body: { mfaTicket: first.mfaTicket, recoveryCode },
      expect: { changed: [], targetType: 'user', targetId: String(account.id), actor: { id: account.id, name: account.username } },
    };
  },
  'auth.company-sign-in': async (ctx) => {
    const bob = await ctx.companyAccount('bob');
    const flow = await startFlow(ctx.t, 'bob');
    ctx.keepCallback(flow);
    return {
      method: 'GET',
      url: flow.callback,
      headers: { ...navigation, cookie: flow.cookie },
      expect: { changed: [], targetType: 'user', targetId: String(bob.id), actor: bob },
    };
  },
  'auth.company-sign-in.redeem': async (ctx) => {
    const bob = await ctx.companyAccount('bob');
    const flow = await startFlow(ctx.t, 'bob');
    ctx.keepCallback(flow);
    const ticket = ticketOf(await callback(ctx.t, flow))!;
    ctx.secrets.add(ticket);
    return {
      method: 'POST',
      url: '/api/auth/company-sign-in/redeem',
      body: { ticket },
      headers: { cookie: flow.cookie },
      expect: { changed: [], targetType: 'user', targetId: String(bob.id), actor: bob },
    };
  },
  'user.two-step.setup': ownAccount([], async () => ({ method: 'POST', url: '/api/user/two-step/setup' })),
  'user.two-step.enable': ownAccount([], async (ctx, token) => {
    const setup = await ctx.data({ method: 'POST', url: '/api/user/two-step/setup', token });
    const code = totpCode(Secret.fromBase32(setup.secret as string).bytes, new Date());
    ctx.secrets.add(code);
    return { method: 'POST', url: '/api/user/two-step/enable', body: { code } };
  }),
  'user.two-step.disable': async (ctx) => {
    const account = await ctx.signedIn();
    const [code] = await withTwoStep(ctx, account.token);
    return { method: 'POST', url: '/api/user/two-step/disable', token: account.token, body: { password: account.password, code }, expect: ctx.self(account.token, []) };
  },
  'user.two-step.recovery-codes': async (ctx) => {
    const account = await ctx.signedIn();
    const [code] = await withTwoStep(ctx, account.token);
    return { method: 'POST', url: '/api/user/two-step/recovery-codes', token: account.token, body: { password: account.password, code }, expect: ctx.self(account.token, []) };
  },
  'auth.sms-code': async (ctx) => {
    const account = await ctx.account(['user'], { phone: true });
    return { method: 'POST', url: '/api/login/captcha', body: { tel: account.phone }, expect: { changed: [], targetType: null, targetId: null, actor: { id: null, name: account.phone! } } };
  },
  'user.logout': async (ctx) => {
    const { token } = await ctx.signedIn();
    return { method: 'POST', url: '/api/user/logout', token, expect: { changed: [], targetType: 'session', targetId: String(await ctx.sessionId(token)) } };
  },
  'user.switch-role': async (ctx) => {
    const { code } = await customRole(ctx);
    const { token } = await ctx.signedIn(['user', code]);
    return { method: 'POST', url: '/api/user/switch-role', token, body: { role: code }, expect: { changed: ['role'], targetType: 'session', targetId: String(await ctx.sessionId(token)) } };
  },
  'user.change-password': async (ctx) => {
    const account = await ctx.signedIn();
    const newPassword = `New.${randomBytes(6).toString('hex')}`;
    ctx.secrets.add(newPassword);
    return { method: 'POST', url: '/api/user/change-password', token: account.token, body: { oldPassword: account.password, newPassword }, expect: ctx.self(account.token, []) };
  },
  'user.security-question': ownAccount(['securityQuestion'], async (ctx) => {
    const answer = `Answer ${randomBytes(6).toString('hex')}`;
    ctx.secrets.add(answer);
    return { method: 'POST', url: '/api/user/security-question', body: { question: 'school', answer } };
  }),
  'user.phone-code': ownAccount([], async (ctx) => ({ method: 'POST', url: '/api/user/phone/code', body: { tel: ctx.phone() } })),
  'user.bind-phone': ownAccount(['phone'], async (ctx, token) => {
    const tel = ctx.phone();
    await ctx.call({ method: 'POST', url: '/api/user/phone/code', token, body: { tel } });
    return { method: 'POST', url: '/api/user/phone', body: { tel, code: ctx.smsCodes(tel).at(-1) } };
  }),
  'user.save-info': ownAccount(['email', 'name', 'countryRegion', 'area', 'locationName', 'address', 'introduction'], async (ctx) => ({
    method: 'POST',
    url: '/api/user/save-info',
    body: { email: `trail-${ctx.next()}@example.com`, nickname: 'Trail', countryRegion: 'china', area: ['11', '1101', '110101'], address: 'Chang’an Avenue 1', profile: 'audit' },
  })),
  'user.upload': ownAccount(['avatar'], async () => {
    const multipart = buildMultipart([{ name: 'file', filename: 'me.gif', contentType: 'image/gif', data: GIF }]);
    return { method: 'POST', url: '/api/user/upload', body: multipart.body, contentType: multipart.contentType };
  }),
  'user.certification.apply': async (ctx) => {
    const { token } = await ctx.signedIn();
    return { method: 'POST', url: '/api/user/certification/apply', token, body: certificationApply, expect: { changed: ['status', 'enterpriseName', 'enterpriseCertificateType', 'organizationCode', 'legalPerson', 'certificateType', 'authenticationNumber'], targetType: 'certification', targetId: idOf } };
  },
  'user.certification.withdraw': async (ctx) => {
    const { token } = await ctx.signedIn();
    const { id } = await ctx.data({ method: 'POST', url: '/api/user/certification/apply', token, body: certificationApply });
    return { method: 'POST', url: `/api/user/certification/${id}/withdraw`, token, expect: { changed: ['status'], targetType: 'certification', targetId: String(id) } };
  },
  // The preferences' parts are the slices' (slice.ts): with none, a save changes nothing and is recorded all the same.
  'user.preferences.save': async (ctx) => {
    const { token } = await ctx.signedIn();
    return { method: 'POST', url: '/api/user/preferences', token, body: {}, expect: { ...ctx.self(token, []), targetType: 'preferences' } };
  },

  'message.read': async (ctx) => ({ method: 'POST', url: '/api/message/read', token: ctx.admin, body: { ids: [await ctx.message('message')] }, expect: { changed: ['unread'], targetType: 'message', targetId: null } }),
  'message.clear': async (ctx) => {
    await ctx.message('todo');
    return { method: 'POST', url: '/api/message/clear', token: ctx.admin, body: { type: 'todo' }, expect: { changed: ['todo'], targetType: 'message', targetId: null } };
  },

  'system.role.create': async (ctx) => ({
    method: 'POST',
    url: '/api/system/roles',
    token: ctx.admin,
    body: { code: `trail-${ctx.next()}`, name: text(ctx.next()), description: 'audit trail sample', permissions: ['session:read', 'audit:read'], dataScope: 'custom', departmentIds: [1], scopes: { user: 'own' } },
    expect: { changed: ['code', 'name', 'description', 'permissions', 'requireMfa', 'dataScope', 'departmentIds', 'scopes'], targetType: 'role', targetId: idOf },
  }),
  'system.role.update': async (ctx) => {
    const id = await createRole(ctx);
    return { method: 'PUT', url: `/api/system/roles/${id}`, token: ctx.admin, body: { name: text(ctx.next()), permissions: ['audit:read', 'audit:export'], dataScope: 'department' }, expect: { changed: ['name', 'permissions', 'dataScope'], targetType: 'role', targetId: String(id) } };
  },
  'system.role.delete': async (ctx) => {
    const id = await createRole(ctx);
    return { method: 'DELETE', url: `/api/system/roles/${id}`, token: ctx.admin, expect: { changed: ['code', 'name', 'description', 'permissions', 'requireMfa', 'dataScope', 'departmentIds', 'scopes'], targetType: 'role', targetId: String(id) } };
  },
  'system.user.create': async (ctx) => ({
    method: 'POST',
    url: '/api/system/users',
    token: ctx.admin,
    // no password: the answer holds a one-time password
    body: { username: `trail-new-${ctx.next()}`, name: 'Trail newcomer', email: `new-${ctx.next()}@example.com`, phone: ctx.phone(), roles: ['user'] },
    expect: { changed: ['username', 'name', 'email', 'phone', 'roles', 'status', 'departmentId'], targetType: 'user', targetId: (res) => String(res.body.data.user.id) },
  }),
  'system.user.update': async (ctx) => {
    const [account, { code }] = [await ctx.account(), await customRole(ctx)];
    return { method: 'PUT', url: `/api/system/users/${account.id}`, token: ctx.admin, body: { name: 'Trail renamed', roles: ['user', code] }, expect: { changed: ['name', 'roles'], targetType: 'user', targetId: String(account.id) } };
  },
  'system.user.disable': onAccount('disable', ['status']),
  'system.user.enable': onAccount('enable', ['status'], async (ctx, id) => {
    await ctx.call({ method: 'POST', url: `/api/system/users/${id}/disable`, token: ctx.admin });
  }),
  'system.user.unlock': onAccount('unlock', []),
  'system.user.reset-password': onAccount('reset-password', []),
  'system.user.two-step.reset': async (ctx) => {
    const account = await ctx.signedIn();
    await withTwoStep(ctx, account.token);
    return { method: 'POST', url: `/api/system/users/${account.id}/two-step/reset`, token: ctx.admin, expect: { targetType: 'user', targetId: String(account.id), changed: ['mfaEnabled'] } };
  },
  'system.department.create': async (ctx) => ({
    method: 'POST',
    url: '/api/system/departments',
    token: ctx.admin,
    body: { name: `Trail ${ctx.next()}`, parentId: 1, code: `trail-${ctx.next()}`, order: 3 },
    expect: { changed: ['name', 'parentId', 'code', 'order', 'status'], targetType: 'department', targetId: idOf },
  }),
  'system.department.update': async (ctx) => {
    const parent = await createDepartment(ctx);
    const moved = await createDepartment(ctx);
    return {
      method: 'PUT',
      url: `/api/system/departments/${moved.id}`,
      token: ctx.admin,
      body: { name: `Trail ${ctx.next()}`, parentId: parent.id, status: 'disabled' },
      expect: { changed: ['name', 'parentId', 'status'], targetType: 'department', targetId: String(moved.id) },
    };
  },
  'system.department.delete': async (ctx) => {
    const { id } = await createDepartment(ctx);
    return { method: 'DELETE', url: `/api/system/departments/${id}`, token: ctx.admin, expect: { changed: ['name', 'parentId', 'order', 'status'], targetType: 'department', targetId: String(id) } };
  },
  'system.session.revoke': async (ctx) => {
    const id = await ctx.sessionId((await ctx.signedIn()).token);
    return { method: 'DELETE', url: `/api/system/sessions/${id}`, token: ctx.admin, expect: { changed: [], targetType: 'session', targetId: String(id) } };
  },
  'user.session.revoke': async (ctx) => {
    const { token, other } = await twoSessions(ctx);
    const id = await ctx.sessionId(other);
    return { method: 'DELETE', url: `/api/user/sessions/${id}`, token, expect: { changed: [], targetType: 'session', targetId: String(id) } };
  },
  'user.session.revoke-others': async (ctx) => {
    const { token } = await twoSessions(ctx);
    return { method: 'POST', url: '/api/user/sessions/revoke-others', token, expect: { changed: [], targetType: 'session', targetId: null } };
  },
  'system.audit.export': async (ctx) => ({ method: 'GET', url: '/api/system/audit/export?result=success', token: ctx.admin, expect: { changed: [], targetType: 'audit', targetId: null } }),
  ...Object.fromEntries(resources.flatMap(resourceAuditSamples)),
  ...Object.fromEntries(resources.flatMap(transitionAuditSamples)),
};

/** A record of a registered resource made through its call, after the records it must refer to. */
async function createRecord(ctx: SampleContext, def: ResourceDef): Promise<Record<string, unknown>> {
  const references: Record<string, number> = {};
  for (const f of def.fields) {
    if (f.type !== 'reference' || !f.required) continue;
    references[f.name] = (await createRecord(ctx, resources.find((r) => r.name === f.to)!)).id as number;
  }
  return ctx.data({ method: 'POST', url: def.apiPath, token: ctx.admin, body: resourceSample(def, ctx.next(), references) });
}

/**
 * The fields a record holds as a create or delete audits them: those with a value, a life cycle's state
 * (a create's body has none: the record starts in the initial one) and a scoped record's department and
 * owner (always set).
 */
const filled = (def: ResourceDef, record: Record<string, unknown>) => [
  ...def.fields.filter((f) => f.state || (record[f.name] !== null && record[f.name] !== undefined)).map((f) => f.name),
  ...(def.scoped ? ['department', 'owner'] : []),
];

/** The audited calls of each resource of the registry (docs/resources.md): create, update, delete, export. */
function resourceAuditSamples(def: ResourceDef): [string, AuditSampleFn][] {
  const c = resourceCalls(def);
  return [
    [c.create.id, async (ctx) => {
      const references: Record<string, number> = {};
      for (const f of def.fields) if (f.type === 'reference' && f.required) references[f.name] = (await createRecord(ctx, resources.find((r) => r.name === f.to)!)).id as number;
      const body = resourceSample(def, ctx.next(), references);
      return { method: 'POST', url: def.apiPath, token: ctx.admin, body, expect: { changed: filled(def, body), targetType: def.name, targetId: idOf } };
    }],
    [c.update.id, async (ctx) => {
      const record = await createRecord(ctx, def);
      const next = resourceSample(def, ctx.next(), Object.fromEntries(def.fields.filter((f) => f.type === 'reference').map((f) => [f.name, record[f.name] as number])));
      for (const f of def.fields) if (f.readOnly) delete next[f.name];
      const changed = def.fields.filter((f) => !f.readOnly && !f.state && JSON.stringify(next[f.name] ?? null) !== JSON.stringify(record[f.name] ?? null)).map((f) => f.name);
      return { method: 'PUT', url: `${def.apiPath}/${record.id}`, token: ctx.admin, body: { ...next, version: record.version }, expect: { changed, targetType: def.name, targetId: String(record.id) } };
    }],
    [c.delete.id, async (ctx) => {
      const record = await createRecord(ctx, def);
      return { method: 'DELETE', url: `${def.apiPath}/${record.id}?version=${record.version}`, token: ctx.admin, expect: { changed: filled(def, record), targetType: def.name, targetId: String(record.id) } };
    }],
    // a bulk action on one record leaves its one entry (on many, one per record: the kit's suite)
    [c.bulkDelete.id, async (ctx) => {
      const record = await createRecord(ctx, def);
      return { method: 'POST', url: `${def.apiPath}/bulk-delete`, token: ctx.admin, body: { records: [{ id: record.id, version: record.version }] }, expect: { changed: filled(def, record), targetType: def.name, targetId: String(record.id) } };
    }],
    [c.bulkUpdate.id, async (ctx) => {
      const record = await createRecord(ctx, def);
      // the first field a bulk edit sets that needs no other record, to a value the record does not hold
      const sample = resourceSample(def, ctx.next(), {});
      const field = def.fields.find((f) => bulkFields(def).includes(f.name) && f.type !== 'reference' && sample[f.name] !== undefined && JSON.stringify(sample[f.name]) !== JSON.stringify(record[f.name] ?? null));
      // (else its owner, to another account: a value it holds already would leave no entry, decision 060)
      const name = field?.name ?? 'owner';
      const value = field ? sample[name] : (await ctx.account()).id;
      return { method: 'POST', url: `${def.apiPath}/bulk-update`, token: ctx.admin, body: { field: name, value, records: [{ id: record.id, version: record.version }] }, expect: { changed: [name], targetType: def.name, targetId: String(record.id) } };
    }],
    [c.export.id, async (ctx) => ({ method: 'GET', url: `${def.apiPath}/export`, token: ctx.admin, expect: { changed: [], targetType: def.name, targetId: null } })],
    ...importAuditSamples(def),
  ];
}

/** A file of one new record, uploaded: the import's id. */
async function uploadedImport(ctx: SampleContext, def: ResourceDef): Promise<number> {
  const references: Record<string, number> = {};
  for (const f of def.fields) if (f.type === 'reference' && f.required) references[f.name] = (await createRecord(ctx, resources.find((r) => r.name === f.to)!)).id as number;
  const upload = importUpload(csvOf(importSampleTable(def, [resourceSample(def, ctx.next(), references)])));
  return (await ctx.data({ method: 'POST', url: `${def.apiPath}/imports`, token: ctx.admin, body: upload.body, contentType: upload.contentType })).id as number;
}

/** An import's state once its job has ended (a check or a write runs after the call answers). */
async function settledImport(ctx: SampleContext, def: ResourceDef, importId: number): Promise<Record<string, unknown>> {
  for (let i = 0; i < 200; i++) {
    const job = await ctx.data({ url: `${def.apiPath}/imports/${importId}`, token: ctx.admin });
    if (!['checking', 'writing'].includes(job.status as string)) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${importId} of ${def.name} still running`);
}

/**
 * An import's calls (docs/resources.md, "Import"): each leaves one entry on the import; its write leaves the
 * import's one entry (its counts in the summary) when its job ends, which the sample waits for.
 */
function importAuditSamples(def: ResourceDef): [string, AuditSampleFn][] {
  const c = resourceImportCalls(def);
  const on = (importId: number) => ({ changed: [], targetType: 'import', targetId: String(importId) });
  return [
    [c.upload.id, async (ctx) => {
      const upload = importUpload(csvOf(importSampleTable(def, [resourceSample(def, ctx.next(), {})])));
      return { method: 'POST', url: `${def.apiPath}/imports`, token: ctx.admin, body: upload.body, contentType: upload.contentType, expect: { changed: [], targetType: 'import', targetId: idOf } };
    }],
    [c.check.id, async (ctx) => {
      const importId = await uploadedImport(ctx, def);
      return { method: 'POST', url: `${def.apiPath}/imports/${importId}/check`, token: ctx.admin, body: {}, expect: on(importId), settle: async () => void (await settledImport(ctx, def, importId)) };
    }],
    [c.commit.id, async (ctx) => {
      const importId = await uploadedImport(ctx, def);
      await ctx.data({ method: 'POST', url: `${def.apiPath}/imports/${importId}/check`, token: ctx.admin, body: {} });
      const checked = await settledImport(ctx, def, importId);
      if (checked.status !== 'checked' || checked.errorRows !== 0) throw new Error(`import sample of ${def.name}: ${JSON.stringify(checked.errors)}`);
      return { method: 'POST', url: `${def.apiPath}/imports/${importId}/commit`, token: ctx.admin, expect: on(importId), settle: async () => void (await settledImport(ctx, def, importId)) };
    }],
    [c.cancel.id, async (ctx) => {
      const importId = await uploadedImport(ctx, def);
      return { method: 'POST', url: `${def.apiPath}/imports/${importId}/cancel`, token: ctx.admin, expect: on(importId) };
    }],
    // the report of an import's problems is a file handed out: recorded as an export is
    [c.report.id, async (ctx) => {
      const importId = await uploadedImport(ctx, def);
      return { method: 'GET', url: `${def.apiPath}/imports/${importId}/report`, token: ctx.admin, expect: { changed: [], targetType: def.name, targetId: null } };
    }],
  ];
}

/**
 * A life cycle's transitions (docs/resources.md, "Life cycles"): a record brought along the fewest
 * transitions to the transition's first state, each fired by one who may (the administrator; for an
 * approval a throwaway account of its role, or one made the leader of the record's department: never the
 * one who asked), then the transition itself. Its entry shows the state before and after.
 */
function transitionAuditSamples(def: ResourceDef): [string, AuditSampleFn][] {
  const lifecycle = def.lifecycle;
  if (!lifecycle) return [];
  const calls = resourceTransitionCalls(def);
  const state = def.fields.find((f) => f.state)!.name;
  type Step = (typeof lifecycle.transitions)[number];
  const bodyOf = (step: Step, version: number) => ({ version, ...(step.comment ? { comment: `Checked by the trail's ${step.name}` } : {}) });
  const firer = async (ctx: SampleContext, step: Step, record: Record<string, unknown>): Promise<string> => {
    if (!step.approval) return ctx.admin;
    if (step.approval.by === 'role') return (await ctx.signedIn([step.approval.role])).token;
    const leader = await ctx.signedIn(['admin']);
    await ctx.t.db.execute(`update departments set leader_id = ${leader.id} where id = ${Number(record.department)}`);
    return leader.token;
  };
  return lifecycle.transitions.map((t) => [
    calls[t.name]!.id,
    async (ctx) => {
      let record = await createRecord(ctx, def);
      for (const step of pathTo(lifecycle, t.from[0]!)!) {
        record = await ctx.data({ method: 'POST', url: `${def.apiPath}/${record.id}/transitions/${step.name}`, token: await firer(ctx, step, record), body: bodyOf(step, record.version as number) });
      }
      const url = `${def.apiPath}/${record.id}/transitions/${t.name}`;
      return { method: 'POST', url, token: await firer(ctx, t, record), body: bodyOf(t, record.version as number), expect: { changed: [state], targetType: def.name, targetId: String(record.id) } };
    },
  ]);
}
