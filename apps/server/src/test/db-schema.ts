import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';

/** The tables of the current schema (the migrators' journals left out). */
export async function tablesOf(db: Db): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`),
  );
  return rows.map((r) => r.name).filter((name) => !name.startsWith('__drizzle_migrations'));
}

/**
 * The tables a migrations folder's SQL creates (`CREATE TABLE [IF NOT EXISTS] "name"`), under the names a
 * later migration's `ALTER TABLE "name" RENAME TO "other"` gave them (files in their order).
 */
export function tablesCreatedIn(folder: string): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.sql')).sort()) {
    const statements = /CREATE TABLE (?:IF NOT EXISTS )?"([a-z0-9_]+)"|ALTER TABLE "([a-z0-9_]+)" RENAME TO "([a-z0-9_]+)"/gi;
    for (const m of readFileSync(join(folder, file), 'utf8').matchAll(statements)) {
      if (m[1]) names.add(m[1]);
      else if (names.delete(m[2]!)) names.add(m[3]!);
    }
  }
  return [...names].sort();
}

/**
 * The current schema as text a test can compare: every column (type, default, nullability, position),
 * index, constraint and trigger of every table, the migrators' journals left out. Two databases with the
 * same description were made alike, whatever order their statements ran in.
 */
export async function describeSchema(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const add = (table: string, line: string) => (out[table] ??= []).push(line);
  const columns = rowsOf<{ t: string; c: string; n: number; type: string; nullable: string; d: string | null; identity: string }>(
    await db.execute(sql`
      select table_name as t, column_name as c, ordinal_position as n, data_type || coalesce('(' || character_maximum_length || ')', '') as type,
        is_nullable as nullable, column_default as d, is_identity as identity
      from information_schema.columns where table_schema = current_schema() order by table_name, ordinal_position`),
  );
  for (const c of columns) add(c.t, `column ${c.n} ${c.c} ${c.type} null=${c.nullable} default=${c.d ?? ''} identity=${c.identity}`);
  const indexes = rowsOf<{ t: string; def: string }>(
    await db.execute(sql`select tablename as t, indexdef as def from pg_indexes where schemaname = current_schema() order by tablename, indexname`),
  );
  // A test schema's name appears in each definition: left out, so two schemas compare.
  for (const i of indexes) add(i.t, `index ${i.def.replace(/ ON [a-z0-9_]+\./i, ' ON ')}`);
  const constraints = rowsOf<{ t: string; name: string; def: string }>(
    await db.execute(sql`
      select cl.relname as t, co.conname as name, pg_get_constraintdef(co.oid) as def
      from pg_constraint co join pg_class cl on cl.oid = co.conrelid join pg_namespace n on n.oid = cl.relnamespace
      where n.nspname = current_schema() order by cl.relname, co.conname`),
  );
  for (const c of constraints) add(c.t, `constraint ${c.name} ${c.def}`);
  const triggers = rowsOf<{ t: string; name: string; def: string }>(
    await db.execute(sql`
      select cl.relname as t, tg.tgname as name, pg_get_triggerdef(tg.oid) as def
      from pg_trigger tg join pg_class cl on cl.oid = tg.tgrelid join pg_namespace n on n.oid = cl.relnamespace
      where n.nspname = current_schema() and not tg.tgisinternal order by cl.relname, tg.tgname`),
  );
  for (const tg of triggers) add(tg.t, `trigger ${tg.name} ${tg.def.replace(/ ON [a-z0-9_]+\./i, ' ON ')}`);
  for (const table of Object.keys(out)) if (table.startsWith('__drizzle_migrations')) delete out[table];
  return out;
}
