import type { FastifyReply } from 'fastify';
import type { Locale } from '@atrium/contracts';
import { roleDisplayName } from '@atrium/contracts/permissions';
import { type AuditEntry, type AuditFilter, type AuditListQuery } from '@atrium/contracts/calls/system';
import { parseInstant } from '@atrium/contracts/query-values';
import type { Db } from '../db/client.ts';
import { currentGeneration, type Generations } from '../db/list-generations.ts';
import { csvLine, sendCsv, type CsvBatch } from '../lists/csv.ts';
import { auditBatch, listAudit, rolesByCode, type AuditCursor, type AuditRow, type AuditWhere } from './audit.repository.ts';
import { AuditTotals } from './audit-totals.ts';

const MAX_ACCOUNT_ID = 2_147_483_647;

/** The query's filters as the repository takes them: `actor` is an account id when all digits, else a username. */
function whereOf(filter: AuditFilter): AuditWhere {
  const actor = filter.actor;
  return {
    from: filter.from ? parseInstant(filter.from)! : undefined,
    to: filter.to ? parseInstant(filter.to)! : undefined,
    actor: actor === undefined ? undefined : /^\d+$/.test(actor) && Number(actor) <= MAX_ACCOUNT_ID ? { id: Number(actor) } : { name: actor },
    action: filter.action,
    targetType: filter.targetType,
    targetId: filter.targetId,
    result: filter.result,
  };
}

const totals = new WeakMap<Db, AuditTotals>();

/** An entry's summary in the reader's language; an entry written before there were summaries has its English one. */
const summaryIn = (locale: Locale, e: Pick<AuditRow, 'summary' | 'summaries'>) => e.summaries?.[locale] ?? e.summary;

/**
 * A page of the filtered trail and its exact total (`known`: the generations read with the request), each
 * summary in the reader's language.
 */
export async function listEntries(db: Db, query: AuditListQuery, known: Generations | null, locale: Locale): Promise<{ list: AuditEntry[]; total: number }> {
  const where = whereOf(query);
  let counter = totals.get(db);
  if (!counter) totals.set(db, (counter = new AuditTotals()));
  // The trail's generation moves when the retention sweep deletes (db/list-generations.ts).
  const total = currentGeneration(db, 'audit_log', known).then((generation) => counter.total(db, where, generation));
  const [page, count] = await Promise.all([listAudit(db, where, query.pageSize, (query.current - 1) * query.pageSize), total]);
  // each entry's role by its name as it is now (a built-in one's in the reader's language); none once the role is
  // gone, nor when the role of that code now is one made after the entry (the entry's was deleted, its code taken)
  const roles = await rolesByCode(db, [...new Set(page.rows.flatMap((r) => (r.role ? [r.role] : [])))]);
  const roleName = (code: string | null, at: string) => {
    const role = code === null ? undefined : roles.get(code);
    return role && Math.floor(role.since) <= Date.parse(at) ? roleDisplayName(code!, role.name, locale) : null;
  };
  const list = page.rows.map(({ summaries, ...row }) => ({ ...row, roleName: roleName(row.role, row.at), summary: summaryIn(locale, { summary: row.summary, summaries }), changes: row.changes ?? [] }));
  return { list, total: page.total ?? count };
}

const exportHeader: Record<Locale, string[]> = {
  'zh-CN': ['编号', '时间', '操作人 ID', '操作人', '角色', '操作', '对象类型', '对象 ID', '摘要', '变更', '结果', 'IP', '用户代理', '追踪 ID'],
  'en-US': ['ID', 'Time', 'Actor ID', 'Actor', 'Role', 'Action', 'Target type', 'Target ID', 'Summary', 'Changes', 'Result', 'IP', 'User agent', 'Trace ID'],
};

const exportLine = (locale: Locale) => (e: AuditRow) =>
  csvLine([e.id, e.at.toISOString(), e.actorId ?? '', e.actorName, e.role ?? '', e.action, e.targetType ?? '', e.targetId ?? '', summaryIn(locale, e), JSON.stringify(e.changes ?? []), e.result, e.ip, e.userAgent, e.traceId]);

const EXPORT_BATCH_ROWS = 1000;

/**
 * Streams every entry of the filters as CSV, newest first (sendCsv): a header and summaries in the caller's language,
 * formula-safe cells, keyset batches, no row cap.
 */
export async function exportEntries(db: Db, reply: FastifyReply, filter: AuditFilter, locale: Locale, now: Date): Promise<FastifyReply> {
  const where = whereOf(filter);
  const batch = async (after: AuditCursor | undefined): Promise<CsvBatch> => {
    const { rows, last } = await auditBatch(db, where, after, EXPORT_BATCH_ROWS);
    return { text: rows.map(exportLine(locale)).join(''), next: rows.length < EXPORT_BATCH_ROWS || !last ? undefined : () => batch(last) };
  };
  const first = await batch(undefined);
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return sendCsv(reply, { name: `audit-${stamp}Z.csv`, header: exportHeader[locale], what: 'audit' }, first);
}
