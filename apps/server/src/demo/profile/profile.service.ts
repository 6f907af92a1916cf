import { translateValidation, type Locale } from '@atrium/contracts';
import type { BasicProfile, GroupForm, OperationLogRow, ParameterGroup, Parameters } from '@atrium/contracts/demo/profile/calls';
import type { PageQuery } from '@atrium/contracts/paging';
import type { Db } from '../../db/client.ts';
import { say, type AuditDraft, type Said } from '../../audit/audit-entry.ts';
import { AppError } from '../../http/errors.ts';
import { displayName, insertLog, loadProfile, nextContentNumber, pageLogs, saveProfile, settlePendingLogs, type LogRow, type ProfileRow } from './profile.repository.ts';

function toBasicProfile(row: ProfileRow): BasicProfile {
  return { status: row.status, video: row.current.video, audio: row.current.audio, original: row.original ?? null, updatedAt: row.updatedAt.toISOString() };
}

type Scalar = string | number;
/** Leaves of a parameter tree keyed by dotted path (`video.encoding.rate.min`). */
function flatten(value: unknown, prefix = ''): Record<string, Scalar> {
  const out: Record<string, Scalar> = {};
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) Object.assign(out, flatten(v, prefix ? `${prefix}.${k}` : k));
  } else if (typeof value === 'string' || typeof value === 'number') {
    out[prefix] = value;
  }
  return out;
}

/** The parameters that differ, with their values before and after, and the groups they belong to. */
function diffParameters(before: Parameters, after: Parameters) {
  const a = flatten(before);
  const b = flatten(after);
  const changedBefore: Record<string, Scalar> = {};
  const changedAfter: Record<string, Scalar> = {};
  const groups = new Set<ParameterGroup>();
  for (const path of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (a[path] === b[path]) continue;
    if (a[path] !== undefined) changedBefore[path] = a[path];
    if (b[path] !== undefined) changedAfter[path] = b[path];
    groups.add(path.startsWith('audio.') ? 'audio' : 'video');
  }
  const changes = (['video', 'audio'] as const).filter((g) => groups.has(g));
  return { changes, before: changedBefore, after: changedAfter };
}

/** The trail's summary of a submission: the groups of parameters it changes, in each language. */
function changedGroups(groups: readonly ParameterGroup[]): Said {
  const named: Record<ParameterGroup, string> = { video: '视频', audio: '音频' };
  return say({ 'zh-CN': '提交{groups}参数变更待审批', 'en-US': 'submitted {groups} parameters for approval' }, { groups: { 'zh-CN': groups.map((g) => named[g]).join('、'), 'en-US': groups.join(', ') } });
}

const transaction = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> => db.transaction((tx) => work(tx));

export async function basicProfile(db: Db, now: Date): Promise<BasicProfile> {
  return toBasicProfile(await loadProfile(db, now));
}

/**
 * Group-form submission, in one transaction under the profile row lock: original <- current,
 * current <- submitted, status approving, a new log row; a change still under review is superseded (its
 * log row becomes 2). Submitting the current values again is refused.
 */
export async function submitParameters(db: Db, userId: number, form: GroupForm, now: Date, audit: AuditDraft): Promise<BasicProfile> {
  return transaction(db, async (tx) => {
    const row = await loadProfile(tx, now, true);
    const submitted: Parameters = { video: form.video, audio: form.audio };
    const diff = diffParameters(row.current, submitted);
    if (diff.changes.length === 0) {
      throw new AppError('VALIDATION_FAILED', { message: 'groupForm.error.unchanged', details: [{ path: 'data', message: 'groupForm.error.unchanged' }] });
    }
    if (row.status === 'approving') await settlePendingLogs(tx, 2);
    await insertLog(tx, {
      contentNumber: await nextContentNumber(tx),
      changes: diff.changes,
      status: 0,
      operatorId: userId,
      operatorName: await displayName(tx, userId),
      description: form.description ?? '',
      before: diff.before,
      after: diff.after,
      createdAt: now,
    });
    audit.set({ summary: changedGroups(diff.changes), changes: [{ field: 'status', before: row.status, after: 'approving' }, { field: 'parameters', before: diff.before, after: diff.after }] });
    return toBasicProfile(await saveProfile(tx, { status: 'approving', original: row.current, current: submitted, updatedAt: now }));
  });
}

const notApproving = () => new AppError('CONFLICT', { message: 'basicProfile.error.notApproving' });

export async function approve(db: Db, now: Date, audit: AuditDraft): Promise<BasicProfile> {
  return transaction(db, async (tx) => {
    const row = await loadProfile(tx, now, true);
    if (row.status !== 'approving') throw notApproving();
    audit.set({ changes: [{ field: 'status', before: row.status, after: 'approved' }] });
    await settlePendingLogs(tx, 1);
    return toBasicProfile(await saveProfile(tx, { status: 'approved', updatedAt: now }));
  });
}

/** Cancels the change under review: the original parameters become current again (and stay as original). */
export async function cancel(db: Db, now: Date, audit: AuditDraft): Promise<BasicProfile> {
  return transaction(db, async (tx) => {
    const row = await loadProfile(tx, now, true);
    if (row.status !== 'approving' || !row.original) throw notApproving();
    audit.set({ changes: [{ field: 'status', before: row.status, after: 'cancelled' }, { field: 'parameters', before: row.current, after: row.original }] });
    await settlePendingLogs(tx, 2);
    return toBasicProfile(await saveProfile(tx, { status: 'cancelled', current: row.original, updatedAt: now }));
  });
}

function toLogRow(row: LogRow, locale: Locale): OperationLogRow {
  const separator = locale === 'zh-CN' ? '；' : '; ';
  return {
    key: row.id,
    contentNumber: row.contentNumber,
    updateContent: row.changes.map((g) => translateValidation(`basicProfile.change.${g}`, locale)).join(separator),
    changes: row.changes,
    status: row.status === 1 ? 1 : row.status === 2 ? 2 : 0,
    updateTime: row.createdAt.toISOString(),
    operator: row.operatorName,
    description: row.description,
    before: row.before,
    after: row.after,
  };
}

export async function operationLog(db: Db, page: PageQuery, locale: Locale): Promise<{ list: OperationLogRow[]; total: number }> {
  const { rows, total } = await pageLogs(db, (page.current - 1) * page.pageSize, page.pageSize);
  return { list: rows.map((r) => toLogRow(r, locale)), total };
}
