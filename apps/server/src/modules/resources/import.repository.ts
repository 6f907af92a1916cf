import { sql, type SQL } from 'drizzle-orm';
import type { ImportProblem, ImportStatus } from '@atrium/contracts/resource-import';
import type { ResourceDef } from '@atrium/contracts/resource';
import { rowsOf, type Db } from '../../db/client.ts';
import { isoText } from '../../lists/list.repository.ts';
import { accountScope, scopeCondition, type Reach } from '../../lists/scope.ts';
import type { InspectedFile } from './import-file.ts';
import { arrayParam, SQL_TYPES, type RecordScope } from './resource.repository.ts';

/**
 * An import's SQL: its job's row (`resource_imports`, migration 0012) and the rows it writes into a resource's
 * table, many to a statement. Problems are kept with their message keys and translated as they are read.
 */

const id = (name: string) => sql.identifier(name);

/** A job's row as the calls read it (the file left out). */
export interface ImportRow {
  id: number;
  resource: string;
  userId: number;
  status: ImportStatus;
  fileName: string;
  format: 'csv' | 'xlsx';
  columns: string[];
  suggested: (string | null)[];
  preview: string[][];
  rows: number;
  mapping: (string | null)[] | null;
  matchBy: string | null;
  done: number;
  created: number;
  updated: number;
  /** Matched rows a write found as their records were (no new version). */
  unchanged: number;
  errorRows: number;
  /** The first `shown` problems (the read's choice), with message keys. */
  errors: ImportProblem[];
  errorsCapped: boolean;
  failure: string | null;
  cancelRequested: boolean;
  createdAt: string;
  updatedAt: string;
  /** Seconds since the job last wrote its row: how a job nobody runs any more is told from a running one. */
  idleSeconds: number;
}

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

function selectImport(shown: number): SQL {
  return sql`id, resource, user_id as "userId", status, file_name as "fileName", format, columns, suggested, preview, rows, mapping,
    match_by as "matchBy", done, created, updated, unchanged, error_rows as "errorRows", jsonb_path_query_array(errors, ${`$[0 to ${Math.max(shown - 1, 0)}]`}::jsonpath) as errors,
    errors_capped as "errorsCapped", failure, cancel_requested as "cancelRequested", ${isoText(sql`created_at`)} as "createdAt", ${isoText(sql`updated_at`)} as "updatedAt",
    extract(epoch from now() - updated_at)::float8 as "idleSeconds"`;
}

function toImport(row: Record<string, unknown>, shown: number): ImportRow {
  return {
    ...(row as unknown as ImportRow),
    columns: json(row.columns),
    suggested: json(row.suggested),
    preview: json(row.preview),
    mapping: json(row.mapping),
    errors: shown > 0 ? json(row.errors) : [],
    idleSeconds: Number(row.idleSeconds),
  };
}

export async function insertImport(db: Db, resource: string, userId: number, fileName: string, data: Buffer, file: InspectedFile, suggested: (string | null)[]): Promise<number> {
  const result = await db.execute(sql`insert into resource_imports (resource, user_id, status, file_name, format, file, columns, suggested, preview, rows)
    values (${resource}, ${userId}, 'uploaded', ${fileName}, ${file.format}, ${data}, ${JSON.stringify(file.columns)}::jsonb, ${JSON.stringify(suggested)}::jsonb,
    ${JSON.stringify(file.preview)}::jsonb, ${file.rows}) returning id`);
  return Number(rowsOf<{ id: number }>(result)[0]!.id);
}

/** An import of `resource` started by `userId` (another's, or another resource's, is not found). */
export async function findImport(db: Db, resource: string, userId: number, importId: number, shown: number): Promise<ImportRow | undefined> {
  const [row] = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${selectImport(shown)} from resource_imports where id = ${importId} and resource = ${resource} and user_id = ${userId}`));
  return row && toImport(row, shown);
}

export async function latestImport(db: Db, resource: string, userId: number, shown: number): Promise<ImportRow | undefined> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select ${selectImport(shown)} from resource_imports where user_id = ${userId} and resource = ${resource} order by id desc limit 1`),
  );
  return row && toImport(row, shown);
}

/**
 * The bytes of a stored file a read returns at most: the file is never whole in the server's memory, and a
 * slice's answer (its bytes as hex text, twice their length) stays below V8's large objects (128 KiB), which
 * only a full collection frees (bench/import).
 */
const FILE_SLICE = 32 * 1024;

/**
 * A job's stored file, a slice at a time from its start (each call reads it again), through `db` (a write
 * reads it inside its transaction: the embedded engine has one connection); none once it is dropped.
 */
export async function importFileSlices(db: Db, importId: number): Promise<(() => AsyncIterable<Buffer>) | null> {
  const [found] = rowsOf<{ size: number | null }>(await db.execute(sql`select octet_length(file) as size from resource_imports where id = ${importId}`));
  const size = found?.size === null || found?.size === undefined ? null : Number(found.size);
  if (size === null) return null;
  return async function* () {
    for (let at = 0; at < size; at += FILE_SLICE) {
      const [row] = rowsOf<{ part: Buffer | Uint8Array | null }>(await db.execute(sql`select substring(file from ${at + 1} for ${FILE_SLICE}) as part from resource_imports where id = ${importId}`));
      if (!row?.part) throw new Error(`import ${importId}: its file went while it was read`);
      yield Buffer.from(row.part);
    }
  };
}

/** Every problem kept, for the report. */
export async function importProblems(db: Db, importId: number): Promise<ImportProblem[]> {
  const [row] = rowsOf<{ errors: unknown }>(await db.execute(sql`select errors from resource_imports where id = ${importId}`));
  return row ? (json(row.errors) as ImportProblem[]) : [];
}

/**
 * Moves a job from one of `from` to `to` with `set`: true when it did. Two requests at once meet here, and
 * one wins: the other finds the status moved.
 */
async function moveImport(db: Db, importId: number, from: readonly ImportStatus[], to: ImportStatus, set: SQL[] = []): Promise<boolean> {
  const result = await db.execute(
    sql`update resource_imports set ${sql.join([sql`status = ${to}`, sql`updated_at = now()`, ...set], sql`, `)}
      where id = ${importId} and status = any(${`{${from.join(',')}}`}::text[]) returning id`,
  );
  return rowsOf(result).length > 0;
}

/** A running job that no process runs any more: interrupted, nothing of it written. */
export const interruptImport = (db: Db, importId: number, from: ImportStatus) => moveImport(db, importId, [from], 'interrupted', [sql`failure = 'validation.importInterrupted'`]);

/** A check starts from an upload, a check or a write that ended without writing: with its mapping, its counts cleared. */
export const startCheck = (db: Db, importId: number, mapping: readonly (string | null)[], matchBy: string | null) =>
  moveImport(db, importId, ['uploaded', 'checked', 'failed', 'interrupted'], 'checking', [
    sql`mapping = ${JSON.stringify(mapping)}::jsonb`,
    sql`match_by = ${matchBy}`,
    sql`done = 0`,
    sql`created = 0`,
    sql`updated = 0`,
    sql`unchanged = 0`,
    sql`error_rows = 0`,
    sql`errors = '[]'::jsonb`,
    sql`errors_capped = false`,
    sql`failure = null`,
    sql`cancel_requested = false`,
  ]);

/** A write starts from a check that found nothing wrong. */
export const startWrite = (db: Db, importId: number) => moveImport(db, importId, ['checked'], 'writing', [sql`done = 0`, sql`cancel_requested = false`]);

/** A running job is asked to stop (it does at its next batch); one that waits for its person is cancelled at once, its file dropped. */
export const cancelImport = (db: Db, importId: number, status: ImportStatus, running: boolean) =>
  running ? moveImport(db, importId, [status], status, [sql`cancel_requested = true`]) : moveImport(db, importId, ['uploaded', 'checked', 'failed', 'interrupted'], 'cancelled', [sql`file = null`]);

/** The active departments by id with their names in both languages: how an import's department column is read. */
export async function activeDepartments(db: Db): Promise<{ id: number; name: string; nameEn: string | null }[]> {
  return rowsOf<{ id: number; name: string; nameEn: string | null }>(await db.execute(sql`select id, name, name_en as "nameEn" from departments where status = 'active'`)).map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * The accounts whose username or name (without regard to case) is one of `texts`, or whose id is one of
 * `ids`; with `within`, only those a writer may name as a record's owner there: of the departments the reach
 * holds (under `own`, none), and the writer.
 */
export async function accountsNamed(
  db: Db,
  texts: readonly string[],
  ids: readonly number[],
  within?: { reach: Reach; writerId: number },
): Promise<{ id: number; username: string; name: string | null }[]> {
  const lower = arrayParam(texts.map((t) => t.toLowerCase()));
  const reached = within && scopeCondition(within.reach, accountScope, 'users');
  const result = await db.execute(sql`select id, lower(username) as username, lower(name) as name from users
    where (lower(username) = any(${lower}::text[]) or lower(name) = any(${lower}::text[]) or id = any(${arrayParam(ids)}::int[]))
    ${reached ? sql`and (${reached} or users.id = ${within!.writerId})` : sql``}`);
  return rowsOf<{ id: number; username: string; name: string | null }>(result).map((r) => ({ ...r, id: Number(r.id) }));
}

/** A running job's progress, which is also its heartbeat; false when the job's status is no longer `status` (cancelled meanwhile). */
export async function markProgress(db: Db, importId: number, status: ImportStatus, done: number): Promise<{ running: boolean; cancelRequested: boolean }> {
  const [row] = rowsOf<{ cancelRequested: boolean }>(
    await db.execute(sql`update resource_imports set done = ${done}, updated_at = now() where id = ${importId} and status = ${status} returning cancel_requested as "cancelRequested"`),
  );
  return { running: row !== undefined, cancelRequested: row?.cancelRequested === true };
}

/** A check's or a write's outcome: its status, counts, problems and, when it wrote nothing, why. */
export async function finishImport(
  db: Db,
  importId: number,
  from: ImportStatus,
  outcome: { status: ImportStatus; done: number; created: number; updated: number; unchanged: number; errorRows: number; errors: readonly ImportProblem[]; errorsCapped: boolean; failure: string | null; dropFile: boolean },
): Promise<boolean> {
  return moveImport(db, importId, [from], outcome.status, [
    sql`done = ${outcome.done}`,
    sql`created = ${outcome.created}`,
    sql`updated = ${outcome.updated}`,
    sql`unchanged = ${outcome.unchanged}`,
    sql`error_rows = ${outcome.errorRows}`,
    sql`errors = ${JSON.stringify(outcome.errors)}::jsonb`,
    sql`errors_capped = ${outcome.errorsCapped}`,
    sql`failure = ${outcome.failure}`,
    ...(outcome.dropFile ? [sql`file = null`] : []),
  ]);
}

/** Imports nobody touched for a week go, their files with them. */
export async function sweepImports(db: Db): Promise<void> {
  await db.execute(sql`delete from resource_imports where updated_at < now() - interval '7 days'`);
}

/** A new record of an import: its fields' values (undefined: the column's default) and, scoped, its place. */
export interface NewRecord {
  values: Record<string, unknown>;
  placed?: RecordScope;
}

/**
 * New records in one statement per shape (which fields they give; a field left out takes its column's
 * default): every column's values as one array parameter, the rows read back from `unnest` of them. A
 * thousand records cost a few parameters and strings, not a parameter and a SQL chunk per cell (what
 * kept an import's heap high while the database worked: bench/import).
 */
export async function insertRecords(db: Db, def: ResourceDef, fields: readonly string[], records: readonly NewRecord[], actorId: number, now: Date): Promise<number[]> {
  const shapes = new Map<string, NewRecord[]>();
  const writtenOf = (r: NewRecord) => def.fields.filter((f) => fields.includes(f.name) && r.values[f.name] !== undefined);
  for (const r of records) {
    const key = writtenOf(r).map((f) => f.name).join(',');
    const group = shapes.get(key);
    if (group) group.push(r);
    else shapes.set(key, [r]);
  }
  const ids: number[] = [];
  for (const group of shapes.values()) {
    const written = writtenOf(group[0]!);
    const arrays = written.map((f) => ({ column: f.column, type: SQL_TYPES[f.type], values: group.map((r) => r.values[f.name]) }));
    if (def.scoped) arrays.push({ column: 'department_id', type: 'integer', values: group.map((r) => r.placed!.department) }, { column: 'owner_id', type: 'integer', values: group.map((r) => r.placed!.owner) });
    // the author's columns as arrays too: a shape that gives no field still has its rows to unnest
    for (const column of ['created_by', 'updated_by']) arrays.push({ column, type: 'integer', values: group.map(() => actorId) });
    const names = sql.join(arrays.map((a) => id(`c_${a.column}`)), sql`, `);
    const columns = sql.join([...arrays.map((a) => id(a.column)), id('created_at'), id('updated_at')], sql`, `);
    const unnested = sql.join(arrays.map((a) => sql`${arrayParam(a.values)}::${sql.raw(a.type)}[]`), sql`, `);
    const result = await db.execute(sql`insert into ${id(def.table)} (${columns}) select ${names}, ${now}, ${now} from unnest(${unnested}) as u(${names}) returning id`);
    ids.push(...rowsOf<{ id: number }>(result).map((r) => Number(r.id)));
  }
  return ids;
}
