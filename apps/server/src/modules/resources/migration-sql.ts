import type { ChildrenField, ResourceDef, ResourceField } from '@atrium/contracts/resource';
import { resourceSqlName } from '@atrium/contracts/resource-names';
import { resources } from '@atrium/contracts/slices';
import { declaredPosition } from './declared-order.ts';

/**
 * A resource's table as SQL, written once by `npm run new:resource` into a migration of its own
 * (drizzle's migrator applies it like any other; drizzle-kit's snapshots do not know the table, so a
 * later `drizzle-kit generate` leaves it alone). The kit's SQL (resource.repository.ts) relies on these
 * names: the columns in snake case, `<table>_<column>_unique` for a unique field and `<table>_<column>_fk`
 * for a reference, so a violation names its field; every index and constraint is named by
 * `resourceSqlName`, which shortens a name past PostgreSQL's 63 bytes with a hash, the same way for the kit.
 */

const quote = (name: string) => `"${name}"`;

/**
 * pg_trgm, for the indexes of substring filters (PostgreSQL's contrib, trusted: no superuser needed; PGlite
 * loads it in db/pglite.ts). In the public schema, once per database; two migrations racing to create it
 * (replicas starting, test schemas) both succeed.
 */
const TRIGRAM_EXTENSION = `DO $$ BEGIN
\tCREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
END $$;`;
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

function columnType(field: ResourceField): string {
  switch (field.type) {
    case 'string':
      return `varchar(${field.max ?? 100})`;
    case 'text':
      return 'text';
    case 'integer':
    case 'reference':
      return 'integer';
    case 'decimal':
      return `numeric(18, ${field.scale ?? 2})`;
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamp with time zone';
    case 'enum':
      return 'text';
  }
}

function defaultValue(field: ResourceField): string | undefined {
  const value = field.default;
  if (value === undefined) return undefined;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return literal(value);
}

/** A field's column: its type, default, NOT NULL when required, an enum's values checked. */
function columnSql(f: ResourceField): string {
  const parts = [quote(f.column), columnType(f)];
  const d = defaultValue(f);
  if (d !== undefined) parts.push(`DEFAULT ${d}`);
  if (f.required) parts.push('NOT NULL');
  if (f.type === 'enum') parts.push(`CHECK (${quote(f.column)} IN (${f.values!.map((v) => literal(v.value)).join(', ')}))`);
  return parts.join(' ');
}

/** `others`: the resources a reference may point at (the registry's, and those written in the same run). */
export function resourceMigrationSql(def: ResourceDef, tag: string, others: readonly ResourceDef[] = resources): string {
  const t = def.table;
  const columns = [
    '"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL',
    ...def.fields.map((f) => columnSql(f)),
    '"version" integer DEFAULT 1 NOT NULL',
    '"created_at" timestamp with time zone DEFAULT now() NOT NULL',
    '"updated_at" timestamp with time zone DEFAULT now() NOT NULL',
    '"created_by" integer',
    '"updated_by" integer',
    ...(def.scoped ? ['"department_id" integer NOT NULL', '"owner_id" integer NOT NULL'] : []),
  ];
  const statements = [`CREATE TABLE ${quote(t)} (\n\t${columns.join(',\n\t')}\n);`];
  const name = (column: string, kind: string) => quote(resourceSqlName(t, column, kind));
  const index = (column: string, kind: string, expression: string, how = '') => statements.push(`CREATE INDEX ${name(column, kind)} ON ${quote(t)} ${how}(${expression});`);
  // An ordered index serves a sort both ways: ascending reads it forward (nulls first, then the oldest id),
  // descending backward (nulls last, the newest id first), as resource.repository.ts orders.
  const ordered = (column: string) => index(column, 'idx', `${quote(column)} NULLS FIRST, "id"`);
  // every resource has one: its title field's (the pickers' keyword)
  statements.push(TRIGRAM_EXTENSION);
  for (const f of def.fields) {
    const column = quote(f.column);
    if (f.type === 'reference') {
      const referred = f.to === def.name ? def : others.find((o) => o.name === f.to);
      if (!referred) throw new Error(`${def.name}.${f.name}: no resource "${f.to}" to refer to`);
      // RESTRICT: deleting a record another refers to fails (the kit answers 409 IN_USE).
      statements.push(`ALTER TABLE ${quote(t)} ADD CONSTRAINT ${name(f.column, 'fk')} FOREIGN KEY (${column}) REFERENCES "public".${quote(referred.table)}("id") ON DELETE RESTRICT;`);
    }
    if (f.unique) statements.push(`CREATE UNIQUE INDEX ${name(f.column, 'unique')} ON ${quote(t)} (${f.type === 'string' ? `lower(${column})` : column});`);
    // LIKE 'abc%' on the lowered text; substrings by trigrams (pg_trgm: a GIN index answers LIKE '%abc%')
    if (f.filter === 'prefix') index(f.column, 'prefix_idx', `lower(${column}) text_pattern_ops`);
    // the title field's whatever its filter: a picker's keyword is a substring (optionRows)
    if (f.filter === 'contains' || f.name === def.titleField) {
      index(f.column, 'trgm_idx', `lower(${column}) public.gin_trgm_ops`, 'USING gin ');
      // A finer sample of the lowered text: the planner's guess of how many rows a substring matches picks
      // between reading the sort's index in order and gathering every match (decision 018).
      statements.push(`ALTER INDEX ${name(f.column, 'trgm_idx')} ALTER COLUMN 1 SET STATISTICS 1000;`);
    }
    // the references' index also finds a record's referrers (409 IN_USE) without reading the table
    if ((f.sortable && f.type !== 'enum') || f.type === 'reference' || f.filter === 'equals' || f.filter === 'range') ordered(f.column);
    // an enum sorts by its declared order: the index is on the value's position (declared-order.ts)
    if (f.sortable && f.type === 'enum') index(f.column, 'order_idx', `${declaredPosition(f, column)} NULLS FIRST, "id"`);
    // the pickers' order, without regard to case, and the titles that begin with a keyword as a range of it
    if (f.name === def.titleField) index(f.column, 'options_idx', `lower(${column}) COLLATE "C", "id"`);
  }
  ordered('created_at');
  ordered('updated_at');
  if (def.scoped) statements.push(...scopeConstraints(t));
  for (const c of def.children) statements.push(...childTableSql(def, c, others));
  // Every write moves the table's generation, so the list's cached answers stay exact (db/list-generations.ts).
  statements.push(`-- every write moves the table's list generation, so cached pages stay exact (docs/resources.md)\nSELECT atrium_watch_list(${literal(t)});`);
  return `-- ${tag}: the table of the resource "${def.name}" (npm run new:resource)\n${statements.join('\n--> statement-breakpoint\n')}\n`;
}

/**
 * A `children` field's table (`order_lines`): its rows' columns, the parent's id (`order_id`: CASCADE or
 * RESTRICT as the field's `onDelete`) and the row's position in its parent; the index `(parent, position)`
 * reads a parent's rows in order, and each reference's index finds the rows referring to a record (409
 * IN_USE). Written in the parent's migration: the two tables come and go together.
 */
function childTableSql(parent: ResourceDef, c: ChildrenField, others: readonly ResourceDef[]): string[] {
  const t = c.def.table;
  const name = (column: string, kind: string) => quote(resourceSqlName(t, column, kind));
  const columns = [
    '"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL',
    `${quote(c.parentColumn)} integer NOT NULL`,
    '"position" integer NOT NULL',
    ...c.def.fields.map((f) => columnSql(f)),
  ];
  const statements = [
    `CREATE TABLE ${quote(t)} (\n\t${columns.join(',\n\t')}\n);`,
    `ALTER TABLE ${quote(t)} ADD CONSTRAINT ${name(c.parentColumn, 'fk')} FOREIGN KEY (${quote(c.parentColumn)}) REFERENCES "public".${quote(parent.table)}("id") ON DELETE ${c.onDelete === 'cascade' ? 'CASCADE' : 'RESTRICT'};`,
    `CREATE INDEX ${name(c.parentColumn, 'idx')} ON ${quote(t)} (${quote(c.parentColumn)}, "position");`,
  ];
  for (const f of c.def.fields) {
    if (f.type !== 'reference') continue;
    const referred = f.to === parent.name ? parent : others.find((o) => o.name === f.to);
    if (!referred) throw new Error(`${parent.name}.${c.name}.${f.name}: no resource "${f.to}" to refer to`);
    statements.push(`ALTER TABLE ${quote(t)} ADD CONSTRAINT ${name(f.column, 'fk')} FOREIGN KEY (${quote(f.column)}) REFERENCES "public".${quote(referred.table)}("id") ON DELETE RESTRICT;`);
    statements.push(`CREATE INDEX ${name(f.column, 'idx')} ON ${quote(t)} (${quote(f.column)});`);
  }
  return statements;
}

/**
 * A scoped table's department and owner: foreign keys (RESTRICT: a department with records is not deleted,
 * an account is never deleted) and the indexes a scoped read takes: `(department_id, id)` finds a department's
 * records (a scope or the department filter, each department a range of it), `(owner_id, id)` an owner's
 * (`own`, the owner filter); both end with the id, the list's last order key and the lookup by id.
 */
function scopeConstraints(t: string): string[] {
  const name = (column: string, kind: string) => quote(resourceSqlName(t, column, kind));
  return [
    `ALTER TABLE ${quote(t)} ADD CONSTRAINT ${name('department_id', 'fk')} FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE RESTRICT;`,
    `ALTER TABLE ${quote(t)} ADD CONSTRAINT ${name('owner_id', 'fk')} FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE RESTRICT;`,
    `CREATE INDEX ${name('department_id', 'idx')} ON ${quote(t)} ("department_id", "id");`,
    `CREATE INDEX ${name('owner_id', 'idx')} ON ${quote(t)} ("owner_id", "id");`,
  ];
}

/**
 * The upgrade of a table generated before records were scoped (issue 39): the two columns, filled for the
 * rows already there (the department: the root; the owner: the record's author while that account exists,
 * else the first administrator, else the first account), then NOT NULL, the foreign keys and the indexes,
 * as a table generated now has them. One transaction, like every migration; the table is locked for
 * writes while its indexes are built.
 */
export function resourceScopeUpgradeSql(def: ResourceDef, tag: string): string {
  const t = quote(def.table);
  const firstAdmin = `(select u.id from "public"."users" u where 'admin' = any(u.roles) order by u.id limit 1)`;
  const firstAccount = `(select u.id from "public"."users" u order by u.id limit 1)`;
  const statements = [
    `ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS "department_id" integer;`,
    `ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS "owner_id" integer;`,
    `UPDATE ${t} r SET "department_id" = coalesce(r."department_id", (select d.id from "public"."departments" d where d.parent_id is null order by d.id limit 1)),
	"owner_id" = coalesce(r."owner_id", (select u.id from "public"."users" u where u.id = r.created_by), ${firstAdmin}, ${firstAccount})
	WHERE r."department_id" is null or r."owner_id" is null;`,
    `ALTER TABLE ${t} ALTER COLUMN "department_id" SET NOT NULL;`,
    `ALTER TABLE ${t} ALTER COLUMN "owner_id" SET NOT NULL;`,
    ...scopeConstraints(def.table),
  ];
  return `-- ${tag}: the records of the resource "${def.name}" get a department and an owner (issue 39, docs/resources.md "Scoped records")\n${statements.join('\n--> statement-breakpoint\n')}\n`;
}
