import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from './client.ts';
import { migrateDatabase, migrationsFolder } from './migrate.ts';
import { createTestApp, openEmptyTestDatabase } from '../test/harness.ts';

describe('migrations', () => {
  it('are idempotent and keep the replay store unlogged (no WAL flush per signed request)', async () => {
    const t = await createTestApp({ seed: false });
    try {
      await migrateDatabase(t.handle); // a second start finds nothing to do
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
      await migrateDatabase(handle, first);
      // an account as the first version stored it
      await handle.db.execute(sql`insert into users (account_id, username, password_hash, roles) values ('10001', 'early', 'x', '{admin}')`);
      // a demo collection as that version seeded it, one renamed since, and one a user created
      await handle.db.execute(sql`insert into policies (number, name, content_type, filter_type, count, status, created_time, updated_at) values
        ('10000001', '美食精选 01', 'img', 'rules', 1, 'online', now(), now()),
        ('10000002', '旅行精选 02 改', 'img', 'rules', 1, 'online', now(), now()),
        ('10000003', 'Spring picks', 'img', 'rules', 1, 'online', now(), now())`);
      const tables = async () =>
        rowsOf<{ name: string }>(await handle.db.execute(sql`select table_name as name from information_schema.tables where table_schema = current_schema()`)).map((r) => r.name);
      expect(await tables()).not.toContain('rate_limits');

      await migrateDatabase(handle); // the next start, with every migration of this version
      expect(await tables()).toContain('rate_limits');
      const accounts = rowsOf<{ username: string; status: string; must_change_password: boolean }>(
        await handle.db.execute(sql`select username, status, must_change_password from users`),
      );
      expect(accounts).toEqual([{ username: 'early', status: 'active', must_change_password: false }]);
      const builtIn = rowsOf<{ code: string }>(await handle.db.execute(sql`select code from roles where built_in order by code`));
      expect(builtIn.map((r) => r.code)).toEqual(['admin', 'user']);
      await handle.db.execute(sql`insert into rate_limits (bucket, key, window_start, hits) values ('login', '127.0.0.1', now(), 1)`);
      const names = rowsOf<{ name: string; name_en: string | null }>(await handle.db.execute(sql`select name, name_en from policies order by number`));
      expect(names).toEqual([
        { name: '美食精选 01', name_en: 'Food Picks 01' },
        { name: '旅行精选 02 改', name_en: null },
        { name: 'Spring picks', name_en: null },
      ]);
    } finally {
      await handle.close();
      rmSync(first, { recursive: true, force: true });
    }
  });
});
