import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, TEST_FINGERPRINT, type TestApp, type TestAppOptions, type TestRequest, type TestResponse } from './harness.ts';

// Shared by the system, sessions and audit suites: sign-ins of any account, calls with one token, and the audit trail's rows.

export interface AuditRowText {
  id: number;
  action: string;
  target_type: string | null;
  target_id: string | null;
  summary: string;
  changes: { field: string; before: unknown; after: unknown }[];
  result: string;
  actor_name: string;
}

export function signIn(t: TestApp, username: string, password: string, fingerprint = TEST_FINGERPRINT): Promise<TestResponse> {
  return t.request({ method: 'POST', url: '/api/user/login', body: { username, password }, fingerprint });
}

/** Signs in and returns a client of that session (its token and device). */
export async function session(t: TestApp, username: string, password: string, fingerprint = TEST_FINGERPRINT) {
  const res = await signIn(t, username, password, fingerprint);
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${res.text}`);
  const token = res.body.data.token as string;
  const call = (method: NonNullable<TestRequest['method']>, url: string, body?: unknown, extra: Partial<TestRequest> = {}) =>
    t.request({ method, url, body, token, fingerprint, ...extra });
  return { token, fingerprint, mustChangePassword: res.body.data.mustChangePassword === true, call };
}
export type Client = Awaited<ReturnType<typeof session>>;

export const adminSession = (t: TestApp, fingerprint?: string) => session(t, 'admin', 'admin123', fingerprint);

/** A test app of its own for the enclosing suite, and a session of the seeded admin in it (set before the first test). */
export function systemApp(options?: TestAppOptions): { t: TestApp; admin: Client } {
  const app = {} as { t: TestApp; admin: Client };
  beforeAll(async () => {
    app.t = await createTestApp(options);
    app.admin = await adminSession(app.t);
  });
  afterAll(() => app.t?.close());
  return app;
}

async function rows<T>(t: TestApp, text: string): Promise<T[]> {
  return ((await t.db.execute(text)) as unknown as { rows: T[] }).rows;
}

async function auditRows(t: TestApp, afterId = 0): Promise<AuditRowText[]> {
  return rows<AuditRowText>(t, `select id::int as id, action, target_type, target_id, summary, changes, result, actor_name from audit_log where id > ${Number(afterId)} order by id`);
}

async function lastAuditId(t: TestApp): Promise<number> {
  const [row] = await rows<{ id: number | null }>(t, 'select max(id)::int as id from audit_log');
  return Number(row?.id ?? 0);
}

/**
 * Makes one write call and checks the trail gained exactly one entry for it: `success` with the call's
 * action and target when it succeeded, none at all when it was refused (the change rolled back).
 */
export async function audited(
  t: TestApp,
  expected: { action: string; targetType: string | null; targetId?: string | number | null },
  write: () => Promise<TestResponse>,
): Promise<{ res: TestResponse; entry: AuditRowText | undefined }> {
  const before = await lastAuditId(t);
  const res = await write();
  const added = await auditRows(t, before);
  if (res.status !== 200) {
    expect(added.filter((e) => e.result === 'success'), `a refused ${expected.action} must write no entry`).toEqual([]);
    return { res, entry: undefined };
  }
  expect(added, `${expected.action} writes exactly one entry`).toHaveLength(1);
  const entry = added[0]!;
  expect(entry.action).toBe(expected.action);
  expect(entry.result).toBe('success');
  expect(entry.target_type).toBe(expected.targetType);
  if (expected.targetId !== undefined) expect(entry.target_id).toBe(expected.targetId === null ? null : String(expected.targetId));
  return { res, entry };
}

/** The error key of an error envelope. */
export const errorOf = (res: TestResponse): string | undefined => res.body?.data?.error;

/** Creates an account through the API (the caller holds user:write) and returns its id. */
export async function createAccount(admin: Client, body: Record<string, unknown>): Promise<{ id: number; initialPassword?: string }> {
  const res = await admin.call('POST', '/api/system/users', body);
  if (res.status !== 200) throw new Error(`account ${String(body.username)} not created: ${res.status} ${res.text}`);
  return { id: res.body.data.user.id, initialPassword: res.body.data.initialPassword };
}

export async function createRole(admin: Client, code: string, permissions: string[]): Promise<number> {
  const res = await admin.call('POST', '/api/system/roles', { code, name: code, permissions });
  if (res.status !== 200) throw new Error(`role ${code} not created: ${res.status} ${res.text}`);
  return res.body.data.id;
}

/** Creates a department through the API (the caller holds department:write) and returns its id. */
export async function createDepartment(admin: Client, name: string, parentId: number): Promise<number> {
  const res = await admin.call('POST', '/api/system/departments', { name, parentId });
  if (res.status !== 200) throw new Error(`department ${name} not created: ${res.status} ${res.text}`);
  return res.body.data.id;
}
