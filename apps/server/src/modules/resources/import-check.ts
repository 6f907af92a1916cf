import type { z } from 'zod';
import { importFields, importScopeColumns, type ImportProblem } from '@atrium/contracts/resource-import';
import { resourceSchemas } from '@atrium/contracts/resource-calls';
import type { ResourceDef, ResourceField } from '@atrium/contracts/resource';
import { msg, type Locale } from '@atrium/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { placeRecord } from '../../lists/placement.ts';
import type { Reach } from '../../lists/scope.ts';
import type { RequestScope } from '../../sessions/data-scope.ts';
import type { FileRow } from './import-file.ts';
import { recordsByTitle, rowsByUnique, uniqueHolders, type RecordScope, type ResourceRow } from './resource.repository.ts';
import { accountsNamed, activeDepartments } from './import.repository.ts';
import { assertUnlocked, same } from './lifecycle.ts';
import type { ResourceHooks } from './kit.ts';

/**
 * An import's check of its rows, a batch at a time (docs/resources.md, "Import"): each cell read as its
 * field's type (an enum by its value or a label in either language, a boolean as 是/否, yes/no, true/false
 * or 1/0, a reference by its record's title or id within the importer's reach, a department by its name and
 * an owner by username or name), then the form's own schema, the placement rule of every scoped record, the
 * unique fields (in the table and earlier in the file), and for a row that matches a record by a unique
 * field what an edit of that record may change. The write runs the same check in its transaction, so what
 * it writes is what the table holds then, not what it held at the check.
 */

/** What a column's header may name: a field by its name or label in either language; a scoped record's department and owner as the export names them. */
export function suggestMapping(def: ResourceDef, columns: readonly string[]): (string | null)[] {
  const names = new Map<string, string>();
  for (const f of def.fields.filter((f) => !f.state)) for (const n of [f.name, f.label['zh-CN'], f.label['en-US']]) names.set(n.trim().toLowerCase(), f.name);
  if (def.scoped) {
    for (const n of ['department', '所属部门', '部门']) names.set(n.toLowerCase(), 'department');
    for (const n of ['owner', '负责人']) names.set(n.toLowerCase(), 'owner');
  }
  const taken = new Set<string>();
  return columns.map((c) => {
    const field = names.get(c.trim().toLowerCase());
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** Columns an export writes that an import leaves alone without asking: the record's id and its times. */
const EXPORT_ONLY = ['id', '创建时间', 'created', '更新时间', 'updated'];

/**
 * The columns whose header names nothing an import knows (their indexes): each must be mapped or ignored by
 * the person. What an export writes that no import sets (the id, the times, a life cycle's state, which only
 * its transitions change) is left alone without asking: an exported file imports as it is.
 */
export function unmatchedColumns(def: ResourceDef, columns: readonly string[], suggested: readonly (string | null)[]): number[] {
  const exportOnly = new Set([...EXPORT_ONLY, ...def.fields.filter((f) => f.state).flatMap((f) => [f.name, f.label['zh-CN'], f.label['en-US']].map((n) => n.trim().toLowerCase()))]);
  return columns.flatMap((c, i) => (suggested[i] === null && !exportOnly.has(c.trim().toLowerCase()) ? [i] : []));
}

/** A row the check passed: the values to write and, for a record it matched, that record as it stands. */
export interface CheckedRow {
  row: number;
  values: Record<string, unknown>;
  placed?: RecordScope;
  target?: ResourceRow;
  /** A matched row that holds its record's values already: the write leaves that record as it is. */
  unchanged?: boolean;
}

/** Whether a matched row's values (and, scoped, its place) are those its record holds (decision 060). */
function holdsItsRecord(def: ResourceDef, r: CheckedRow, target: ResourceRow): boolean {
  if (r.placed && (r.placed.department !== target.department || r.placed.owner !== target.owner)) return false;
  return Object.entries(r.values).every(([name, value]) => same(def, name, value, target[name]));
}

export interface CheckSetup {
  db: Db;
  def: ResourceDef;
  all: readonly ResourceDef[];
  scope: RequestScope;
  locale: Locale;
  columns: readonly string[];
  mapping: readonly (string | null)[];
  matchBy: string | null;
  hooks: ResourceHooks;
  /**
   * The write's check: the records matched are locked until its transaction ends, so none changes under it;
   * and a value twice in the file is left to the table (the check before it refused any, in the same bytes,
   * and the write's own rows are among those the table's unique fields are checked against, and its constraint
   * refuses the rest): a write keeps no set of the file's values.
   */
  lock?: boolean;
}

/**
 * What is wrong with a mapping before any row is read, each on the part of the request to change: the
 * mapping's length, a column whose header names nothing (unless the person mapped the columns themselves:
 * null then ignores it), a required field without a column when rows may be new, the match field without one.
 */
export function mappingProblems(
  def: ResourceDef,
  job: { columns: readonly string[]; unmatched: readonly number[] },
  mapping: readonly (string | null)[],
  matchBy: string | null,
  given: boolean,
  locale: Locale,
): { path: string; message: string }[] {
  if (mapping.length !== job.columns.length) return [{ path: 'mapping', message: msg('validation.importMappingLength', { n: job.columns.length }) }];
  const problems: { path: string; message: string }[] = [];
  if (!given) for (const i of job.unmatched) problems.push({ path: `mapping[${i}]`, message: msg('validation.importUnmatched', { column: job.columns[i]! }) });
  const mapped = new Set(mapping.filter((f): f is string => f !== null));
  // with a match field a row may edit a record and need no more; a row that matches none is told what it lacks
  if (matchBy === null) for (const f of def.fields.filter((f) => f.required && !f.state && f.default === undefined && !mapped.has(f.name))) {
    problems.push({ path: 'mapping', message: msg('validation.importRequiredUnmapped', { field: f.label[locale] }) });
  }
  if (matchBy !== null && !mapped.has(matchBy)) problems.push({ path: 'matchBy', message: msg('validation.importMatchByUnmapped', { field: def.fields.find((f) => f.name === matchBy)!.label[locale] }) });
  return problems;
}

const BOOLEANS = new Map<string, boolean>([
  ...['true', 'yes', 'y', '1', '是', '真'].map((v) => [v, true] as const),
  ...['false', 'no', 'n', '0', '否', '假'].map((v) => [v, false] as const),
]);

/** A reference, a department or an owner named by a cell: resolved for the whole batch at once. */
interface Pending {
  field: string;
  text: string;
}

const pendingKey = (field: string, text: string) => `${field}\u0000${text.toLowerCase()}`;

const ID_TEXT = /^\d{1,10}$/;
const INTEGER_TEXT = /^[+-]?\d+(\.0+)?$/;
const DATE_TEXT = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;

/** A cell's text as a record's id, when it can be one. */
const idOf = (text: string) => (ID_TEXT.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : undefined);

/** The ids of `rows` by the (lowercased) text `by` gives each: more than one where the text is ambiguous. */
function groupIds<T extends { id: number }>(rows: readonly T[], by: (row: T) => string | null): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const row of rows) {
    const text = by(row);
    if (text === null) continue;
    const ids = out.get(text);
    if (ids) ids.push(row.id);
    else out.set(text, [row.id]);
  }
  return out;
}

/** A cell of a row, as the field's value the form would send, or the problem that stops it. */
type Read = { value: unknown } | { pending: Pending } | { problem: string };

export class RowChecker {
  private readonly columnOf = new Map<string, string>();
  private readonly enums = new Map<string, Map<string, string>>();
  /** A unique field's values met so far in the file, and the row each was first met on. */
  private readonly seen = new Map<string, Map<string, number>>();
  private readonly placements = new Map<string, Promise<RecordScope | ImportProblem[]>>();
  private readonly form: z.ZodType;
  private readonly partial: z.ZodType;
  private departments?: Map<string, number[]>;
  private readonly defaults: ResourceField[];
  /** The resource's fields by name, and its unique ones: asked of every cell and row. */
  private readonly fields = new Map<string, ResourceField>();
  private readonly unique: ResourceField[];

  private constructor(
    private readonly s: CheckSetup,
    private readonly reach: Reach | undefined,
  ) {
    s.mapping.forEach((field, i) => field !== null && this.columnOf.set(field, s.columns[i]!));
    for (const f of s.def.fields.filter((f) => f.type === 'enum')) {
      const map = new Map<string, string>();
      for (const v of f.values!) for (const n of [v.value, v.label['zh-CN'], v.label['en-US']]) map.set(n.toLowerCase(), v.value);
      this.enums.set(f.name, map);
    }
    for (const f of s.def.fields) this.fields.set(f.name, f);
    this.unique = s.def.fields.filter((f) => f.unique);
    for (const f of this.unique) this.seen.set(f.name, new Map());
    const { form } = resourceSchemas(s.def);
    this.form = form;
    this.partial = form.partial();
    this.defaults = s.def.fields.filter((f) => f.default !== undefined && !f.state);
  }

  static async open(setup: CheckSetup): Promise<RowChecker> {
    const reach = setup.def.scoped ? await setup.scope.reach(setup.def.name, setup.db) : undefined;
    return new RowChecker(setup, reach);
  }

  /**
   * The importer's reach in the resource and in each scoped one it refers to, reckoned now through the pool
   * (the request's scope keeps them): a write's transaction then asks no more of the departments' tree.
   */
  static async reckon(setup: Omit<CheckSetup, 'db'>, db: Db): Promise<void> {
    const referred = setup.def.fields.flatMap((f) => (f.type === 'reference' ? setup.all.filter((r) => r.name === f.to && r.scoped) : []));
    for (const of of [...(setup.def.scoped ? [setup.def] : []), ...referred]) await setup.scope.reach(of.name, db);
  }

  private field(name: string): ResourceField | undefined {
    return this.fields.get(name);
  }

  /** A cell as its field's value: empty is left out of a new record (its default) and clears a field of one matched. */
  private read(name: string, text: string, updating: boolean): Read {
    const cell = text.trim();
    if (cell.includes('\u0000')) return { problem: 'validation.invalidValue' };
    const field = this.field(name);
    if (cell === '') {
      if (!field) return { value: undefined };
      if (updating) return { value: field.type === 'string' || field.type === 'text' ? '' : null };
      return { value: field.default ?? (field.type === 'string' || field.type === 'text' ? '' : undefined) };
    }
    if (!field || field.type === 'reference') return { pending: { field: name, text: cell } };
    switch (field.type) {
      case 'integer':
        return INTEGER_TEXT.test(cell) ? { value: Number(cell) } : { problem: 'validation.importNumber' };
      case 'boolean': {
        const value = BOOLEANS.get(cell.toLowerCase());
        return value === undefined ? { problem: 'validation.importBoolean' } : { value };
      }
      case 'enum': {
        const value = this.enums.get(name)!.get(cell.toLowerCase());
        return value === undefined ? { problem: msg('validation.importEnum', { values: field.values!.map((v) => v.label[this.s.locale]).join(' / ') }) } : { value };
      }
      case 'date': {
        const m = DATE_TEXT.exec(cell);
        return { value: m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : cell };
      }
      default:
        return { value: field.type === 'string' || field.type === 'text' ? text : cell };
    }
  }

  /** The departments within the importer's reach by name (either language, without regard to case); read once per check. */
  private async departmentsByName(): Promise<Map<string, number[]>> {
    if (this.departments) return this.departments;
    const rows = await activeDepartments(this.s.db);
    const own = this.reach?.ownerId != null;
    const reached = (id: number) => (own ? id === this.s.scope.departmentId : this.reach?.departmentIds == null || this.reach.departmentIds.has(id));
    const map = new Map<string, number[]>();
    for (const r of rows) {
      if (!reached(r.id)) continue;
      for (const n of new Set([r.name, r.nameEn].filter((n): n is string => !!n).map((n) => n.toLowerCase()))) map.set(n, [...(map.get(n) ?? []), r.id]);
    }
    return (this.departments = map);
  }

  /** The ids the batch's pending cells name, per field and text; a problem where none or more than one. */
  private async resolve(pending: readonly Pending[]): Promise<Map<string, { value: number } | { problem: string }>> {
    const out = new Map<string, { value: number } | { problem: string }>();
    const byField = new Map<string, Set<string>>();
    for (const p of pending) byField.set(p.field, (byField.get(p.field) ?? new Set()).add(p.text));
    // each text read as a title and as an id once: the rows found are indexed, not searched per text
    const pick = (field: string, text: string, byTitle: readonly number[] | undefined, ids: ReadonlySet<number>, ambiguous: string, none: string | ((text: string) => string)) => {
      const k = pendingKey(field, text);
      const asNumber = idOf(text);
      if (byTitle && byTitle.length > 1) out.set(k, { problem: msg(ambiguous, { value: text }) });
      else if (byTitle?.length === 1) out.set(k, { value: byTitle[0]! });
      else if (asNumber !== undefined && ids.has(asNumber)) out.set(k, { value: asNumber });
      else out.set(k, { problem: typeof none === 'string' ? none : none(text) });
    };
    const idsIn = (list: readonly string[]) =>
      list.flatMap((t) => {
        const id = idOf(t);
        return id === undefined ? [] : [id];
      });
    for (const [field, texts] of byField) {
      const list = [...texts];
      if (field === 'department') {
        const names = await this.departmentsByName();
        // a department out of reach is named as one that does not exist: the importer learns nothing beyond it
        const ids = new Set([...names.values()].flat());
        for (const text of list) pick(field, text, names.get(text.toLowerCase()), ids, 'validation.importAmbiguous', 'validation.noSuchDepartment');
      } else if (field === 'owner') {
        // only the accounts the importer may name as owners (of departments its reach holds; under `own`, itself):
        // one beyond is named as one that does not exist, as a department is
        const rows = await accountsNamed(this.s.db, list, idsIn(list), this.reach && { reach: this.reach, writerId: this.s.scope.userId });
        const byUsername = groupIds(rows, (r) => r.username);
        const byName = groupIds(rows, (r) => r.name);
        const ids = new Set(rows.map((r) => r.id));
        for (const text of list) {
          const lower = text.toLowerCase();
          pick(field, text, byUsername.get(lower) ?? byName.get(lower), ids, 'validation.importAmbiguous', 'validation.noSuchOwner');
        }
      } else {
        const f = this.field(field)!;
        const other = f.to === this.s.def.name ? this.s.def : this.s.all.find((r) => r.name === f.to)!;
        const reach = other.scoped ? await this.s.scope.reach(other.name, this.s.db) : undefined;
        const found = await recordsByTitle(this.s.db, other, list, idsIn(list), reach);
        const byTitle = groupIds(found, (r) => r.title);
        const ids = new Set(found.map((r) => r.id));
        // the cell's text named (a form's picker offers only what exists; a file may hold any word)
        for (const text of list) pick(field, text, byTitle.get(text.toLowerCase()), ids, 'validation.importAmbiguous', (value) => msg('validation.importNoSuchRecord', { value }));
      }
    }
    return out;
  }

  /** Where a scoped row goes, asked once per distinct placement: the record, or the problems on department and owner. */
  private place(given: { department?: number; owner?: number }, before: RecordScope | null): Promise<RecordScope | ImportProblem[]> {
    const key = `${given.department}|${given.owner}|${before?.department}|${before?.owner}`;
    let known = this.placements.get(key);
    if (!known) {
      known = placeRecord(this.s.db, this.reach!, this.s.scope, given, before).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
        if (error.key === 'OUT_OF_SCOPE') {
          const field = (error.details as { field: string }).field;
          return [{ row: 0, column: this.columnOf.get(field) ?? '', field, message: 'validation.importOutOfScope' }];
        }
        return ((error.details ?? []) as { path: string; message: string }[]).map((d) => ({ row: 0, column: this.columnOf.get(d.path) ?? '', field: d.path, message: d.message }));
      });
      this.placements.set(key, known);
    }
    return known;
  }

  /** One batch of rows: those that pass, and every problem of those that do not. */
  async check(rows: readonly FileRow[]): Promise<{ ok: CheckedRow[]; problems: ImportProblem[]; failedRows: number }> {
    const { def, mapping, matchBy } = this.s;
    const problems: ImportProblem[] = [];
    const failed = new Set<number>();
    const fail = (row: number, field: string | null, message: string) => {
      problems.push({ row, column: field === null ? '' : (this.columnOf.get(field) ?? ''), field, message });
      failed.add(row);
    };
    const matchField = matchBy === null ? undefined : this.field(matchBy);

    // which records the rows match: the match field's cells, read first
    const targets = new Map<string, ResourceRow>();
    if (matchField) {
      const column = mapping.indexOf(matchField.name);
      const values = [...new Set(rows.map((r) => (r.cells[column] ?? '').trim()).filter((v) => v !== '' && (matchField.type !== 'integer' || /^[+-]?\d+$/.test(v))))];
      for (const record of await rowsByUnique(this.s.db, def, matchField, values, this.s.lock === true)) targets.set(String(record[matchField.name]).toLowerCase(), record);
    }

    // each cell as its field's value; references, departments and owners gathered for the batch
    const read = rows.map(({ row, cells }) => {
      const matchText = matchField ? (cells[mapping.indexOf(matchField.name)] ?? '').trim().toLowerCase() : '';
      const target = matchField && matchText !== '' ? targets.get(String(matchField.type === 'integer' ? Number(matchText) : matchText)) : undefined;
      const values: Record<string, unknown> = {};
      const pending: Pending[] = [];
      const bad = new Set<string>();
      mapping.forEach((field, i) => {
        if (field === null) return;
        const cell = this.read(field, cells[i] ?? '', target !== undefined);
        if ('problem' in cell) {
          fail(row, field, cell.problem);
          bad.add(field);
        } else if ('pending' in cell) pending.push(cell.pending);
        else if (cell.value !== undefined) values[field] = cell.value;
      });
      // a new record's field without a column starts as a form starts it: at its default
      if (!target) for (const f of this.defaults) if (!(f.name in values) && !mapping.includes(f.name)) values[f.name] = f.default;
      return { row, values, pending, bad, target };
    });
    const resolved = await this.resolve(read.flatMap((r) => r.pending));

    const ok: CheckedRow[] = [];
    for (const { row, values, pending, bad, target } of read) {
      for (const p of pending) {
        const found = resolved.get(pendingKey(p.field, p.text))!;
        if ('problem' in found) {
          fail(row, p.field, found.problem);
          bad.add(p.field);
        } else values[p.field] = found.value;
      }
      // the form's own rules, on what the cells hold; a cell already refused is not told twice
      const parsed = (target ? this.partial : this.form).safeParse(values);
      if (!parsed.success) {
        const told = new Set(bad);
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '');
          if (told.has(field)) continue;
          told.add(field);
          fail(row, field || null, issue.message);
        }
      }
      if (failed.has(row)) continue;
      const checked = { ...(parsed.data as Record<string, unknown>) };
      if (matchField && target && !this.reachable(target)) {
        // a record beyond the importer's reach holds the value: it can be neither matched nor taken again
        fail(row, matchField.name, 'validation.alreadyUsed');
        continue;
      }
      if (target) {
        for (const f of def.fields.filter((f) => f.readOnly && f.name in checked)) {
          if (!same(def, f.name, checked[f.name], target[f.name])) fail(row, f.name, 'validation.importReadOnly');
          delete checked[f.name];
        }
        if (def.lifecycle) {
          try {
            assertUnlocked(def, target, checked);
          } catch (error) {
            if (!(error instanceof AppError) || error.key !== 'FIELD_LOCKED') throw error;
            for (const field of (error.details as { fields: string[] }).fields) fail(row, field, 'validation.importLocked');
          }
        }
      }
      // earlier in the file (the write's check leaves it to the table: see `lock`)
      if (!this.s.lock) for (const f of this.unique) {
        const value = checked[f.name] ?? (target ? undefined : null);
        if (value === undefined || value === null || value === '') continue;
        const text = String(value).toLowerCase();
        const first = this.seen.get(f.name)!.get(text);
        if (first !== undefined && first !== row) fail(row, f.name, msg('validation.importDuplicate', { row: first }));
        else this.seen.get(f.name)!.set(text, row);
      }
      if (failed.has(row)) continue;
      ok.push({ row, values: checked, ...(target ? { target } : {}) });
    }

    // values of unique fields other records hold (the matched record's own are its)
    for (const f of this.unique) {
      const values = [...new Set(ok.map((r) => r.values[f.name]).filter((v): v is string | number => v !== undefined && v !== null && v !== ''))];
      const holders = new Map((await uniqueHolders(this.s.db, def, f, values)).map((h) => [h.value, h.id]));
      for (const r of ok) {
        const value = r.values[f.name];
        if (value === undefined || value === null || value === '') continue;
        const holder = holders.get(String(value).toLowerCase());
        if (holder !== undefined && holder !== r.target?.id) fail(r.row, f.name, 'validation.alreadyUsed');
      }
    }

    const passed: CheckedRow[] = [];
    for (const r of ok.filter((r) => !failed.has(r.row))) {
      if (def.scoped) {
        const before = r.target ? { department: r.target.department as number, owner: r.target.owner as number } : null;
        const given = { department: r.values.department as number | undefined, owner: r.values.owner as number | undefined };
        const placed = await this.place(given, before);
        if (Array.isArray(placed)) {
          for (const p of placed) fail(r.row, p.field, p.message);
          continue;
        }
        r.placed = placed;
        for (const name of importScopeColumns) delete r.values[name];
      }
      try {
        await this.s.hooks.beforeWrite?.(r.values, { db: this.s.db, existing: r.target ?? null });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const details = Array.isArray(error.details) ? error.details : [{ path: '', message: error.messageKey ?? error.key }];
        for (const d of details) fail(r.row, importFields(def).includes(d.path) ? d.path : null, d.message);
        continue;
      }
      passed.push(r.target ? { ...r, unchanged: holdsItsRecord(def, r, r.target) } : r);
    }
    return { ok: passed, problems, failedRows: failed.size };
  }

  /** Whether the importer reaches a record (a scoped one by its department or owner). */
  private reachable(row: ResourceRow): boolean {
    const reach = this.reach;
    if (!reach) return true;
    if (reach.ownerId !== null) return row.owner === reach.ownerId;
    return reach.departmentIds === null || reach.departmentIds.has(row.department as number);
  }
}
