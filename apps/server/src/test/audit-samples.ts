/**
 * How to make each audited call of the call table succeed once, for the audit-trail suite: keyed by call
 * id, each sample may set up state through other calls first (those write their own entries, which the
 * suite leaves out), then answers the request to make and the entry it must leave behind.
 *
 * Every secret a sample uses (passwords, captcha answers, security answers) is handed to the context, and
 * the context keeps the ones the server answers (tokens, one-time passwords), so the suite can check that
 * none of them reaches the trail.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../db/schema/auth.ts';
import { buildMultipart } from '../http/multipart.ts';
import { hashToken } from '../http/sessions.ts';
import { hashPassword } from '../security/passwords.ts';
import { totpCode } from '../security/totp.ts';
import { Secret } from 'otpauth';
import { resourceSample } from '@atrium/contracts/resource-sample';
import type { ResourceDef } from '@atrium/contracts/resource';
import { resourceCalls } from '@atrium/contracts/resource-calls';
import { resources } from '@atrium/contracts/resources/index';
import { callback, navigation, signInThroughProvider, startFlow, ticketOf, type Flow } from './company-sign-in.ts';
import type { TestApp, TestRequest, TestResponse } from './harness.ts';

/** The answer of every captcha image of the suite's app (whose captcha mode is `always`). */
export const CAPTCHA_TEXT = 'KMRW';

interface Actor {
  id: number | null;
  name: string;
}

interface Account {
  id: number;
  username: string;
  password: string;
  phone: string | null;
}

export interface AuditSample {
  method: NonNullable<TestRequest['method']>;
  url: string;
  token?: string;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  expect: {
    targetType: string | null;
    /** The target's id, or how to read it from the answer (a create learns it only then). */
    targetId: string | null | ((res: TestResponse) => string);
    /** Default: the account holding `token`. */
    actor?: Actor;
    /** The fields the entry shows before and after (none for a call that changes no record: a sign-in, an export). */
    changed: string[];
  };
}

type AuditSampleFn = (ctx: SampleContext) => Promise<AuditSample>;

/** State shared by the samples of one app: the signed-in administrator, throwaway accounts, secrets. */
export class SampleContext {
  readonly secrets = new Set<string>();
  private readonly actors = new Map<string, Actor>();
  private serial = 0;
  private adminToken = '';

  private constructor(readonly t: TestApp) {
    this.secrets.add(t.config.signingKeys[0]!.secret);
    this.secrets.add(CAPTCHA_TEXT);
  }

  static async open(t: TestApp): Promise<SampleContext> {
    const ctx = new SampleContext(t);
    ctx.adminToken = await ctx.signIn('admin', 'admin123');
    return ctx;
  }

  /** A token of the demo administrator (roles admin, user; acting as admin). */
  get admin(): string {
    return this.adminToken;
  }

  /** A number unique within the run (names, codes, phone numbers). */
  next(): number {
    return ++this.serial;
  }

  /** Keeps the secrets an answer hands out: session tokens, one-time passwords, two-step secrets and codes. */
  collect(res: TestResponse): void {
    const data = typeof res.body === 'object' && res.body !== null ? (res.body as { data?: unknown }).data : undefined;
    if (typeof data !== 'object' || data === null) return;
    for (const key of ['token', 'initialPassword', 'mfaTicket', 'secret', 'otpauthUri', 'recoveryCodes'] as const) {
      const value = (data as Record<string, unknown>)[key];
      for (const one of Array.isArray(value) ? value : [value]) if (typeof one === 'string') this.secrets.add(one);
    }
  }

  /** A setup call: it must succeed (its own entry is not the one under test). */
  async call(req: TestRequest): Promise<TestResponse> {
    const res = await this.t.request(req);
    if (res.status < 200 || res.status >= 300) throw new Error(`setup ${req.method ?? 'GET'} ${req.url} answered ${res.status}: ${res.text.slice(0, 300)}`);
    this.collect(res);
    return res;
  }

  /** The `data` of a successful setup call. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async data(req: TestRequest): Promise<any> {
    return (await this.call(req)).body.data;
  }

  /** A fresh captcha image and its answer, as a sign-in body wants them. */
  async captcha(): Promise<{ captchaId: string; captcha: string }> {
    const image = await this.data({ url: '/auth/captcha' });
    return { captchaId: image.id as string, captcha: CAPTCHA_TEXT };
  }

  /** The body of a password sign-in (with its captcha). */
  async loginBody(username: string, password: string): Promise<Record<string, string>> {
    this.secrets.add(password);
    return { username, password, ...(await this.captcha()) };
  }

  async signIn(username: string, password: string): Promise<string> {
    const token = (await this.data({ method: 'POST', url: '/api/user/login', body: await this.loginBody(username, password) })).token as string;
    const [row] = await this.t.db.select({ id: users.id, username: users.username }).from(users).where(eq(users.username, username.toLowerCase()));
    this.actors.set(token, { id: row!.id, name: row!.username });
    return token;
  }

  /** The account a token signed in. */
  actorOf(token: string): Actor {
    const actor = this.actors.get(token);
    if (!actor) throw new Error('a token the sample context did not sign in');
    return actor;
  }

  /** The account company sign-in made for a person of the development provider (signing in once first when needed). */
  async companyAccount(username: string): Promise<Actor & { id: number }> {
    let [row] = await this.t.db.select({ id: users.id, name: users.username }).from(users).where(eq(users.username, username));
    if (!row) {
      this.collect(await signInThroughProvider(this.t, username));
      [row] = await this.t.db.select({ id: users.id, name: users.username }).from(users).where(eq(users.username, username));
    }
    return row!;
  }

  /** The callback's code and state, and the binding cookie, never to be found in the trail. */
  keepCallback(flow: Flow): void {
    const query = new URLSearchParams(flow.callback.split('?')[1] ?? '');
    for (const key of ['code', 'state']) if (query.get(key)) this.secrets.add(query.get(key)!);
    this.secrets.add(flow.cookie.split('=')[1]!);
  }

  /** A phone number no seeded account holds, unique within the run. */
  phone(): string {
    return `1770000${String(this.next()).padStart(4, '0')}`;
  }

  /** A throwaway account, written straight to the database: its creation is no call under test. */
  async account(roles: string[] = ['user'], opts: { phone?: boolean } = {}): Promise<Account> {
    const n = this.next();
    const username = `trail-${n}`;
    const password = `Pw.${n}.${randomBytes(6).toString('hex')}`;
    this.secrets.add(password);
    const phone = opts.phone ? this.phone() : null;
    const [row] = await this.t.db
      .insert(users)
      .values({ accountId: String(95_000 + n), username, passwordHash: await hashPassword(password), roles, name: `Trail ${n}`, phone })
      .returning({ id: users.id });
    return { id: row!.id, username, password, phone };
  }

  /** A throwaway account and a session of it. */
  async signedIn(roles?: string[]): Promise<Account & { token: string }> {
    const account = await this.account(roles);
    return { ...account, token: await this.signIn(account.username, account.password) };
  }

  async sessionId(token: string): Promise<number> {
    const [row] = await this.t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    if (!row) throw new Error('no session for the token');
    return row.id;
  }

  /** Every SMS code sent so far (the outbox file), of one number when given. */
  smsCodes(tel?: string): string[] {
    if (!existsSync(this.t.config.smsOutbox)) return [];
    return readFileSync(this.t.config.smsOutbox, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { tel: string; code: string })
      .filter((sms) => tel === undefined || sms.tel === tel)
      .map((sms) => sms.code);
  }

  /** The target of a call on the caller's own account. */
  self(token: string, changed: string[]): AuditSample['expect'] {
    return { targetType: 'user', targetId: String(this.actorOf(token).id), changed };
  }
}

const idOf = (res: TestResponse) => String(res.body.data.id);
const text = (n: number) => `Trail ${n}`;

// ---- request bodies ---------------------------------------------------------------------------------

export const policyForm = (name: string) => ({ name, contentType: 'img', filterType: 'rules', count: 7, status: 'online' });
const certificationApply = {
  enterpriseName: '审计测试有限公司',
  enterpriseCertificateType: 'businessLicense',
  organizationCode: '91310000132250519X',
  legalPerson: '王小明',
  certificateType: 'idCard',
  authenticationNumber: '310101199001011234',
};
const channelForm = {
  activityName: 'Trail2026',
  channelType: 'app',
  promotionTime: ['2026-12-01', '2026-12-31'],
  promoteLink: 'https://example.com/trail',
  advertisingSource: 'sohu',
  advertisingMedia: 'cpc',
  keyword: ['trail'],
  pushNotify: true,
  advertisingContent: 'Audit trail sample',
};
/** A 1 x 1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

// ---- setup through other calls ----------------------------------------------------------------------

const createPolicy = async (ctx: SampleContext): Promise<number> =>
  (await ctx.data({ method: 'POST', url: '/api/list/policy', token: ctx.admin, body: policyForm(text(ctx.next())) })).id;

const createQueue = async (ctx: SampleContext): Promise<number> =>
  (await ctx.data({ method: 'POST', url: '/api/list/quality-inspection', token: ctx.admin, body: { title: text(ctx.next()) } })).id;

const createRole = async (ctx: SampleContext): Promise<number> =>
  (await ctx.data({ method: 'POST', url: '/api/system/roles', token: ctx.admin, body: { code: `trail-${ctx.next()}`, name: text(ctx.next()), permissions: ['policy:read'] } })).id;

/** Submits changed group-form parameters, so a change is under approval. */
async function submitProfile(ctx: SampleContext): Promise<AuditSample> {
  const current = await ctx.data({ url: '/api/profile/basic', token: ctx.admin });
  const video = structuredClone(current.video);
  video.acquisition.frameRate = video.acquisition.frameRate === 15 ? 16 : 15;
  return { method: 'POST', url: '/api/group-form/submit', token: ctx.admin, body: { data: { video, audio: current.audio, description: 'trail' } }, expect: { changed: ['status', 'parameters'], targetType: 'profile', targetId: null } };
}

async function profileUnderApproval(ctx: SampleContext): Promise<void> {
  if ((await ctx.data({ url: '/api/profile/basic', token: ctx.admin })).status === 'approving') return;
  await ctx.call(await submitProfile(ctx));
}

/** A throwaway account with two sessions: the caller and another device. */
async function twoSessions(ctx: SampleContext): Promise<{ token: string; other: string }> {
  const account = await ctx.signedIn();
  return { token: account.token, other: await ctx.signIn(account.username, account.password) };
}

/**
 * Turns two-step verification on for a throwaway account (setup, then a code of its secret) and answers its
 * recovery codes: each later step of a sample uses one of them (a code's time step would be used already).
 */
async function withMfa(ctx: SampleContext, token: string): Promise<string[]> {
  const setup = await ctx.data({ method: 'POST', url: '/api/user/mfa/setup', token });
  const code = totpCode(Secret.fromBase32(setup.secret as string).bytes, new Date());
  ctx.secrets.add(code);
  return (await ctx.data({ method: 'POST', url: '/api/user/mfa/enable', token, body: { code } })).recoveryCodes as string[];
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
  'auth.login-mfa': async (ctx) => {
    const account = await ctx.signedIn();
    const [recoveryCode] = await withMfa(ctx, account.token);
    const first = await ctx.data({ method: 'POST', url: '/api/user/login', body: await ctx.loginBody(account.username, account.password) });
    return {
      method: 'POST',
      url: '/api/user/login/mfa',
      body: { mfaTicket: first.mfaTicket, recoveryCode },
      expect: { changed: [], targetType: 'user', targetId: String(account.id), actor: { id: account.id, name: account.username } },
    };
  },
  'auth.sso': async (ctx) => {
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
  'auth.sso.redeem': async (ctx) => {
    const bob = await ctx.companyAccount('bob');
    const flow = await startFlow(ctx.t, 'bob');
    ctx.keepCallback(flow);
    const ticket = ticketOf(await callback(ctx.t, flow))!;
    ctx.secrets.add(ticket);
    return {
      method: 'POST',
      url: '/api/auth/oidc/redeem',
      body: { ticket },
      headers: { cookie: flow.cookie },
      expect: { changed: [], targetType: 'user', targetId: String(bob.id), actor: bob },
    };
  },
  'user.mfa.setup': ownAccount([], async () => ({ method: 'POST', url: '/api/user/mfa/setup' })),
  'user.mfa.enable': ownAccount([], async (ctx, token) => {
    const setup = await ctx.data({ method: 'POST', url: '/api/user/mfa/setup', token });
    const code = totpCode(Secret.fromBase32(setup.secret as string).bytes, new Date());
    ctx.secrets.add(code);
    return { method: 'POST', url: '/api/user/mfa/enable', body: { code } };
  }),
  'user.mfa.disable': async (ctx) => {
    const account = await ctx.signedIn();
    const [code] = await withMfa(ctx, account.token);
    return { method: 'POST', url: '/api/user/mfa/disable', token: account.token, body: { password: account.password, code }, expect: ctx.self(account.token, []) };
  },
  'user.mfa.recovery-codes': async (ctx) => {
    const account = await ctx.signedIn();
    const [code] = await withMfa(ctx, account.token);
    return { method: 'POST', url: '/api/user/mfa/recovery-codes', token: account.token, body: { password: account.password, code }, expect: ctx.self(account.token, []) };
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
    const { token } = await ctx.signedIn(['user', 'auditor']);
    return { method: 'POST', url: '/api/user/switch-role', token, body: { role: 'auditor' }, expect: { changed: ['role'], targetType: 'session', targetId: String(await ctx.sessionId(token)) } };
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
  'user.preferences.save': async (ctx) => {
    const { token } = await ctx.signedIn();
    return { method: 'POST', url: '/api/user/preferences', token, body: { searchTable: { density: 'small' } }, expect: { ...ctx.self(token, ['searchTable']), targetType: 'preferences' } };
  },

  'message.read': async (ctx) => {
    const [first] = await ctx.data({ url: '/api/message/list', token: ctx.admin });
    return { method: 'POST', url: '/api/message/read', token: ctx.admin, body: { ids: [first.id] }, expect: { changed: ['unread'], targetType: 'message', targetId: null } };
  },
  'message.clear': async (ctx) => ({ method: 'POST', url: '/api/message/clear', token: ctx.admin, body: { type: 'todo' }, expect: { changed: ['todo'], targetType: 'message', targetId: null } }),

  'policy.export': async (ctx) => ({ method: 'GET', url: '/api/list/policy/export?status=online', token: ctx.admin, expect: { changed: [], targetType: 'policy', targetId: null } }),
  'policy.import': async (ctx) => {
    const file = `name,contentType,filterType,count,status\n${text(ctx.next())},img,rules,3,online\n`;
    const multipart = buildMultipart([{ name: 'file', filename: 'collections.csv', contentType: 'text/csv', data: Buffer.from(file) }]);
    return { method: 'POST', url: '/api/list/policy/import', token: ctx.admin, body: multipart.body, contentType: multipart.contentType, expect: { changed: [], targetType: 'policy', targetId: null } };
  },
  'policy.create': async (ctx) => ({ method: 'POST', url: '/api/list/policy', token: ctx.admin, body: policyForm(text(ctx.next())), expect: { changed: ['number', 'name', 'contentType', 'filterType', 'count', 'status'], targetType: 'policy', targetId: idOf } }),
  'policy.update': async (ctx) => {
    const id = await createPolicy(ctx);
    return { method: 'PATCH', url: `/api/list/policy/${id}`, token: ctx.admin, body: { name: text(ctx.next()), count: 8 }, expect: { changed: ['name', 'count'], targetType: 'policy', targetId: String(id) } };
  },
  'policy.delete': async (ctx) => {
    const id = await createPolicy(ctx);
    return { method: 'DELETE', url: `/api/list/policy/${id}`, token: ctx.admin, expect: { changed: ['number', 'name', 'contentType', 'filterType', 'count', 'status'], targetType: 'policy', targetId: String(id) } };
  },

  'card.quality.create': async (ctx) => ({ method: 'POST', url: '/api/list/quality-inspection', token: ctx.admin, body: { title: text(ctx.next()) }, expect: { changed: ['title', 'pendingInspection', 'pendingSampling', 'backlog'], targetType: 'quality', targetId: idOf } }),
  'card.quality.delete': async (ctx) => {
    const id = await createQueue(ctx);
    return { method: 'DELETE', url: `/api/list/quality-inspection/${id}`, token: ctx.admin, expect: { changed: ['title', 'pendingInspection', 'pendingSampling', 'backlog'], targetType: 'quality', targetId: String(id) } };
  },
  'card.quality.inspect': async (ctx) => {
    // A seeded queue with items waiting: the inspection moves them on (a new queue has none to move).
    const queues: Array<{ id: number; data: Array<{ label: string; value: number }> }> = await ctx.data({ url: '/api/list/quality-inspection', token: ctx.admin });
    const waiting = queues.find((q) => q.data.some((d) => d.label === 'pendingInspection' && d.value > 0) && q.data.some((d) => d.label === 'backlog' && d.value > 0))!;
    return { method: 'POST', url: `/api/list/quality-inspection/${waiting.id}/inspect`, token: ctx.admin, expect: { changed: ['pendingInspection', 'pendingSampling', 'backlog'], targetType: 'quality', targetId: String(waiting.id) } };
  },
  'card.service.update': async (ctx) => {
    const services: Array<{ id: number; enable: boolean; expires: boolean }> = await ctx.data({ url: '/api/list/the-service', token: ctx.admin });
    const service = services.find((s) => !s.expires)!;
    return { method: 'PATCH', url: `/api/list/the-service/${service.id}`, token: ctx.admin, body: { enable: !service.enable }, expect: { changed: ['enable'], targetType: 'service', targetId: String(service.id) } };
  },
  'card.service.renew': async (ctx) => {
    const services: Array<{ id: number; expires: boolean }> = await ctx.data({ url: '/api/list/the-service', token: ctx.admin });
    const service = services.find((s) => s.expires)!;
    return { method: 'POST', url: `/api/list/the-service/${service.id}/renew`, token: ctx.admin, expect: { changed: ['enable', 'expires'], targetType: 'service', targetId: String(service.id) } };
  },
  'card.rule.update': async (ctx) => {
    const [rule]: Array<{ id: number; enable: boolean }> = await ctx.data({ url: '/api/list/rules-preset', token: ctx.admin });
    return { method: 'PATCH', url: `/api/list/rules-preset/${rule!.id}`, token: ctx.admin, body: { enable: !rule!.enable }, expect: { changed: ['enable'], targetType: 'rule', targetId: String(rule!.id) } };
  },

  'channel.submit': async (ctx) => ({ method: 'POST', url: '/api/channel-form/submit', token: ctx.admin, body: { data: channelForm }, expect: { changed: ['activityName', 'channelType', 'promotionTime', 'promoteLink', 'advertisingSource', 'advertisingMedia', 'keyword', 'pushNotify', 'advertisingContent'], targetType: 'channel', targetId: idOf } }),

  'profile.submit': submitProfile,
  'profile.approve': async (ctx) => {
    await profileUnderApproval(ctx);
    return { method: 'POST', url: '/api/profile/basic/approve', token: ctx.admin, expect: { changed: ['status'], targetType: 'profile', targetId: null } };
  },
  'profile.cancel': async (ctx) => {
    await profileUnderApproval(ctx);
    return { method: 'POST', url: '/api/profile/basic/cancel', token: ctx.admin, expect: { changed: ['status', 'parameters'], targetType: 'profile', targetId: null } };
  },

  'system.role.create': async (ctx) => ({
    method: 'POST',
    url: '/api/system/roles',
    token: ctx.admin,
    body: { code: `trail-${ctx.next()}`, name: text(ctx.next()), description: 'audit trail sample', permissions: ['policy:read', 'card:read'] },
    expect: { changed: ['code', 'name', 'description', 'permissions', 'requireMfa'], targetType: 'role', targetId: idOf },
  }),
  'system.role.update': async (ctx) => {
    const id = await createRole(ctx);
    return { method: 'PUT', url: `/api/system/roles/${id}`, token: ctx.admin, body: { name: text(ctx.next()), permissions: ['policy:read', 'policy:export'] }, expect: { changed: ['name', 'permissions'], targetType: 'role', targetId: String(id) } };
  },
  'system.role.delete': async (ctx) => {
    const id = await createRole(ctx);
    return { method: 'DELETE', url: `/api/system/roles/${id}`, token: ctx.admin, expect: { changed: ['code', 'name', 'description', 'permissions', 'requireMfa'], targetType: 'role', targetId: String(id) } };
  },
  'system.user.create': async (ctx) => ({
    method: 'POST',
    url: '/api/system/users',
    token: ctx.admin,
    // no password: the answer holds a one-time password
    body: { username: `trail-new-${ctx.next()}`, name: 'Trail newcomer', email: `new-${ctx.next()}@example.com`, phone: ctx.phone(), roles: ['user'] },
    expect: { changed: ['username', 'name', 'email', 'phone', 'roles', 'status'], targetType: 'user', targetId: (res) => String(res.body.data.user.id) },
  }),
  'system.user.update': async (ctx) => {
    const account = await ctx.account();
    return { method: 'PUT', url: `/api/system/users/${account.id}`, token: ctx.admin, body: { name: 'Trail renamed', roles: ['user', 'auditor'] }, expect: { changed: ['name', 'roles'], targetType: 'user', targetId: String(account.id) } };
  },
  'system.user.disable': onAccount('disable', ['status']),
  'system.user.enable': onAccount('enable', ['status'], async (ctx, id) => {
    await ctx.call({ method: 'POST', url: `/api/system/users/${id}/disable`, token: ctx.admin });
  }),
  'system.user.unlock': onAccount('unlock', []),
  'system.user.reset-password': onAccount('reset-password', []),
  'system.user.mfa.reset': async (ctx) => {
    const account = await ctx.signedIn();
    await withMfa(ctx, account.token);
    return { method: 'POST', url: `/api/system/users/${account.id}/mfa/reset`, token: ctx.admin, expect: { targetType: 'user', targetId: String(account.id), changed: ['mfaEnabled'] } };
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

/** The fields a record holds a value in: what its creation and its removal show in the trail. */
const filled = (def: ResourceDef, record: Record<string, unknown>) => def.fields.filter((f) => record[f.name] !== null && record[f.name] !== undefined).map((f) => f.name);

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
      const changed = def.fields.filter((f) => !f.readOnly && JSON.stringify(next[f.name] ?? null) !== JSON.stringify(record[f.name] ?? null)).map((f) => f.name);
      return { method: 'PUT', url: `${def.apiPath}/${record.id}`, token: ctx.admin, body: { ...next, version: record.version }, expect: { changed, targetType: def.name, targetId: String(record.id) } };
    }],
    [c.delete.id, async (ctx) => {
      const record = await createRecord(ctx, def);
      return { method: 'DELETE', url: `${def.apiPath}/${record.id}?version=${record.version}`, token: ctx.admin, expect: { changed: filled(def, record), targetType: def.name, targetId: String(record.id) } };
    }],
    [c.export.id, async (ctx) => ({ method: 'GET', url: `${def.apiPath}/export`, token: ctx.admin, expect: { changed: [], targetType: def.name, targetId: null } })],
  ];
}
