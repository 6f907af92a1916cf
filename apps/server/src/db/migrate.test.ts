import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { serverSlices } from '../slices.ts';
import { rowsOf } from './client.ts';
import { migrateDatabase, migrationsFolder, sliceMigrationsTable } from './migrate.ts';
import { createTestApp, openEmptyTestDatabase } from '../test/harness.ts';
import { describeSchema, tablesCreatedIn, tablesOf } from '../test/db-schema.ts';

/** The registered slices that bring tables, with their migrations folder. */
const migratingSlices = serverSlices.filter((s): s is typeof s & { migrations: string } => s.migrations !== undefined);
/** Tables the start-up steps create beside the migrations (db/list-generations.ts). */
const startUpTables = ['list_generation_slots'];

describe('migrations', () => {
  it('are idempotent and keep the replay store unlogged (no WAL flush per signed request)', async () => {
    const t = await createTestApp({ seed: false });
    try {
      await migrateDatabase(t.handle, serverSlices); // a second start finds nothing to do
      const [row] = rowsOf<{ p: string }>(
        await t.db.execute(sql`select c.relpersistence as p from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relname = 'nonces' and n.nspname = current_schema()`),
      );
      expect(row?.p).toBe('u');
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
      await migrateDatabase(handle, [], first);
      // an account as the first version stored it
      await handle.db.execute(sql`insert into users (account_id, username, password_hash, roles) values ('10001', 'early', 'x', '{admin}')`);
      expect(await tablesOf(handle.db)).not.toContain('rate_limits');

      await migrateDatabase(handle, serverSlices); // the next start, with every migration of this version
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
      // applied first under journals of other names.
      await migrateDatabase(handle, migratingSlices.map((s) => ({ name: `${s.name}-earlier`, migrations: s.migrations })));
      await migrateDatabase(handle, serverSlices);
      expect(await describeSchema(handle.db)).toEqual(expected);
    } finally {
      await handle.close();
    }
  }, 240_000);
});
