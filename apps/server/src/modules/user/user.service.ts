import { PREFERENCES_MAX_BYTES, preferencesSchema, type Preferences } from '@atrium/contracts/calls/preferences';
import { filterRoutes, roleDisplayName, routeTable, type Locale, type MenuItem, type RouteNode, type UserInfo } from '@atrium/contracts';
import type { Db } from '../../db/client.ts';
import { currentGeneration, type Generations } from '../../db/list-generations.ts';
import type { SessionInfo } from '../../http/context.ts';
import { diffFields, say, type AuditDraft } from '../../audit/audit-entry.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { revokeOtherSessions, setActiveRole } from '../../sessions/session.repository.ts';
import { twoStepOf } from '../../sessions/two-step.ts';
import { hashPassword, verifyPassword } from '../../security/passwords.ts';
import { areaNameInEnglish } from '../shared/area.ts';
import { departmentNameOf } from '../shared/departments.repository.ts';
import { GenerationCache } from '../../lists/list-cache.ts';
import { changeUser, findUserById, getPreferences, listRoles, lockPreferences, phoneTakenByOther, putPreferences, updateUser, type UserRow } from '../shared/users.repository.ts';
import { jsonText, type JsonText } from '../../http/envelope.ts';

type RoleSummary = Awaited<ReturnType<typeof listRoles>>[number];

/**
 * The place the user chose, in the reader's language: stored as written when it was chosen (Chinese), and
 * derived from the area codes for an English reader.
 */
async function placeName(user: UserRow, locale: Locale): Promise<string> {
  if (locale !== 'en-US' || user.area.length === 0) return user.locationName;
  return (await areaNameInEnglish(user.area)) ?? user.locationName;
}

async function toUserInfo(db: Db, user: UserRow, session: Pick<SessionInfo, 'role' | 'permissions' | 'twoStep'>, roleRows: RoleSummary[], locale: Locale): Promise<UserInfo> {
  const nameOf = (code: string) => roleDisplayName(code, roleRows.find((r) => r.code === code)?.name ?? code, locale);
  return {
    accountId: user.accountId,
    username: user.username,
    name: user.name,
    avatar: user.avatar,
    job: user.job,
    jobName: user.jobName,
    organization: user.organization,
    // The account's department, in the reader's language.
    organizationName: await departmentNameOf(db, user.departmentId, locale),
    location: user.location,
    locationName: await placeName(user, locale),
    email: user.email ?? '',
    introduction: user.introduction,
    personalWebsite: user.personalWebsite,
    phone: user.phone ?? '',
    registrationDate: user.registeredAt.toISOString(),
    certification: user.certification,
    countryRegion: user.countryRegion,
    area: user.area,
    address: user.address,
    securityQuestionSet: user.securityAnswerHash !== null,
    role: session.role,
    roleName: nameOf(session.role),
    roles: user.roles,
    roleNames: Object.fromEntries(user.roles.map((code) => [code, nameOf(code)])),
    permissions: [...session.permissions],
    mustChangePassword: user.mustChangePassword,
    mfaEnabled: user.mfaEnabledAt !== null,
    mfaRequired: session.twoStep.required,
    source: user.source,
  };
}

/** The user-info payload of the caller (POST /api/user/info); other modules return it after profile writes. */
export async function getUserInfo(db: Db, session: SessionInfo, locale: Locale): Promise<UserInfo> {
  const user = await findUserById(db, session.userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  return toUserInfo(db, user, session, await listRoles(db), locale);
}

function toMenuItem(node: RouteNode, roleRows: RoleSummary[]): MenuItem {
  const name = node.name ?? node.path.replace(/^\//, '');
  const meta: MenuItem['meta'] = { locale: node.titleKey ?? '', requiresAuth: node.requiresAuth, order: node.order };
  if (node.icon) meta.icon = node.icon;
  if (node.permission) {
    meta.permission = node.permission;
    // The roles that currently hold the page's permission.
    meta.roles = roleRows.filter((r) => r.permissions.includes(node.permission!)).map((r) => r.code);
  }
  const item: MenuItem = { path: node.path, name, meta };
  if (node.children) item.children = node.children.map((child) => toMenuItem(child, roleRows));
  return item;
}

/** The route table filtered by the acting role's permissions, in menu order (GET /api/user/menu). */
function menuFor(permissions: ReadonlySet<string>, roleRows: RoleSummary[]): MenuItem[] {
  return filterRoutes(routeTable, permissions)
    .filter((n) => !n.hideInMenu)
    .map((n) => toMenuItem(n, roleRows));
}

// Every page load of the console asks for the menu. It depends only on the acting role and the roles
// table, so each role's menu is built and serialized once per write generation of that table: any change
// to any role, on any replica, builds it anew.
const menuTexts = new GenerationCache<JsonText<MenuItem[]>>(200);

/** menuFor() as the menu call sends it. */
export async function menuTextFor(db: Db, session: SessionInfo, known: Generations | null): Promise<JsonText<MenuItem[]>> {
  const rolesGeneration = await currentGeneration(db, 'roles', known);
  const key = session.role;
  const cached = menuTexts.get(key, rolesGeneration);
  if (cached) return cached;
  const text = jsonText(menuFor(session.permissions, await listRoles(db)));
  menuTexts.set(key, rolesGeneration, text, 1);
  return text;
}

export async function switchRole(db: Db, session: SessionInfo, role: string, locale: Locale): Promise<UserInfo> {
  // The account must hold the role: the client cannot grant itself one.
  if (!session.roles.includes(role)) throw new AppError('FORBIDDEN');
  const roleRows = await listRoles(db);
  // A role that requires two-step verification is refused until the account has turned it on, as its calls would be.
  const twoStep = twoStepOf(session, roleRows.some((r) => r.code === role && r.requireMfa));
  if (!twoStep.satisfied) throw new AppError('MFA_ENROLMENT_REQUIRED');
  await setActiveRole(db, session.sessionId, role);
  const permissions = new Set(roleRows.find((r) => r.code === role)?.permissions ?? []);
  const user = await findUserById(db, session.userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  return toUserInfo(db, user, { role, permissions, twoStep }, roleRows, locale);
}


type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Objects merge key by key; arrays and scalars replace; absent keys keep what is stored. */
function deepMerge(base: Json, patch: Json): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    out[k] = isObject(v) && isObject(out[k]) ? deepMerge(out[k] as Json, v) : v;
  }
  return out;
}

export async function readPreferences(db: Db, userId: number): Promise<Preferences> {
  // Stored documents were validated on write; parsing again drops anything a later schema no longer knows.
  const parsed = preferencesSchema.safeParse(await getPreferences(db, userId));
  return parsed.success ? parsed.data : {};
}

export async function savePreferences(db: Db, userId: number, patch: Preferences, now: Date, audit: AuditDraft): Promise<Preferences> {
  return db.transaction(async (tx) => {
    await lockPreferences(tx, userId);
    const before = await readPreferences(tx, userId);
    const merged = preferencesSchema.parse(deepMerge(before, patch as Json));
    if (Buffer.byteLength(JSON.stringify(merged)) > PREFERENCES_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
    await putPreferences(tx, userId, merged, now);
    // One change per top-level preference that moved (the shortcuts, the recent pages...).
    audit.set({ changes: diffFields<Record<string, unknown>>(before, merged, [...new Set([...Object.keys(before), ...Object.keys(merged)])]) });
    return merged;
  });
}

export async function changePassword(db: Db, session: SessionInfo, oldPassword: string, newPassword: string, now: Date): Promise<void> {
  const user = await findUserById(db, session.userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  if (user.source === 'oidc') throw new AppError('SSO_ACCOUNT');
  if (!(await verifyPassword(user.passwordHash, oldPassword))) throw fieldError('oldPassword', 'userSetting.password.old.wrong');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash, mustChangePassword: false });
    await revokeOtherSessions(tx, user.id, session.sessionId, now);
  });
}

export async function setSecurityQuestion(db: Db, session: SessionInfo, question: string, answer: string, audit: AuditDraft): Promise<void> {
  // Only a hash of the normalised (trimmed, lower-cased) answer is kept; the trail shows the question only.
  const securityAnswerHash = await hashPassword(answer.trim().toLowerCase());
  const rows = await changeUser(db, session.userId, { securityQuestion: question, securityAnswerHash });
  if (!rows) throw new AppError('SESSION_EXPIRED');
  audit.set({ summary: say({ 'zh-CN': '设置了密保问题', 'en-US': 'security question set' }), changes: diffFields(rows.before, rows.after, ['securityQuestion']) });
}

/** Refuses a number the caller already has, or one another account holds (VALIDATION_FAILED on `tel`). */
export async function checkNewPhone(db: Db, session: SessionInfo, tel: string): Promise<void> {
  const user = await findUserById(db, session.userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  if (user.phone === tel) throw fieldError('tel', 'userSetting.phone.same');
  if (await phoneTakenByOther(db, tel, user.id)) throw fieldError('tel', 'userSetting.phone.taken');
}
