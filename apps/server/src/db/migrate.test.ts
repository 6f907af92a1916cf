import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { serverSlices } from '../slices.ts';
import { rowsOf } from './client.ts';
import { migrateDatabase, migrationsFolder, migrationSummary, sliceMigrationsTable } from './migrate.ts';
import { createTestApp, openEmptyTestDatabase } from '../test/harness.ts';
import { describeSchema, tablesCreatedIn, tablesOf } from '../test/db-schema.ts';

/** The registered slices that bring tables, with their migrations folder. */
const migratingSlices = serverSlices.filter((s): s is typeof s & { migrations: string } => s.migrations !== undefined);
/** The tags of a migrations folder's journal, in order. */
const journalOf = (folder: string) => (JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }).entries.map((e) => e.tag);
/** Tables the start-up steps create beside the migrations (db/list-generations.ts). */
const startUpTables = ['list_generation_slots'];

describe('migrations', () => {
  it('are idempotent and keep the replay store unlogged (no WAL flush per signed request)', async () => {
    const t = await createTestApp({ seed: false });
    try {
      // a second start finds nothing to do, and says so
      expect(await migrateDatabase(t.handle, serverSlices)).toEqual([]);
      expect(migrationSummary([])).toBe('Database schema up to date (no migration to apply)');
      const [row] = rowsOf<{ p: string }>(
        await t.db.execute(sql`select c.relpersistence as p from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relname = 'nonces' and n.nspname = current_schema()`),
      );
      expect(row?.p).toBe('u');
      // an import's file is stored uncompressed: its slices are read without decompressing what comes before
      const [file] = rowsOf<{ s: string }>(await t.db.execute(sql`select a.attstorage as s from pg_attribute a where a.attrelid = 'resource_imports'::regclass and a.attname = 'file'`));
      expect(file?.s).toBe('e');
      expect(await t.count('users')).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('upgrade a database made by the first migration alone, keeping its data', async () => {
    // the migration folder as the first landed version of Atrium shipped it: 0000_init only
    const first = mkdtempSync(join(tmpdir(), 'atrium-migrations-'));
    const handle = await openEmptyTestDatabase();
    try {
      cpSync(migrationsFolder, first, { recursive: true });
      const journal = JSON.parse(readFileSync(join(first, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
      expect(journal.entries.length).toBeGreaterThan(1);
      writeFileSync(join(first, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }));
      expect(await migrateDatabase(handle, [], first)).toEqual([journal.entries[0]!.tag]);
      // an account as the first version stored it
      await handle.db.execute(sql`insert into users (account_id, username, password_hash, roles) values ('10001', 'early', 'x', '{admin}')`);
      expect(await tablesOf(handle.db)).not.toContain('rate_limits');

      // the next start, with every migration of this version: it names what it applied
      const applied = await migrateDatabase(handle, serverSlices);
      const ofSlices = migratingSlices.flatMap((s) => journalOf(s.migrations).map((tag) => `${s.name}/${tag}`));
      expect(applied).toEqual([...journal.entries.slice(1).map((e) => e.tag), ...ofSlices]);
      expect(migrationSummary(applied.slice(0, 2))).toBe(`Database schema migrated: applied 2 migrations: ${applied[0]}, ${applied[1]}`);
      expect(await tablesOf(handle.db)).toContain('rate_limits');
      const accounts = rowsOf<{ username: string; status: string; must_change_password: boolean }>(
        await handle.db.execute(sql`select username, status, must_change_password from users`),
      );
      expect(accounts).toEqual([{ username: 'early', status: 'active', must_change_password: false }]);
      const builtIn = rowsOf<{ code: string }>(await handle.db.execute(sql`select code from roles where built_in order by code`));
      expect(builtIn.map((r) => r.code)).toEqual(['admin', 'user']);
      await handle.db.execute(sql`insert into rate_limits (bucket, key, window_start, hits) values ('login', '127.0.0.1', now(), 1)`);
    } finally {
      await handle.close();
      rmSync(first, { recursive: true, force: true });
    }
  }, 240_000);

  it('give a fresh database the core tables and those of the registered slices, nothing else', async () => {
    const core = tablesCreatedIn(migrationsFolder);
    const ofSlices = migratingSlices.flatMap((s) => tablesCreatedIn(s.migrations));
    // the core's migrations create no table of a slice
    expect(core.filter((table) => ofSlices.includes(table))).toEqual([]);

    const coreOnly = await openEmptyTestDatabase();
    try {
      await migrateDatabase(coreOnly, []);
      expect(await tablesOf(coreOnly.db)).toEqual([...core, ...startUpTables].sort());
    } finally {
      await coreOnly.close();
    }
    const handle = await openEmptyTestDatabase();
    try {
      await migrateDatabase(handle, serverSlices);
      expect(await tablesOf(handle.db)).toEqual([...core, ...ofSlices, ...startUpTables].sort());
      // each slice's migrations are recorded in a journal of its own, one row per migration of its folder
      const schema = handle.schemaName === 'public' ? 'drizzle' : handle.schemaName;
      for (const slice of migratingSlices) {
        const [row] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(sliceMigrationsTable(slice.name))}`));
        const journal = JSON.parse(readFileSync(join(slice.migrations, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
        expect([slice.name, row?.n]).toEqual([slice.name, journal.entries.length]);
      }
    } finally {
      await handle.close();
    }
  }, 240_000);

  it("apply each slice's migrations to a database that holds its tables already, and leave it as a fresh one", async () => {
    const fresh = await openEmptyTestDatabase();
    let expected: Record<string, string[]>;
    try {
      await migrateDatabase(fresh, serverSlices);
      expected = await describeSchema(fresh.db);
    } finally {
      await fresh.close();
    }
    const handle = await openEmptyTestDatabase();
    try {
      // A database whose earlier migrations made the slices' tables (as the core's once did): the same SQL
      // applied first under journals of other names. Not a resource's (a generated slice): its table was
      // never another journal's (one generated before keeps its migration in the core's: decision 030).
      const earlier = migratingSlices.filter((s) => !s.resource);
      await migrateDatabase(handle, earlier.map((s) => ({ name: `${s.name}-earlier`, migrations: s.migrations })));
      await migrateDatabase(handle, serverSlices);
      expect(await describeSchema(handle.db)).toEqual(expected);
    } finally {
      await handle.close();
    }
  }, 240_000);

  it("take a resource's slice generated again after its removal: a core migration drops the table, the slice's journal takes the new one", async () => {
    // what new:resource and remove:resource write (scripts/resource): a slice's folder with its journal, a drop of the core's
    const dir = mkdtempSync(join(tmpdir(), 'atrium-slice-again-'));
    const folder = (name: string, migrations: { tag: string; when: number; sql: string }[]) => {
      const at = join(dir, name);
      mkdirSync(join(at, 'meta'), { recursive: true });
      for (const m of migrations) writeFileSync(join(at, `${m.tag}.sql`), m.sql);
      const entries = migrations.map((m, idx) => ({ idx, version: '7', when: m.when, tag: m.tag, breakpoints: true }));
      writeFileSync(join(at, 'meta/_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries }));
      return at;
    };
    const gizmos = (column: string, when: number) => ({ tag: '0000_gizmos', when, sql: `CREATE TABLE "gizmos" ("id" serial PRIMARY KEY, "${column}" text);\n` });
    const first = { name: 'gizmo', migrations: folder('first', [gizmos('early', 1_800_000_000_000)]) };
    const again = { name: 'gizmo', migrations: folder('again', [gizmos('later', 1_800_000_100_000)]) };
    // a slice registered after it refers to its table: slices migrate in registry order
    const widget = { name: 'widget', migrations: folder('widget', [{ tag: '0000_widgets', when: 1_800_000_000_000, sql: 'CREATE TABLE "widgets" ("id" serial PRIMARY KEY, "gizmo" integer REFERENCES "gizmos"("id"));\n' }]) };
    const core = join(dir, 'core');
    cpSync(migrationsFolder, core, { recursive: true });
    const journal = JSON.parse(readFileSync(join(core, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
    const last = journal.entries.at(-1)!;
    const drop = `${String(last.idx + 1).padStart(4, '0')}_drop_gizmos`;
    const columns = async (h: Awaited<ReturnType<typeof openEmptyTestDatabase>>) =>
      rowsOf<{ c: string }>(await h.db.execute(sql`select column_name as c from information_schema.columns where table_name = 'gizmos' and table_schema = current_schema() order by c`)).map((r) => r.c);
    const handle = await openEmptyTestDatabase();
    try {
      expect(await migrateDatabase(handle, [first, widget], core)).toEqual(expect.arrayContaining(['gizmo/0000_gizmos', 'widget/0000_widgets']));
      expect(await columns(handle)).toEqual(['early', 'id']);
      await handle.db.execute(sql`drop table widgets`);
      // removed: the slice's folder gone, the core's drop beside it; then generated again (a later date)
      writeFileSync(join(core, `${drop}.sql`), 'DROP TABLE IF EXISTS "gizmos";\n');
      journal.entries.push({ idx: last.idx + 1, version: '7', when: last.when + 1, tag: drop, breakpoints: true } as (typeof journal.entries)[number]);
      writeFileSync(join(core, 'meta/_journal.json'), JSON.stringify(journal));
      expect(await migrateDatabase(handle, [], core)).toEqual([drop]);
      expect(await columns(handle)).toEqual([]);
      expect(await migrateDatabase(handle, [again], core)).toEqual(['gizmo/0000_gizmos']);
      expect(await columns(handle)).toEqual(['id', 'later']);
    } finally {
      await handle.close();
    }
    // a fresh database: the drop finds nothing to drop, the slice makes the table
    const fresh = await openEmptyTestDatabase();
    try {
      await migrateDatabase(fresh, [again], core);
      expect(await columns(fresh)).toEqual(['id', 'later']);
      // two slices of one name would share a journal: refused
      await expect(migrateDatabase(fresh, [again, { ...widget, name: 'gizmo' }], core)).rejects.toThrow(/share the migrations journal __drizzle_migrations_gizmo/);
    } finally {
      await fresh.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
