/**
 * What the audit-trail suite's samples (audit-samples.ts) are made with: the context of one app (the
 * signed-in administrator, throwaway accounts, every secret used) and the shape of a sample. A slice's
 * samples build on it too.
 *
 * Every secret a sample uses (passwords, captcha answers, security answers) is handed to the context, and
 * the context keeps the ones the server answers (tokens, one-time passwords), so the suite can check that
 * none of them reaches the trail.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../db/schema/auth.ts';
import { messages } from '../db/schema/content.ts';
import { hashToken } from '../sessions/resolve-session.ts';
import { hashPassword } from '../security/passwords.ts';
import { signInThroughProvider, type Flow } from './company-sign-in.ts';
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
  /** Waits, after the answer, for what writes the entry later (a job the call started: an import's write). */
  settle?: (res: TestResponse) => Promise<void>;
}

/** How to make one audited call succeed: set-up through other calls, then the request and the entry it must leave. */
export type AuditSampleFn = (ctx: SampleContext) => Promise<AuditSample>;

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

  /** A token of the seeded administrator (roles admin, user; acting as admin). */
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

  /** An unread message of `type` in the administrator's box, written straight to the database (a product without the demo seeds none). */
  async message(type: 'message' | 'notice' | 'todo'): Promise<number> {
    const [admin] = await this.t.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    const text = { 'zh-CN': `样例 ${this.next()}`, 'en-US': `Sample ${this.serial}` };
    const [row] = await this.t.db.insert(messages).values({ userId: admin!.id, type, title: text, subTitle: text, content: text, messageType: type === 'message' ? null : 0, time: new Date() }).returning({ id: messages.id });
    return row!.id;
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

/** The id a create answered: the target of its entry. */
export const idOf = (res: TestResponse) => String(res.body.data.id);
/** A text unique within the run. */
export const text = (n: number) => `Trail ${n}`;
