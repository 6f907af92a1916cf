import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { createTestApp } from '../test/harness.ts';

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
});
