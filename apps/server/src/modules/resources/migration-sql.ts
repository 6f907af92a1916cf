import type { ResourceDef, ResourceField } from '@atrium/contracts/resource';
import { resources } from '@atrium/contracts/resources/index';

/**
 * A resource's table as SQL, written once by `npm run new:resource` into a migration of its own
 * (drizzle's migrator applies it like any other; drizzle-kit's snapshots do not know the table, so a
 * later `drizzle-kit generate` leaves it alone). The kit's SQL (resource.repository.ts) relies on these
 * names: the columns in snake case, `<table>_<column>_unique` for a unique field and `<table>_<column>_fk`
 * for a reference, so a violation names its field.
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

/** `others`: the resources a reference may point at (the registry's, and those written in the same run). */
export function resourceMigrationSql(def: ResourceDef, tag: string, others: readonly ResourceDef[] = resources): string {
  const t = def.table;
  const columns = [
    '"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL',
    ...def.fields.map((f) => {
      const parts = [quote(f.column), columnType(f)];
      const d = defaultValue(f);
      if (d !== undefined) parts.push(`DEFAULT ${d}`);
      if (f.required) parts.push('NOT NULL');
      if (f.type === 'enum') parts.push(`CHECK (${quote(f.column)} IN (${f.values!.map((v) => literal(v.value)).join(', ')}))`);
      return parts.join(' ');
    }),
    '"version" integer DEFAULT 1 NOT NULL',
    '"created_at" timestamp with time zone DEFAULT now() NOT NULL',
    '"updated_at" timestamp with time zone DEFAULT now() NOT NULL',
    '"created_by" integer',
    '"updated_by" integer',
  ];
  const statements = [`CREATE TABLE ${quote(t)} (\n\t${columns.join(',\n\t')}\n);`];
  const index = (suffix: string, expression: string, how = '') => statements.push(`CREATE INDEX ${quote(`${t}_${suffix}`)} ON ${quote(t)} ${how}(${expression});`);
  // An ordered index serves a sort both ways: ascending reads it forward (nulls first, then the oldest id),
  // descending backward (nulls last, the newest id first), as resource.repository.ts orders.
  const ordered = (column: string) => index(`${column}_idx`, `${quote(column)} NULLS FIRST, "id"`);
  if (def.fields.some((f) => f.filter === 'contains')) statements.push(TRIGRAM_EXTENSION);
  for (const f of def.fields) {
    const column = quote(f.column);
    if (f.type === 'reference') {
      const referred = f.to === def.name ? def : others.find((o) => o.name === f.to);
      if (!referred) throw new Error(`${def.name}.${f.name}: no resource "${f.to}" to refer to`);
      // RESTRICT: deleting a record another refers to fails (the kit answers 409 IN_USE).
      statements.push(`ALTER TABLE ${quote(t)} ADD CONSTRAINT ${quote(`${t}_${f.column}_fk`)} FOREIGN KEY (${column}) REFERENCES "public".${quote(referred.table)}("id") ON DELETE RESTRICT;`);
    }
    if (f.unique) statements.push(`CREATE UNIQUE INDEX ${quote(`${t}_${f.column}_unique`)} ON ${quote(t)} (${f.type === 'string' ? `lower(${column})` : column});`);
    // LIKE 'abc%' on the lowered text; substrings by trigrams (pg_trgm: a GIN index answers LIKE '%abc%')
    if (f.filter === 'prefix') index(`${f.column}_prefix_idx`, `lower(${column}) text_pattern_ops`);
    if (f.filter === 'contains') {
      index(`${f.column}_trgm_idx`, `lower(${column}) public.gin_trgm_ops`, 'USING gin ');
      // A finer sample of the lowered text: the planner's guess of how many rows a substring matches picks
      // between reading the sort's index in order and gathering every match (decision 018).
      statements.push(`ALTER INDEX ${quote(`${t}_${f.column}_trgm_idx`)} ALTER COLUMN 1 SET STATISTICS 1000;`);
    }
    // the references' index also finds a record's referrers (409 IN_USE) without reading the table
    if (f.sortable || f.type === 'reference' || f.filter === 'equals' || f.filter === 'range') ordered(f.column);
  }
  ordered('created_at');
  ordered('updated_at');
  // Every write moves the table's generation, so the list's cached answers stay exact (db/list-generations.ts).
  statements.push(`-- every write moves the table's list generation, so cached pages stay exact (docs/resources.md)\nSELECT atrium_watch_list(${literal(t)});`);
  return `-- ${tag}: the table of the resource "${def.name}" (npm run new:resource)\n${statements.join('\n--> statement-breakpoint\n')}\n`;
}
