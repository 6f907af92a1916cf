import { PREFERENCES_MAX_BYTES, preferencesSchema, type Preferences } from '@atrium/contracts/calls/preferences';
import {
  filterRoutesByRole,
  rolePermissions,
  routeTable,
  type MenuItem,
  type Role,
  type RouteNode,
  type UserInfo,
} from '@atrium/contracts';
import type { Db } from '../../db/client.ts';
import type { SessionInfo } from '../../http/context.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { revokeOtherSessions, setActiveRole } from '../auth/session.repository.ts';
import { hashPassword, verifyPassword } from '../../security/passwords.ts';
import { toRoles } from '../../http/sessions.ts';
import { findUserById, getPreferences, phoneTakenByOther, putPreferences, updateUser, type UserRow } from './user.repository.ts';
import { jsonText, type JsonText } from '../../http/envelope.ts';

function toUserInfo(user: UserRow, role: Role): UserInfo {
  return {
    accountId: user.accountId,
    username: user.username,
    name: user.name,
    avatar: user.avatar,
    job: user.job,
    jobName: user.jobName,
    organization: user.organization,
    organizationName: user.organizationName,
    location: user.location,
    locationName: user.locationName,
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
    role,
    roles: toRoles(user.roles),
    permissions: rolePermissions[role],
  };
}

/** The user-info payload of the caller (POST /api/user/info); other modules return it after profile writes. */
export async function getUserInfo(db: Db, session: SessionInfo): Promise<UserInfo> {
  const user = await findUserById(db, session.userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  return toUserInfo(user, session.role);
}

function toMenuItem(node: RouteNode): MenuItem {
  const name = node.name ?? node.path.replace(/^\//, '');
  const meta: MenuItem['meta'] = { locale: node.titleKey ?? '', requiresAuth: node.requiresAuth, order: node.order };
  if (node.icon) meta.icon = node.icon;
  if (node.roles) meta.roles = [...node.roles];
  const item: MenuItem = { path: node.path, name, meta };
  if (node.children) item.children = node.children.map(toMenuItem);
  return item;
}

/** The route table filtered by the role, in menu order (GET /api/user/menu). */
function menuFor(role: Role): MenuItem[] {
  return filterRoutesByRole(routeTable, role)
    .filter((n) => !n.hideInMenu)
    .map(toMenuItem);
}

// The route table is fixed at build time: each role's menu is built and serialized once, on first use.
const menuTexts = new Map<Role, JsonText<MenuItem[]>>();

/** menuFor() as the menu call sends it (every page load of the console asks). */
export function menuTextFor(role: Role): JsonText<MenuItem[]> {
  let text = menuTexts.get(role);
  if (!text) menuTexts.set(role, (text = jsonText(menuFor(role))));
  return text;
}

export async function switchRole(db: Db, session: SessionInfo, role: Role): Promise<UserInfo> {
  // The account must hold the role: the client cannot grant itself one.
  if (!session.roles.includes(role)) throw new AppError('FORBIDDEN');
  await setActiveRole(db, session.sessionId, role);
  return getUserInfo(db, { ...session, role });
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

export async function savePreferences(db: Db, userId: number, patch: Preferences, now: Date): Promise<Preferences> {
  return db.transaction(async (tx) => {
    const merged = preferencesSchema.parse(deepMerge(await readPreferences(tx, userId), patch as Json));
    if (Buffer.byteLength(JSON.stringify(merged)) > PREFERENCES_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
    await putPreferences(tx, userId, merged, now);
    return merged;
  });
}

export async function changePassword(db: Db, session: SessionInfo, oldPassword: string, newPassword: string, now: Date): Promise<void> {
  const user = await findUserById(db, session.userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  if (!(await verifyPassword(user.passwordHash, oldPassword))) throw fieldError('oldPassword', 'userSetting.password.old.wrong');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await revokeOtherSessions(tx, user.id, session.sessionId, now);
  });
}

export async function setSecurityQuestion(db: Db, session: SessionInfo, question: string, answer: string): Promise<void> {
  // Only a hash of the normalised (trimmed, lower-cased) answer is kept.
  const securityAnswerHash = await hashPassword(answer.trim().toLowerCase());
  await updateUser(db, session.userId, { securityQuestion: question, securityAnswerHash });
}

/** Refuses a number the caller already has, or one another account holds (VALIDATION_FAILED on `tel`). */
export async function checkNewPhone(db: Db, session: SessionInfo, tel: string): Promise<void> {
  const user = await findUserById(db, session.userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  if (user.phone === tel) throw fieldError('tel', 'userSetting.phone.same');
  if (await phoneTakenByOther(db, tel, user.id)) throw fieldError('tel', 'userSetting.phone.taken');
}
