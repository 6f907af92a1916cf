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
  for (const f of def.fields) {
    if (f.type === 'reference') {
      const referred = f.to === def.name ? def : others.find((o) => o.name === f.to);
      if (!referred) throw new Error(`${def.name}.${f.name}: no resource "${f.to}" to refer to`);
      // RESTRICT: deleting a record another refers to fails (the kit answers 409 IN_USE).
      statements.push(
        `ALTER TABLE ${quote(t)} ADD CONSTRAINT ${quote(`${t}_${f.column}_fk`)} FOREIGN KEY (${quote(f.column)}) REFERENCES "public".${quote(referred.table)}("id") ON DELETE RESTRICT;`,
      );
      statements.push(`CREATE INDEX ${quote(`${t}_${f.column}_idx`)} ON ${quote(t)} (${quote(f.column)});`);
    }
    if (f.unique) {
      const expression = f.type === 'string' ? `lower(${quote(f.column)})` : quote(f.column);
      statements.push(`CREATE UNIQUE INDEX ${quote(`${t}_${f.column}_unique`)} ON ${quote(t)} (${expression});`);
    } else if (f.filter === 'prefix' || f.filter === 'contains') {
      statements.push(`CREATE INDEX ${quote(`${t}_${f.column}_idx`)} ON ${quote(t)} (lower(${quote(f.column)}) text_pattern_ops, "id");`);
    } else if ((f.filter === 'equals' || f.filter === 'range' || f.sortable) && f.type !== 'reference') {
      statements.push(`CREATE INDEX ${quote(`${t}_${f.column}_idx`)} ON ${quote(t)} (${quote(f.column)}, "id");`);
    }
  }
  statements.push(`CREATE INDEX ${quote(`${t}_created_at_idx`)} ON ${quote(t)} ("created_at", "id");`);
  return `-- ${tag}: the table of the resource "${def.name}" (npm run new:resource)\n${statements.join('\n--> statement-breakpoint\n')}\n`;
}
