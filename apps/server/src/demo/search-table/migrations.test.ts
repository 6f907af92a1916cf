import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { serverSlices } from '../../slices.ts';
import { openEmptyTestDatabase } from '../../test/harness.ts';
import { searchTableServerSlice } from './index.ts';

describe('the search table migrations', () => {
  it('upgrade collections made before their English names (core migrations 0000-0004), keeping their data', async () => {
    const handle = await openEmptyTestDatabase();
    try {
      // The table as the core's first migration made it: no English name, no trigram indexes.
      await migrateDatabase(handle, [{ name: 'search-table-earlier', migrations: searchTableServerSlice.migrations }]);
      await handle.db.execute(sql`drop index policies_name_trgm_idx`);
      await handle.db.execute(sql`drop index policies_name_en_trgm_idx`);
      await handle.db.execute(sql`alter table policies drop column name_en`);
      // a collection as that version seeded it, one renamed since, and one a user created
      await handle.db.execute(sql`insert into policies (number, name, content_type, filter_type, count, status, created_time, updated_at) values
        ('10000001', '美食精选 01', 'img', 'rules', 1, 'online', now(), now()),
        ('10000002', '旅行精选 02 改', 'img', 'rules', 1, 'online', now(), now()),
        ('10000003', 'Spring picks', 'img', 'rules', 1, 'online', now(), now())`);

      await migrateDatabase(handle, serverSlices);
      const names = rowsOf<{ name: string; name_en: string | null }>(await handle.db.execute(sql`select name, name_en from policies order by number`));
      expect(names).toEqual([
        { name: '美食精选 01', name_en: 'Food Picks 01' },
        { name: '旅行精选 02 改', name_en: null },
        { name: 'Spring picks', name_en: null },
      ]);
      const indexes = rowsOf<{ name: string }>(await handle.db.execute(sql`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = 'policies' and indexname like '%trgm%' order by 1`));
      expect(indexes.map((i) => i.name)).toEqual(['policies_name_en_trgm_idx', 'policies_name_trgm_idx']);
      // every write moves the list's generation (the slice's migration watches the table)
      const [trigger] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace where t.tgname = 'policies_list_generation' and n.nspname = current_schema()`));
      expect(trigger?.n).toBe(1);
    } finally {
      await handle.close();
    }
  });
});
