// Accounts, sessions, nonces, rate limits, login attempts, known devices, captchas, SMS codes, preferences.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DataScope, Locale } from '@atrium/contracts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Public account number shown in the console (e.g. 10001). */
    accountId: text('account_id').notNull(),
    /** Stored lower-case; sign-in compares case-insensitively. */
    username: text('username').notNull(),
    /** Null for an account made by company sign-in: it has no password here. */
    passwordHash: text('password_hash'),
    /** Every role the account holds; the session picks the active one. */
    roles: text('roles').array().notNull().default(sql`'{user}'::text[]`),
    name: text('name').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    job: text('job').notNull().default(''),
    jobName: text('job_name').notNull().default(''),
    organization: text('organization').notNull().default(''),
    organizationName: text('organization_name').notNull().default(''),
    location: text('location').notNull().default(''),
    locationName: text('location_name').notNull().default(''),
    /** Null when unset, so the unique index allows many accounts without one. */
    email: text('email'),
    introduction: text('introduction').notNull().default(''),
    personalWebsite: text('personal_website').notNull().default(''),
    /** Null when no phone is bound. */
    phone: text('phone'),
    certification: integer('certification').notNull().default(0),
    countryRegion: text('country_region').notNull().default(''),
    area: jsonb('area').$type<string[]>().notNull().default([]),
    address: text('address').notNull().default(''),
    securityQuestion: text('security_question'),
    securityAnswerHash: text('security_answer_hash'),
    /** `active` or `disabled` (a disabled account keeps its roles but cannot sign in). */
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    /** Set by a one-time password (created without one, or reset): every call but the change is refused. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** `oidc`: made by company sign-in, linked to its person in user_identities. */
    source: text('source').$type<'local' | 'oidc'>().notNull().default('local'),
    /** When two-step verification was turned on (null: off). Its secrets are in user_mfa. */
    mfaEnabledAt: ts('mfa_enabled_at'),
    lastLoginAt: ts('last_login_at'),
    /** The one department the account belongs to (migration 0009; the root, department 1, unless given). */
    departmentId: integer('department_id')
      .notNull()
      .default(1)
      .references((): AnyPgColumn => departments.id),
    registeredAt: ts('registered_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Usernames are kept as given and unique without regard to case; sign-in finds them the same way.
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_account_id_uq').on(t.accountId),
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_email_uq').on(t.email),
    index('users_department_id_idx').on(t.departmentId),
  ],
);

/**
 * The organisation's departments (migration 0009, decision 029): a tree with one root (id 1, no parent).
 * `path` holds the ids from the root down to the department ("/1/7/12/"), so a subtree is one prefix range
 * of its index; `depth` is 1 for the root and at most 10. `name_en` is the English name of the root the
 * migration made (decision 015): cleared by a rename.
 */
export const departments = pgTable(
  'departments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => departments.id),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    code: text('code'),
    leaderId: integer('leader_id').references((): AnyPgColumn => users.id),
    sortOrder: integer('sort_order').notNull().default(0),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    /** `COLLATE "C"` in the migration: byte order, so a subtree is one index range. */
    path: text('path').notNull(),
    depth: smallint('depth').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: integer('created_by'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    updatedBy: integer('updated_by'),
  },
  (t) => [
    index('departments_path_idx').on(t.path),
    uniqueIndex('departments_sibling_name_uq').on(sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`),
    uniqueIndex('departments_code_uq').on(sql`lower(${t.code})`),
    index('departments_parent_idx').on(t.parentId, t.sortOrder, t.id),
  ],
);

/**
 * Roles: the built-in `admin` and `user` (their permissions follow the contracts' catalogue, written on
 * every start) and the custom roles administrators create. Codes are stored lower-case.
 */
export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    builtIn: boolean('built_in').notNull().default(false),
    /** Its accounts must turn on two-step verification before anything else (the one field a built-in role may change). */
    requireMfa: boolean('require_mfa').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** Which records its holders reach in scoped resources (migration 0010, decision 033). */
    dataScope: text('data_scope').$type<DataScope>().notNull().default('all'),
    /** Per-resource overrides: a scoped resource's name -> its scope. */
    scopes: jsonb('scopes').$type<Record<string, DataScope>>().notNull().default({}),
  },
  (t) => [uniqueIndex('roles_code_uq').on(t.code)],
);

/**
 * The departments of a role's `custom` data scope (migration 0010, decision 033). Deleting the role or the
 * department deletes the row: a department can be deleted only when nothing is in it, so no scope reaches
 * less for it. Its writes move the roles' generation (db/list-generations.ts), as the roles' own do.
 */
export const roleDepartments = pgTable(
  'role_departments',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.departmentId] }), index('role_departments_department_idx').on(t.departmentId)],
);

/**
 * The audit trail: one row per accepted write call (in the write's own transaction) and per security
 * event. Append-only: a trigger (db/audit-guard.ts) refuses UPDATE, DELETE and TRUNCATE, except the
 * retention sweep's DELETE of rows past AUDIT_RETENTION_DAYS. Accounts are never deleted, so actor_id
 * needs no foreign key (and none could cascade into the trail).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: ts('at').notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    role: text('role'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** What happened, in English (the entries written before `summaries` have only this). */
    summary: text('summary').notNull().default(''),
    /** The summary in each language the console speaks, as written at the time (audit/audit-entry.ts `say`). */
    summaries: jsonb('summaries').$type<Record<Locale, string>>(),
    changes: jsonb('changes').$type<{ field: string; before: unknown; after: unknown }[]>().notNull().default([]),
    result: text('result').$type<'success' | 'denied' | 'failed'>().notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    traceId: text('trace_id').notNull().default(''),
  },
  (t) => [
    // Newest first, and every filter with the time order: the first page of any filter is an index range.
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.at.desc(), t.id.desc()),
    index('audit_log_actor_name_idx').on(sql`lower(${t.actorName})`, t.at.desc(), t.id.desc()),
    index('audit_log_action_idx').on(t.action, t.at.desc(), t.id.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at.desc(), t.id.desc()),
    index('audit_log_result_idx').on(t.result, t.at.desc(), t.id.desc()),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** SHA-256 hex of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activeRole: text('active_role').notNull(),
    fingerprint: text('fingerprint').notNull(),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    /** Absolute end of life (created + SESSION_ABSOLUTE_SECONDS); idle expiry is computed from last_seen_at. */
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Replay store for signed requests, shared by every replica through the database. */
export const nonces = pgTable(
  'nonces',
  {
    keyId: text('key_id').notNull(),
    nonce: text('nonce').notNull(),
    seenAt: ts('seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.nonce] }), index('nonces_seen_idx').on(t.seenAt)],
);

/** Fixed-window hit counters of the per-IP rate limits (http/rate-limit.ts), shared by every replica. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] }), index('rate_limits_window_idx').on(t.windowStart)],
);

/**
 * Failed password sign-ins (and ones in flight: a row is written before the password is checked and
 * removed if it was not a failure), counted per username and device, per device, per address.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    fingerprint: text('fingerprint').notNull(),
    ip: text('ip').notNull().default(''),
    success: boolean('success').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [
    index('login_attempts_username_idx').on(t.username, t.at),
    index('login_attempts_fingerprint_idx').on(t.fingerprint, t.at),
    index('login_attempts_ip_idx').on(t.ip, t.at),
    index('login_attempts_at_idx').on(t.at),
  ],
);

/**
 * Devices that signed in to an account: failures from other devices never lock them out nor ask them
 * for a captcha. The fingerprint is kept as a SHA-256 hash; a device is forgotten after a while unused.
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fingerprintHash: text('fingerprint_hash').notNull(),
    firstSeenAt: ts('first_seen_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fingerprintHash] }), index('login_devices_last_seen_idx').on(t.lastSeenAt)],
);

/** Image captchas: answer stored hashed, single use. */
export const captchas = pgTable(
  'captchas',
  {
    id: text('id').primaryKey(),
    answerHash: text('answer_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/** SMS codes for sign-in (`login`) and for binding a phone (`bind`). */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tel: text('tel').notNull(),
    purpose: text('purpose').$type<'login' | 'bind'>().notNull(),
    /** The account the code is for; null when the phone belongs to nobody (nothing was sent). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: ts('sent_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [index('sms_codes_tel_idx').on(t.tel, t.sentAt), index('sms_codes_expires_idx').on(t.expiresAt)],
);

export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;
export type DepartmentRow = typeof departments.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/**
 * An account's two-step verification material (migration 0007): the TOTP secret and a pending one being
 * enrolled, each sealed under SECRET_KEY (security/secret-box.ts); the last time step accepted, so no step
 * is accepted twice on any replica; the recovery codes' hashes, each removed when used.
 */
export const userMfa = pgTable('user_mfa', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  lastStep: bigint('last_step', { mode: 'number' }),
  recoveryHashes: text('recovery_hashes').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Between a sign-in's first step and its second (the token's hash; single use, bound to the device). */
export const mfaTickets = pgTable(
  'mfa_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As the first step was tried (its failures count for the lockout of that name). */
    username: text('username').notNull(),
    fingerprint: text('fingerprint').notNull(),
    failures: integer('failures').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('mfa_tickets_expires_at_idx').on(t.expiresAt)],
);

/** The person at a company identity provider an account belongs to: (issuer, subject), nothing else. */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkedAt: ts('linked_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'user_identities_pk', columns: [t.issuer, t.subject] }), index('user_identities_user_id_idx').on(t.userId)],
);

/** A company sign-in between its start and the provider's callback (hashes of the state and of the browser's cookie). */
export const oidcTransactions = pgTable(
  'oidc_transactions',
  {
    stateHash: text('state_hash').primaryKey(),
    bindingHash: text('binding_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirect: text('redirect').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('oidc_transactions_expires_at_idx').on(t.expiresAt)],
);

/** The ticket a company sign-in's callback hands the sign-in page (its hash; single use, bound to the browser). */
export const oidcTickets = pgTable(
  'oidc_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bindingHash: text('binding_hash').notNull(),
    redirect: text('redirect').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('oidc_tickets_expires_at_idx').on(t.expiresAt)],
);
