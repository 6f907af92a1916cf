import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IMPORT_ERRORS_KEPT,
  IMPORT_ERRORS_SHOWN,
  importRunning,
  resourceImportCalls,
  type ImportJob,
  type ImportProblem,
  type ImportStatus,
} from '@atrium/contracts/resource-import';
import type { ResourceDef, ResourceField } from '@atrium/contracts/resource';
import { errorMessages, msg, translateValidation, type ErrorKey, type Locale } from '@atrium/contracts';
import type { Db } from '../../db/client.ts';
import { violatedConstraint } from '../../db/errors.ts';
import { Sweeper } from '../../db/sweep.ts';
import { auditEntry, say, saidIn, writeAudit, type Said } from '../../audit/audit-entry.ts';
import { quoted, recordsNamed } from './trail-names.ts';
import { AppError } from '../../http/errors.ts';
import { parseMultipart } from '../../http/multipart.ts';
import { registerCall } from '../../http/register-call.ts';
import { csvLine, sendCsv } from '../../lists/csv.ts';
import { sendXlsx } from '../../lists/xlsx.ts';
import { resourceSqlNamesInUse } from '@atrium/contracts/resource-names';
import type { RequestScope } from '../../sessions/data-scope.ts';
import { fileFormat, fileRows, inspectFile, type FileData, type FileRow, type ImportFormat } from './import-file.ts';
import { RowChecker, mappingProblems, suggestMapping, unmatchedColumns, type CheckSetup, type CheckedRow } from './import-check.ts';
import {
  cancelImport,
  finishImport,
  findImport,
  importFileSlices,
  importProblems,
  insertImport,
  insertRecords,
  interruptImport,
  latestImport,
  markProgress,
  startCheck,
  startWrite,
  sweepImports,
  type ImportRow,
} from './import.repository.ts';
import { scopeColumnNames, templateHeader, templateNotes } from './import-template.ts';
import { afterCreate, afterUpdate } from './lifecycle.ts';
import { CollectEvery } from './full-collection.ts';
import { readAhead } from './read-ahead.ts';
import { rowsById, updateRow } from './resource.repository.ts';
import type { ResourceHooks } from './kit.ts';

/**
 * A resource's import (docs/resources.md, "Import"; decision 043): the calls, and the job that checks and
 * writes. The job runs in the process that was asked and outlives the request (the browser may close): it
 * reads the file back from the job's row a batch of rows at a time, keeps its progress in memory and in the
 * row (every replica answers it), and stops at the next batch when a cancel is asked. The write is one
 * transaction, the rows checked again inside it and written a batch at a time, with the import's one audit
 * entry; anything refused rolls all of it back. A job whose process stopped is found `interrupted`.
 */

/**
 * Rows a batch holds: the check reads, and the write writes, this many at once. Small, so a batch's rows
 * are rarely still alive when the young generation is collected (kept, they are promoted, and the old one
 * grows with garbage until its next collection): 1 000 rows to a batch peaked at ~340 MiB at 100 000 rows,
 * 100 at ~300, no slower (bench/import).
 */
const BATCH_ROWS = 100;
/**
 * Rows between two full collections of a job (and one as each phase of a file this long starts; decision
 * 050): the garbage V8 promotes meanwhile stays below the memory a file's import may add (bench/import).
 */
const COLLECT_ROWS = 10_000;
/** How often a running job writes its progress (its heartbeat) to its row. */
const PROGRESS_MS = 300;
/** A running job whose row has not moved for this long belongs to a process that stopped. */
const ORPHAN_SECONDS = 60;
/** Parameters of one INSERT at most (the protocol allows 65 535). */
const INSERT_PARAMETERS = 30_000;

/** A job this process runs. */
interface Running {
  done: number;
  cancel: boolean;
  /** The server is stopping: the job ends as interrupted, not cancelled. */
  stopping: boolean;
  finished: Promise<void>;
}

/** The outcome of a run so far: what the rows would do, and what is wrong with them. */
class Tally {
  created = 0;
  updated = 0;
  /** Matched rows that hold their records' values (the check's reading; the write's own replaces it): not in `updated`. */
  unchanged = 0;
  errorRows = 0;
  readonly errors: ImportProblem[] = [];
  errorsCapped = false;

  add(batch: { ok: readonly CheckedRow[]; problems: readonly ImportProblem[]; failedRows: number }): void {
    for (const r of batch.ok) {
      if (!r.target) this.created += 1;
      else if (r.unchanged) this.unchanged += 1;
      else this.updated += 1;
    }
    this.errorRows += batch.failedRows;
    const room = IMPORT_ERRORS_KEPT - this.errors.length;
    this.errors.push(...batch.problems.slice(0, Math.max(room, 0)));
    if (batch.problems.length > room) this.errorsCapped = true;
  }
}

class Cancelled extends Error {}
/** The write met rows it may no longer write: nothing is written, the reason is the job's failure. */
class Refused extends Error {
  constructor(readonly failure: string) {
    super(failure);
  }
}

/**
 * The batches of a file's data rows (its header left out), for a job's check or write over them: each read
 * while the job works on the one before (read-ahead.ts), with V8's full collections between them for a long
 * file (decision 050).
 */
function jobBatches(data: FileData, job: Pick<ImportRow, 'format' | 'rows'>): AsyncGenerator<FileRow[]> {
  return readAhead(batches(data, job.format, new CollectEvery(COLLECT_ROWS, job.rows)));
}

async function* batches(data: FileData, format: ImportFormat, collect: CollectEvery): AsyncGenerator<FileRow[]> {
  let header = true;
  let done = 0;
  let batch: FileRow[] = [];
  for await (const rows of fileRows(data, format)) {
    for (const row of rows) {
      if (header) {
        header = false;
        continue;
      }
      batch.push(row);
      if (batch.length === BATCH_ROWS) {
        yield batch;
        collect.passed((done += batch.length));
        batch = [];
        // the requests that came meanwhile are served between batches (a cancel among them): the embedded
        // engine's queries and the parser's work settle without ever leaving the event loop's turn otherwise
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }
  if (batch.length > 0) yield batch;
}


/** A stored message in the reader's language: a validation key (with its parameters) or an error key. */
function translated(message: string, locale: Locale): string {
  return message in errorMessages[locale] ? errorMessages[locale][message as ErrorKey] : translateValidation(message, locale);
}

/** The trail's summaries of an import's steps, in each language (audit/audit-entry.ts `say`). */
const said = {
  uploaded: { 'zh-CN': '上传{records}导入文件{file}：{rows} 行', 'en-US': 'uploaded {records} to import from {file}: {rows} rows' },
  checking: { 'zh-CN': '检查{file}中待导入的{records}', 'en-US': 'checking {records} to import from {file}' },
  cancelled: { 'zh-CN': '取消从{file}导入{records}', 'en-US': 'cancelled the import of {records} from {file}' },
  imported: { 'zh-CN': '从{file}导入{records}：新建 {created} 条，更新 {updated} 条，{unchanged} 条无变化', 'en-US': 'imported {records} from {file}: {created} created, {updated} updated, {unchanged} unchanged' },
  wroteNothing: { 'zh-CN': '从{file}导入{records}未写入任何记录：{why}', 'en-US': 'import of {records} from {file} wrote nothing: {why}' },
} satisfies Record<string, Said>;

export function registerImport(app: FastifyInstance, def: ResourceDef, all: readonly ResourceDef[], hooks: ResourceHooks): void {
  const calls = resourceImportCalls(def);
  const running = new Map<number, Running>();
  const sweeper = new Sweeper(60 * 60 * 1000);

  const answer = (job: ImportRow, locale: Locale): ImportJob => ({
    id: job.id,
    fileName: job.fileName,
    format: job.format,
    status: job.status,
    columns: job.columns,
    suggested: job.suggested,
    unmatched: unmatchedColumns(def, job.columns, job.suggested),
    preview: job.preview,
    rows: job.rows,
    mapping: job.mapping,
    matchBy: job.matchBy,
    progress: { done: running.get(job.id)?.done ?? job.done, total: job.rows },
    counts: { created: job.created, updated: job.updated, unchanged: job.unchanged },
    errorRows: job.errorRows,
    errors: job.errors.map((e) => ({ ...e, message: translated(e.message, locale) })),
    errorsCapped: job.errorsCapped,
    failure: job.failure === null ? null : translated(job.failure, locale),
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  });

  /**
   * The caller's import, else 404 (another person's is not theirs to see). A running one that no process runs
   * any more (this one stopped and started again, or another replica went away) is marked interrupted.
   */
  const load = async (db: Db, userId: number, importId: number, shown = IMPORT_ERRORS_SHOWN): Promise<ImportRow> => {
    const job = await findImport(db, def.name, userId, importId, shown);
    if (!job) throw new AppError('NOT_FOUND');
    if (!importRunning.includes(job.status) || running.has(job.id)) return job;
    if (app.engine !== 'pglite' && job.idleSeconds < ORPHAN_SECONDS) return job;
    await interruptImport(db, job.id, job.status);
    return (await findImport(db, def.name, userId, importId, shown))!;
  };

  /** Runs a job in the background: the request that started it has answered by the time it ends. */
  const start = (importId: number, work: (self: Running) => Promise<void>) => {
    const self: Running = { done: 0, cancel: false, stopping: false, finished: Promise.resolve() };
    running.set(importId, self);
    self.finished = work(self)
      .catch((error: unknown) => app.log.error({ err: error, importId, resource: def.name }, 'import job failed'))
      .finally(() => running.delete(importId));
  };

  /** Writes progress now and then; true when the job is to stop (a cancel asked here or through another replica). */
  const progress = (importId: number, status: ImportStatus, self: Running) => {
    let last = Date.now();
    return async (force = false): Promise<boolean> => {
      if (!force && Date.now() - last < PROGRESS_MS) return self.cancel;
      last = Date.now();
      const seen = await markProgress(app.db, importId, status, self.done);
      if (!seen.running || seen.cancelRequested) self.cancel = true;
      return self.cancel;
    };
  };

  const check = async (job: ImportRow, setup: CheckSetup, self: Running) => {
    const tally = new Tally();
    const tick = progress(job.id, 'checking', self);
    let status: ImportStatus = 'checked';
    let failure: string | null = null;
    try {
      const data = await importFileSlices(app.db, job.id);
      if (!data) throw new AppError('NOT_FOUND');
      const checker = await RowChecker.open(setup);
      for await (const batch of jobBatches(data, job)) {
        tally.add(await checker.check(batch));
        self.done += batch.length;
        if (await tick()) throw new Cancelled();
      }
    } catch (error) {
      if (error instanceof Cancelled) status = self.stopping ? 'interrupted' : 'cancelled';
      else if (error instanceof AppError) [status, failure] = ['failed', error.messageKey ?? error.key];
      else throw error;
    }
    if (status === 'interrupted') failure = 'validation.importInterrupted';
    await finishImport(app.db, job.id, 'checking', { status, done: self.done, ...tally, failure, dropFile: status === 'cancelled' });
  };

  /**
   * Where a write's rows go: new records many to a statement, matched ones each by its id, a matched one that
   * holds its record's values not written (no new version). Answers how many were not.
   */
  const writeBatch = async (tx: Db, rows: readonly CheckedRow[], userId: number, now: Date): Promise<number> => {
    const fields = def.fields.filter((f) => !f.state).map((f) => f.name);
    const creates = rows.filter((r) => !r.target);
    const perStatement = Math.max(1, Math.floor(INSERT_PARAMETERS / (fields.length + 6)));
    for (let i = 0; i < creates.length; i += perStatement) {
      const part = creates.slice(i, i + perStatement);
      const ids = await insertRecords(tx, def, fields, part.map((r) => ({ values: r.values, ...(r.placed ? { placed: r.placed } : {}) })), userId, now);
      // a life cycle whose first state awaits an approval puts each new record before its approvers
      if (def.lifecycle?.awaiting.includes(def.lifecycle.initial)) for (const row of await rowsById(tx, def, ids)) await afterCreate(tx, def, row, userId, now);
    }
    let unchanged = 0;
    for (const r of rows.filter((r) => r.target)) {
      if (!(await updateRow(tx, def, r.target!.id, r.values, userId, now, r.placed, true))) unchanged += 1;
      else if (def.lifecycle && r.placed) await afterUpdate(tx, def, { ...r.target!, department: r.placed.department, owner: r.placed.owner });
    }
    return unchanged;
  };

  const write = async (job: ImportRow, setup: CheckSetup, self: Running, req: FastifyRequest, userId: number) => {
    const tally = new Tally();
    // progress goes to the row through another connection; PGlite has one, held by the write's transaction
    const tick = app.engine === 'pglite' ? async () => self.cancel : progress(job.id, 'writing', self);
    const note = (summary: Said) => ({ targetType: 'import', targetId: job.id, summary });
    try {
      if (!(await importFileSlices(app.db, job.id))) throw new AppError('NOT_FOUND');
      await RowChecker.reckon(setup, app.db);
      await app.db.transaction(async (tx) => {
        const checker = await RowChecker.open({ ...setup, db: tx, lock: true });
        // the file read inside the transaction: the embedded engine's one connection is the transaction's
        const data = await importFileSlices(tx, job.id);
        if (!data) throw new AppError('NOT_FOUND');
        for await (const batch of jobBatches(data, job)) {
          const checked = await checker.check(batch);
          tally.add(checked);
          // once a row is refused nothing will be written: the rest are checked for the report only
          if (tally.errorRows === 0) {
            // what the table found unchanged is the count, where it reads a value differently from the check
            const surprise = (await writeBatch(tx, checked.ok, userId, app.now())) - checked.ok.filter((r) => r.unchanged).length;
            tally.updated -= surprise;
            tally.unchanged += surprise;
          }
          self.done += batch.length;
          if (await tick()) throw new Cancelled();
        }
        if (tally.errorRows > 0) throw new Refused('validation.importStale');
        const summary = say(said.imported, { records: recordsNamed(def), file: quoted(job.fileName), created: tally.created, updated: tally.updated, unchanged: tally.unchanged });
        await writeAudit(tx, auditEntry(req, calls.commit, 'success', note(summary)));
      });
      await finishImport(app.db, job.id, 'writing', { status: 'done', done: self.done, ...tally, failure: null, dropFile: true });
    } catch (error) {
      let status: ImportStatus = 'failed';
      let failure: string;
      // the field a taken value names, in the trail's each language (the job's failure is in the importer's)
      let taken: ResourceField | undefined;
      if (error instanceof Cancelled) [status, failure] = self.stopping ? ['interrupted', 'validation.importInterrupted'] : ['cancelled', 'validation.importCancelled'];
      else if (error instanceof Refused) failure = error.failure;
      else {
        // another write took a unique value between this one's check and its insert: its constraint says which
        const violated = violatedConstraint(error);
        taken = violated?.code === '23505' ? def.fields.find((f) => resourceSqlNamesInUse(def.table, f.column, 'unique').includes(violated.constraint)) : undefined;
        if (taken) failure = msg('validation.importTaken', { field: taken.label[setup.locale] });
        else if (error instanceof AppError) failure = error.messageKey ?? error.key;
        else throw error;
      }
      await finishImport(app.db, job.id, 'writing', { status, done: self.done, ...tally, created: 0, updated: 0, unchanged: 0, failure, dropFile: status === 'cancelled' });
      await writeAudit(app.db, auditEntry(req, calls.commit, 'failed', note(say(said.wroteNothing, { records: recordsNamed(def), file: quoted(job.fileName), why: saidIn((locale) => translated(taken ? msg('validation.importTaken', { field: taken.label[locale] }) : failure, locale)) }))));
    }
  };

  const setupOf = (job: ImportRow, scope: RequestScope, locale: Locale, mapping: (string | null)[], matchBy: string | null): CheckSetup => ({
    db: app.db,
    def,
    all,
    scope,
    locale,
    columns: job.columns,
    mapping,
    matchBy,
    hooks,
  });

  registerCall(
    app,
    calls.upload,
    async ({ req, session, locale, audit, recordSuccess }) => {
      const file = parseMultipart(req).files.find((f) => f.field === 'file');
      const format = fileFormat(file);
      // read before any transaction: a large file takes a moment, and the database is not held for it
      const inspected = await inspectFile(file!.data, format);
      const fileName = file!.filename.slice(0, 255);
      const importId = await app.db.transaction(async (tx) => {
        const id = await insertImport(tx, def.name, session.userId, fileName, file!.data, inspected, suggestMapping(def, inspected.columns));
        audit.set({ targetType: 'import', targetId: id, summary: say(said.uploaded, { records: recordsNamed(def), file: quoted(fileName), rows: inspected.rows }) });
        await recordSuccess(tx);
        return id;
      });
      sweeper.maybe(app.now(), () => sweepImports(app.db));
      return answer(await load(app.db, session.userId, importId), locale);
    },
    { audit: { mode: 'in-handler' } },
  );

  registerCall(app, calls.latest, async ({ db, session, locale }) => {
    const job = await latestImport(db, def.name, session.userId, 0);
    return job ? answer(await load(db, session.userId, job.id), locale) : null;
  });

  /** A step refused because the import is not where it must be (another request moved it first): 409 with its status as it is now. */
  const tookFirst = async (db: Db, userId: number, importId: number) => new AppError('CONFLICT', { details: { status: (await load(db, userId, importId, 0)).status } });

  registerCall(app, calls.get, async ({ db, params, session, locale }) => answer(await load(db, session.userId, (params as { importId: number }).importId), locale));

  registerCall(
    app,
    calls.check,
    async ({ params, body, session, scope, locale, audit, recordSuccess }) => {
      const importId = (params as { importId: number }).importId;
      const job = await load(app.db, session.userId, importId);
      const given = body as { mapping?: (string | null)[]; matchBy?: string | null };
      const mapping = given.mapping ?? job.suggested;
      const matchBy = given.matchBy ?? null;
      const problems = mappingProblems(def, { columns: job.columns, unmatched: unmatchedColumns(def, job.columns, job.suggested) }, mapping, matchBy, given.mapping !== undefined, locale);
      if (problems.length > 0) throw new AppError('VALIDATION_FAILED', { details: problems });
      await app.db.transaction(async (tx) => {
        if (!(await startCheck(tx, importId, mapping, matchBy))) throw await tookFirst(tx, session.userId, importId);
        audit.set({ targetType: 'import', targetId: importId, summary: say(said.checking, { records: recordsNamed(def), file: quoted(job.fileName) }) });
        await recordSuccess(tx);
      });
      start(importId, (self) => check(job, setupOf(job, scope, locale, mapping, matchBy), self));
      return answer(await load(app.db, session.userId, importId), locale);
    },
    { audit: { mode: 'in-handler' } },
  );

  registerCall(
    app,
    calls.commit,
    async ({ req, params, session, scope, locale }) => {
      const importId = (params as { importId: number }).importId;
      const job = await load(app.db, session.userId, importId);
      // two commits at once: the status moves once, and the other is refused
      const ready = job.status === 'checked' && job.errorRows === 0 && (await startWrite(app.db, importId));
      if (!ready) throw await tookFirst(app.db, session.userId, importId);
      start(importId, (self) => write(job, setupOf(job, scope, locale, job.mapping!, job.matchBy), self, req, session.userId));
      return answer(await load(app.db, session.userId, importId), locale);
    },
    { audit: { mode: 'job' } },
  );

  registerCall(
    app,
    calls.cancel,
    async ({ params, session, locale, audit, recordSuccess }) => {
      const importId = (params as { importId: number }).importId;
      const job = await load(app.db, session.userId, importId);
      await app.db.transaction(async (tx) => {
        // a running job stops at its next batch (this process's at once, another replica's when it reads its row)
        if (!(await cancelImport(tx, importId, job.status, importRunning.includes(job.status)))) throw await tookFirst(tx, session.userId, importId);
        audit.set({ targetType: 'import', targetId: importId, summary: say(said.cancelled, { records: recordsNamed(def), file: quoted(job.fileName) }) });
        await recordSuccess(tx);
      });
      const self = running.get(importId);
      if (self) self.cancel = true;
      return answer(await load(app.db, session.userId, importId), locale);
    },
    { audit: { mode: 'in-handler' } },
  );

  registerCall(app, calls.report, async ({ db, reply, params, session, locale }) => {
    const job = await load(db, session.userId, (params as { importId: number }).importId, 0);
    const problems = await importProblems(db, job.id);
    const label = (field: string | null) => (field === null ? '' : (def.fields.find((f) => f.name === field)?.label[locale] ?? scopeColumnNames[locale][field as 'department' | 'owner'] ?? field));
    const text = problems.map((p) => csvLine([String(p.row), p.column, label(p.field), translated(p.message, locale)])).join('');
    const header = ['validation.importReportRow', 'validation.importReportColumn', 'validation.importReportField', 'validation.importReportMessage'].map((k) => translated(k, locale));
    return sendCsv(reply, { name: `${def.plural}-import-${job.id}-problems.csv`, header, what: `${def.name} import` }, { text, next: undefined });
  });

  registerCall(app, calls.template, async ({ reply, query, locale }) => {
    const header = templateHeader(def, locale);
    const name = `${def.plural}-import-template`;
    if ((query as { format: 'csv' | 'xlsx' }).format === 'csv') return sendCsv(reply, { name: `${name}.csv`, header, what: `${def.name} import template` }, { text: '', next: undefined });
    const notes = { ...templateNotes(def, all, locale), widths: [18, 8, 72] };
    return sendXlsx(reply, { name: `${name}.xlsx`, header, what: `${def.name} import template`, sheet: def.pluralLabel[locale], widths: header.map((h) => Math.max(12, [...h].length * 2 + 4)), notes }, { rows: [], next: undefined });
  });

  // a stop cancels what runs (it rolls back) and waits for it: the rows say interrupted, nothing half-written
  app.addHook('onClose', async () => {
    for (const self of running.values()) {
      self.cancel = true;
      self.stopping = true;
    }
    await Promise.all([...running.values()].map((r) => r.finished));
  });
}
