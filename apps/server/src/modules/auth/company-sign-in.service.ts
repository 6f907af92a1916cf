import { randomBytes } from 'node:crypto';
import type { OidcConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { say, type AuditChange, type Said } from '../../audit/audit-entry.ts';
import { AppError } from '../../http/errors.ts';
import { hashToken } from '../../sessions/resolve-session.ts';
import { findUserById, nextAccountNumber } from '../shared/users.repository.ts';
import { signIn, type AuthEnv, type SignedIn } from './open-session.ts';
import type { CompanyPerson, CompanyProvider } from './oidc.provider.ts';
import {
  emailHeld,
  existingRoles,
  findLinkedAccount,
  insertCompanyAccount,
  insertTicket,
  insertTransaction,
  linkAccount,
  setRoles,
  takeTicket,
  takeTransaction,
  usernamesLike,
} from './company-sign-in.repository.ts';

/** The cookie binding a sign-in to the browser that started it (HttpOnly, SameSite=Lax, path /api/auth: the callback's and the redemption's). */
export const BINDING_COOKIE = 'atrium_oidc';
/** How long a sign-in may stay at the provider. */
export const TRANSACTION_SECONDS = 600;
/** How long the sign-in page has to redeem its ticket. */
const TICKET_SECONDS = 60;

const randomToken = () => randomBytes(32).toString('base64url');
const isToken = (value: string | undefined): value is string => value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value);

/** Who a failure concerns, and why (in each language): for the audit trail and the log, never for the browser. */
export interface CompanySignInFailure {
  reason: Said;
  account?: { id: number; username: string };
}

/** Why a company sign-in failed, as the trail says it in each language (the log takes the English). */
const why = {
  providerAnswered: { 'zh-CN': '身份提供方返回 {error}', 'en-US': 'the provider answered {error}' },
  noStateOrCode: { 'zh-CN': '回调缺少 state 或 code', 'en-US': 'the callback has no state or no code' },
  unknownState: { 'zh-CN': 'state 未知或已用过', 'en-US': 'unknown or already used state' },
  tooSlow: { 'zh-CN': '登录用时超过十分钟', 'en-US': 'the sign-in took longer than ten minutes' },
  otherBrowser: { 'zh-CN': '绑定 Cookie 缺失或属于另一个浏览器', 'en-US': 'the binding cookie is missing or belongs to another browser' },
  exchangeRefused: { 'zh-CN': '授权码兑换或 ID 令牌被拒绝：{message}', 'en-US': 'code exchange or ID token refused: {message}' },
  linkedGone: { 'zh-CN': '关联的用户已不存在', 'en-US': 'the linked account is gone' },
  disabled: { 'zh-CN': '用户已停用', 'en-US': 'account disabled' },
  noMappedGroup: { 'zh-CN': '没有映射的用户组，也没有默认角色', 'en-US': 'no mapped group and no default role' },
  noRole: { 'zh-CN': '该用户没有角色', 'en-US': 'the account has no role' },
  unknownTicket: { 'zh-CN': '票据未知、已用过或已过期', 'en-US': 'unknown, used or expired ticket' },
  ticketOtherBrowser: { 'zh-CN': '票据由另一个浏览器带来', 'en-US': 'the ticket was brought by another browser' },
  gone: { 'zh-CN': '该用户已不存在', 'en-US': 'the account is gone' },
} satisfies Record<string, Said>;

const failed = (reason: Said, account?: CompanySignInFailure['account']) => new AppError('SSO_FAILED', { cause: { reason, account } satisfies CompanySignInFailure });

/**
 * The console path to go to once signed in: a path of this origin only. Another origin (`//evil`,
 * `https://…`, `/\evil`), a control character or an API path gives the landing page.
 */
function consolePath(redirect: string | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\') || [...redirect].some((c) => c < ' ' || c === '\u007f')) return '/';
  if (/^\/(api|auth|uploads)(\/|$)/.test(redirect) || redirect.startsWith('/login')) return '/';
  return redirect;
}

/**
 * A new sign-in: the provider's address to send the browser to, and the binding to set in its cookie (the
 * browser's own when it has one, so two tabs signing in at once do not undo each other).
 */
export async function startSignIn(
  env: { db: Db; provider: CompanyProvider; now: Date },
  redirect: string | undefined,
  cookieBinding: string | undefined,
): Promise<{ location: string; binding: string }> {
  const binding = isToken(cookieBinding) ? cookieBinding : randomToken();
  const { url, state, nonce, codeVerifier } = await env.provider.authorizationUrl();
  await insertTransaction(
    env.db,
    hashToken(state),
    { bindingHash: hashToken(binding), nonce, codeVerifier, redirect: consolePath(redirect), expiresAt: new Date(env.now.getTime() + TRANSACTION_SECONDS * 1000) },
    env.now,
  );
  return { location: url.href, binding };
}

/** What the callback settled about the account, for its audit entries. */
export interface SettledAccount {
  id: number;
  username: string;
  role: string;
  /** The account was made by this sign-in: its fields as made. */
  provisioned: AuditChange[] | null;
  /** The roles the company's groups changed. */
  changes: AuditChange[];
}

export interface CallbackEnv {
  db: Db;
  provider: CompanyProvider;
  now: Date;
  /** Writes the sign-in's audit entries in the transaction that settles the account and gives the ticket. */
  record: (tx: Db, account: SettledAccount) => Promise<void>;
}

/**
 * The provider's answer: the transaction of its `state` (single use, unexpired, from this browser), the
 * code redeemed and the ID token checked by openid-client, then the account found by (issuer, subject) or
 * made, its roles set from the company's groups, and a ticket for the sign-in page. Every refusal is an
 * AppError whose key the browser sees; SSO_FAILED's reason stays in the log and the trail.
 */
export async function finishSignIn(
  env: CallbackEnv,
  query: { code?: string; state?: string; error?: string },
  rawQuery: string,
  cookieBinding: string | undefined,
): Promise<{ ticket: string; account: SettledAccount }> {
  const { db, provider, now } = env;
  if (query.error) {
    if (query.error === 'access_denied') throw new AppError('SSO_DENIED');
    throw failed(say(why.providerAnswered, { error: query.error.slice(0, 64) }));
  }
  if (!query.state || !query.code) throw failed(why.noStateOrCode);
  const transaction = await takeTransaction(db, hashToken(query.state));
  if (!transaction) throw failed(why.unknownState);
  if (transaction.expiresAt.getTime() <= now.getTime()) throw failed(why.tooSlow);
  if (!isToken(cookieBinding) || hashToken(cookieBinding) !== transaction.bindingHash) throw failed(why.otherBrowser);

  let person: CompanyPerson;
  try {
    person = await provider.person(rawQuery, { state: query.state, nonce: transaction.nonce, codeVerifier: transaction.codeVerifier });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw failed(say(why.exchangeRefused, { message: (err as Error).message.slice(0, 260) }));
  }

  const ticket = randomToken();
  // Two first sign-ins of one person at once (or two people given one username) race for a unique
  // value: the loser runs again and finds the account the winner made.
  for (let attempt = 1; ; attempt++) {
    try {
      const account = await db.transaction(async (tx) => {
        const settled = await settleAccount(tx, provider.settings, person, now);
        await insertTicket(tx, hashToken(ticket), { userId: settled.id, bindingHash: transaction.bindingHash, redirect: transaction.redirect, expiresAt: new Date(now.getTime() + TICKET_SECONDS * 1000) }, now);
        await env.record(tx, settled);
        return settled;
      });
      return { ticket, account };
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

/** The roles the company's groups give, in the map's order; the default role when none is mapped. */
async function mappedRoles(db: Db, settings: OidcConfig, groups: readonly string[]): Promise<string[]> {
  const wanted: string[] = [];
  for (const [group, codes] of settings.roleMap ?? []) if (groups.includes(group)) for (const code of codes) if (!wanted.includes(code)) wanted.push(code);
  const known = await existingRoles(db, settings.defaultRole ? [...wanted, settings.defaultRole] : wanted);
  const roles = wanted.filter((code) => known.has(code));
  if (roles.length > 0) return roles;
  if (settings.defaultRole && known.has(settings.defaultRole)) return [settings.defaultRole];
  throw new AppError('SSO_NO_ROLE');
}

async function settleAccount(db: Db, settings: OidcConfig, person: CompanyPerson, now: Date): Promise<SettledAccount> {
  const linked = await findLinkedAccount(db, person.issuer, person.subject);
  if (linked !== undefined) {
    const user = await findUserById(db, linked);
    if (!user) throw failed(why.linkedGone);
    const account = { id: user.id, username: user.username };
    // Whatever the provider says: a disabled account stays out.
    if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED', { cause: { reason: why.disabled, account } satisfies CompanySignInFailure });
    let roles = user.roles;
    const changes: AuditChange[] = [];
    if (settings.roleMap) {
      roles = await mappedRoles(db, settings, person.groups).catch((err: unknown) => {
        throw err instanceof AppError ? new AppError(err.key, { cause: { reason: why.noMappedGroup, account } satisfies CompanySignInFailure }) : err;
      });
      if (roles.join(',') !== user.roles.join(',')) {
        await setRoles(db, user.id, roles, now);
        changes.push({ field: 'roles', before: user.roles, after: roles });
      }
    }
    if (roles.length === 0) throw new AppError('SSO_NO_ROLE', { cause: { reason: why.noRole, account } satisfies CompanySignInFailure });
    return { ...account, role: roles[0]!, provisioned: null, changes };
  }

  const roles = settings.roleMap ? await mappedRoles(db, settings, person.groups) : await mappedRoles(db, { ...settings, roleMap: new Map() }, []);
  const username = await freeUsername(db, person);
  const name = (person.name ?? username).slice(0, 64);
  const email = person.verifiedEmail && person.verifiedEmail.length <= 254 && !(await emailHeld(db, person.verifiedEmail)) ? person.verifiedEmail : null;
  const id = await insertCompanyAccount(db, { accountId: await nextAccountNumber(db), username, name, email, roles }, now);
  await linkAccount(db, person.issuer, person.subject, id, now);
  const provisioned: AuditChange[] = [
    { field: 'username', before: null, after: username },
    { field: 'name', before: null, after: name },
    ...(email ? [{ field: 'email', before: null, after: email }] : []),
    { field: 'roles', before: null, after: roles },
    { field: 'source', before: null, after: 'oidc' },
  ];
  return { id, username, role: roles[0]!, provisioned, changes: [] };
}

/**
 * `preferred_username`, else the e-mail's local part, else the subject: lower-cased, letters, digits and
 * `_.-` only, 3 to 32 long, then `-2`, `-3`… when taken.
 */
async function freeUsername(db: Db, person: CompanyPerson): Promise<string> {
  const source = person.preferredUsername ?? person.verifiedEmail?.split('@')[0] ?? person.subject;
  let base = source
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 28);
  if (base.length < 3) base = `user-${hashToken(person.subject).slice(0, 8)}`;
  const taken = await usernamesLike(db, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * The sign-in page's ticket, with the cookie of the browser the sign-in started in, for a session exactly
 * like a password sign-in's (bound to this device's fingerprint). A ticket is used once, whatever happens.
 */
export async function redeemTicket(env: AuthEnv, ticket: string, cookieBinding: string | undefined): Promise<SignedIn & { answer: { token: string }; redirect: string }> {
  const row = await takeTicket(env.db, hashToken(ticket), env.now);
  if (!row) throw failed(why.unknownTicket);
  const user = await findUserById(env.db, row.userId);
  const account = user && { id: user.id, username: user.username };
  if (!isToken(cookieBinding) || hashToken(cookieBinding) !== row.bindingHash) throw failed(why.ticketOtherBrowser, account);
  if (!user) throw failed(why.gone);
  if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED', { cause: { reason: why.disabled, account: account! } satisfies CompanySignInFailure });
  return { ...(await signIn(env, user)), redirect: row.redirect };
}
