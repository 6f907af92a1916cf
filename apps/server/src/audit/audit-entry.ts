import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { interpolate, type CallDef, type Locale } from '@atrium/contracts';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/auth.ts';

export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** A summary in each language the console speaks, as `say` writes it. */
export type Said = Readonly<Record<Locale, string>>;

/** A value a summary names: the same in every language (a name, a count), or its own in each (a label). */
type SaidValue = string | number | Said;

const LOCALES: readonly Locale[] = ['zh-CN', 'en-US'];

/**
 * A summary for the trail in each language (decision 059): `texts`' `{name}`s filled from `values`, a
 * value given per language taking its own. Written with the entry, so a reader in either language reads
 * what happened as it was then, even after a label changes.
 */
export function say(texts: Said, values: Readonly<Record<string, SaidValue>> = {}): Said {
  return saidIn((locale) => interpolate(texts[locale], Object.fromEntries(Object.entries(values).map(([name, v]) => [name, typeof v === 'object' ? v[locale] : v]))));
}

/** A text made in each language by `text` (a translation the server already has, a label). */
export function saidIn(text: (locale: Locale) => string): Said {
  return Object.fromEntries(LOCALES.map((locale) => [locale, text(locale)])) as Record<Locale, string>;
}

/** What a handler tells the trail about its write (all optional: the call and the caller are known). */
export interface AuditNote {
  targetType?: string | null;
  targetId?: string | number | null;
  summary?: Said;
  changes?: AuditChange[];
  /** The acting account when the request had no session (a sign-in). */
  actor?: { id: number | null; name: string; role: string | null };
}

/** Field names whose values never reach an entry, in any form (passwords, hashes, tokens, codes, captchas, secrets). */
const SECRET_FIELD = /pass(word)?|hash|token|secret|captcha|answer|otp|signature|smscode/i;

function isSecretField(field: string): boolean {
  return SECRET_FIELD.test(field);
}

/** The fields of `after` whose values differ from `before`, secrets left out. */
export function diffFields<T extends object>(before: T | null, after: Partial<T>, fields?: readonly (keyof T & string)[]): AuditChange[] {
  const keys = fields ?? (Object.keys(after) as (keyof T & string)[]);
  const out: AuditChange[] = [];
  for (const field of keys) {
    if (isSecretField(field) || !(field in after)) continue;
    const was = before ? (before as Record<string, unknown>)[field] : null;
    const now = (after as Record<string, unknown>)[field];
    if (JSON.stringify(was) !== JSON.stringify(now)) out.push({ field, before: was ?? null, after: now ?? null });
  }
  return out;
}

/** A record's fields as a removal leaves them: each non-empty one from its value to null, secrets left out. */
export function removedFields<T extends object>(before: T, fields: readonly (keyof T & string)[]): AuditChange[] {
  return fields
    .filter((field) => !isSecretField(field) && before[field] !== null && before[field] !== undefined)
    .map((field) => ({ field, before: before[field], after: null }));
}

/** The note a handler fills while it runs (`ctx.audit`). */
export class AuditDraft {
  note: AuditNote = {};
  /** A write of many records (a bulk action): an entry for each, in place of the call's one. */
  each: AuditNote[] | undefined;

  set(note: AuditNote): void {
    Object.assign(this.note, note);
  }

  /** The call changed these records: the trail has one entry per record, each with the call's id, actor and trace. */
  setEach(notes: AuditNote[]): void {
    this.each = notes;
  }

  /** The call changed nothing (a record saved with the values it holds): the trail has no entry of it. */
  unchanged(): void {
    this.each = [];
  }
}

/**
 * The default target of a call's entry. Its type is the resource the call id names (`message.read`:
 * message; `user.session.revoke`: session; `system.user.disable`: user); its id is the `:id` of the path,
 * else the id of the record the call answers (a create), else, for a call on the caller's own account
 * (`user.save-info`), the caller's account.
 */
function defaultTarget(call: CallDef, req: FastifyRequest, answer: unknown): { targetType: string | null; targetId: string | null } {
  const parts = call.id.replace(/^system\./, '').split('.');
  const targetType = parts.length >= 3 ? parts[1]! : parts[0]!;
  const param = (req.params as Record<string, unknown> | undefined)?.id;
  if (typeof param === 'string' || typeof param === 'number') return { targetType, targetId: String(param) };
  const answered = answer !== null && typeof answer === 'object' ? (answer as { id?: unknown }).id : undefined;
  if (typeof answered === 'number' || typeof answered === 'string') return { targetType, targetId: String(answered) };
  if (parts[0] === 'user' && req.session) return { targetType, targetId: String(req.session.userId) };
  return { targetType, targetId: null };
}

/** One entry of the trail, for the call of `req`, as written by writeAudit; `answer` is the handler's result. */
export function auditEntry(req: FastifyRequest, call: CallDef, result: 'success' | 'denied' | 'failed', note: AuditNote, answer?: unknown): AuditInsert {
  const target = result === 'success' ? defaultTarget(call, req, answer) : defaultTarget(call, req, undefined);
  const session = req.session;
  const actor = note.actor ?? (session ? { id: session.userId, name: session.username, role: session.role } : { id: null, name: '', role: null });
  const changes = (note.changes ?? []).filter((c) => !isSecretField(c.field));
  const ua = req.headers['user-agent'];
  return {
    actorId: actor.id,
    actorName: actor.name,
    role: actor.role,
    action: call.id,
    targetType: note.targetType !== undefined ? note.targetType : target.targetType,
    targetId: note.targetId !== undefined && note.targetId !== null ? String(note.targetId) : note.targetId === null ? null : target.targetId,
    summary: note.summary?.['en-US'] ?? '',
    summaries: note.summary ?? null,
    changes,
    result,
    ip: req.ip ?? '',
    userAgent: (Array.isArray(ua) ? ua[0] : ua)?.slice(0, 512) ?? '',
    traceId: String(req.id),
  };
}

/** An entry as a call makes it; its time is the database's (writeAudit). */
type AuditInsert = Omit<typeof auditLog.$inferInsert, 'at' | 'id'>;

/** Entries one statement writes at most (13 parameters each, well under the protocol's 65 535). */
const ENTRIES_PER_STATEMENT = 1000;

export async function writeAudit(db: Db, entry: AuditInsert | readonly AuditInsert[]): Promise<void> {
  // The database's clock, at insert (the last statement of the write's transaction), in milliseconds: one
  // clock for every replica, so no replica dates an entry into the past (audit-totals.ts relies on it),
  // and times round-trip exactly through ISO 8601 filters.
  const entries = Array.isArray(entry) ? entry : [entry as AuditInsert];
  for (let i = 0; i < entries.length; i += ENTRIES_PER_STATEMENT) {
    await db.insert(auditLog).values(entries.slice(i, i + ENTRIES_PER_STATEMENT).map((e) => ({ ...e, at: sql`date_trunc('milliseconds', clock_timestamp())` })));
  }
}
