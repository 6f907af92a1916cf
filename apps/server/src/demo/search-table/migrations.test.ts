import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbHandle } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { serverSlices } from '../../slices.ts';
import { openEmptyTestDatabase } from '../../test/harness.ts';
import { searchTableServerSlice } from './index.ts';

const folder = searchTableServerSlice.migrations!;

/**
 * The slice's migrations as an earlier version shipped them (the first `count` of its journal), in a
 * folder of their own: the test migrates a database with it as that version did, under the slice's journal.
 */
function earlierFolder(count: number): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), 'atrium-search-table-'));
  cpSync(folder, path, { recursive: true });
  const journal = JSON.parse(readFileSync(join(path, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  expect(journal.entries.length).toBeGreaterThan(count);
  writeFileSync(join(path, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

const rows = <T>(handle: DbHandle, query: ReturnType<typeof sql>) => handle.db.execute(query).then((r) => rowsOf<T>(r));

/** The accounts of an earlier version's database: collections are written by signed-in accounts, so one with rows has some. */
async function earlierAccounts(handle: DbHandle): Promise<{ admin: number; user: number }> {
  const made = await rows<{ id: number; username: string }>(
    handle,
    sql`insert into users (account_id, username, name, roles) values ('10000', 'user', 'User', '{user}'), ('10001', 'admin', 'Admin', '{admin}') returning id, username`,
  );
  return { admin: made.find((r) => r.username === 'admin')!.id, user: made.find((r) => r.username === 'user')!.id };
}

/** The objects of the search table's table in the current schema: indexes, constraints, triggers, sequences, counters. */
async function objectsOf(handle: DbHandle, table: string) {
  const indexes = await rows<{ name: string }>(handle, sql`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${table} order by 1`);
  const constraints = await rows<{ name: string }>(handle, sql`select conname as name from pg_constraint where conrelid = to_regclass(${table}) order by 1`);
  const triggers = await rows<{ name: string }>(handle, sql`select tgname as name from pg_trigger where tgrelid = to_regclass(${table}) and not tgisinternal order by 1`);
  const sequences = await rows<{ name: string }>(handle, sql`select pg_get_serial_sequence(${table}, 'id') as name`);
  const slots = await rows<{ name: string; n: number }>(handle, sql`select name, count(*)::int as n from list_generation_slots where name in ('policies', 'collections') group by name order by name`);
  return {
    indexes: indexes.map((i) => i.name),
    constraints: constraints.map((c) => c.name),
    triggers: triggers.map((t) => t.name),
    sequence: sequences[0]?.name?.replace(/^.*\./, '') ?? null,
    slots,
  };
}

describe('the search table migrations', () => {
  it('upgrade collections made before their English names (core migrations 0000-0004), keeping their data', async () => {
    const handle = await openEmptyTestDatabase();
    const first = earlierFolder(1);
    try {
      // The table as the core's first migration made it (under a journal of another name, as the core's was):
      // no English name, no trigram indexes.
      await migrateDatabase(handle, [{ name: 'search-table-earlier', migrations: first.path }]);
      await handle.db.execute(sql`drop index policies_name_trgm_idx`);
      await handle.db.execute(sql`drop index policies_name_en_trgm_idx`);
      await handle.db.execute(sql`alter table policies drop column name_en`);
      await earlierAccounts(handle);
      // a collection as that version seeded it, one renamed since, and one a user created
      await handle.db.execute(sql`insert into policies (number, name, content_type, filter_type, count, status, created_time, updated_at) values
        ('10000001', '美食精选 01', 'img', 'rules', 1, 'online', now(), now()),
        ('10000002', '旅行精选 02 改', 'img', 'rules', 1, 'online', now(), now()),
        ('10000003', 'Spring picks', 'img', 'rules', 1, 'online', now(), now())`);

      await migrateDatabase(handle, serverSlices);
      const names = await rows<{ name: string; name_en: string | null }>(handle, sql`select name, name_en from collections order by number`);
      expect(names).toEqual([
        { name: '美食精选 01', name_en: 'Food Picks 01' },
        { name: '旅行精选 02 改', name_en: null },
        { name: 'Spring picks', name_en: null },
      ]);
      const indexes = await rows<{ name: string }>(handle, sql`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = 'collections' and indexname like '%trgm%' order by 1`);
      expect(indexes.map((i) => i.name)).toEqual(['collections_name_en_trgm_idx', 'collections_name_trgm_idx']);
      // every write moves the list's generation (the slice's migration watches the table)
      const [trigger] = await rows<{ n: number }>(handle, sql`select count(*)::int as n from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace where t.tgname = 'collections_list_generation' and n.nspname = current_schema()`);
      expect(trigger?.n).toBe(1);
    } finally {
      await handle.close();
      first.remove();
    }
  });

  it('rename the table of an earlier version to collections, keeping its rows, and move the roles to the new permission codes', async () => {
    const handle = await openEmptyTestDatabase();
    const first = earlierFolder(1);
    try {
      // A team's database made before the rename: the slice's first migration alone, under its own journal.
      await migrateDatabase(handle, [{ name: 'search-table', migrations: first.path }]);
      await earlierAccounts(handle);
      await handle.db.execute(sql`insert into policies (number, name, content_type, filter_type, count, status, created_time, updated_at) values
        ('20000001', 'Old one', 'img', 'rules', 5, 'online', now() - interval '1 day', now()),
        ('20000002', 'Old two', 'horizontalVideo', 'artificial', 7, 'offline', now(), now())`);
      // a custom role holding the old codes among others, and one holding none of them
      await handle.db.execute(sql`insert into roles (code, name, permissions) values
        ('reader', 'Reader', '{workplace:view,policy:read,audit:read,policy:export}'),
        ('editor', 'Editor', '{policy:write,policy:import}'),
        ('other', 'Other', '{audit:read}')`);
      const [generation] = await rows<{ g: string }>(handle, sql`select sum(generation)::text as g from list_generation_slots where name = 'policies'`);
      expect(Number(generation?.g)).toBeGreaterThan(0);

      await migrateDatabase(handle, serverSlices);
      expect(await rows(handle, sql`select to_regclass('policies') is null as gone`)).toEqual([{ gone: true }]);
      const kept = await rows<{ id: number; number: string; name: string; count: number }>(handle, sql`select id, number, name, count from collections order by id`);
      expect(kept.map((r) => [r.number, r.name, r.count])).toEqual([
        ['20000001', 'Old one', 5],
        ['20000002', 'Old two', 7],
      ]);
      // the identity goes on after the rows it had given
      const [added] = await rows<{ id: number }>(handle, sql`insert into collections (number, name, content_type, filter_type, count, status, created_time, updated_at, owner_id)
        values ('20000003', 'New one', 'img', 'rules', 1, 'online', now(), now(), (select min(id) from users)) returning id`);
      expect(added!.id).toBeGreaterThan(kept[1]!.id);

      const objects = await objectsOf(handle, 'collections');
      expect(objects.indexes.filter((name) => !name.startsWith('collections_'))).toEqual([]);
      expect(objects.indexes).toContain('collections_pkey');
      expect(objects.indexes).toContain('collections_number_uq');
      // the primary key (and, on an engine that names them, the not-null constraints)
      expect(objects.constraints).toContain('collections_pkey');
      expect(objects.constraints.filter((name) => !name.startsWith('collections_'))).toEqual([]);
      expect(objects.triggers).toEqual(['collections_list_generation']);
      expect(objects.sequence).toBe('collections_id_seq');
      // the counters the server reads (AnswerCache(['collections'])) went on from the old ones and still move
      expect(objects.slots).toEqual([{ name: 'collections', n: 32 }]);
      const [after] = await rows<{ g: string }>(handle, sql`select sum(generation)::text as g from list_generation_slots where name = 'collections'`);
      expect(Number(after?.g)).toBeGreaterThan(Number(generation?.g)); // the insert above

      const roles = await rows<{ code: string; permissions: string[] }>(handle, sql`select code, permissions from roles where code in ('reader', 'editor', 'other') order by code`);
      expect(roles).toEqual([
        { code: 'editor', permissions: ['collection:write', 'collection:import'] },
        { code: 'other', permissions: ['audit:read'] },
        { code: 'reader', permissions: ['workplace:view', 'collection:read', 'audit:read', 'collection:export'] },
      ]);
      const [left] = await rows<{ n: number }>(handle, sql`select count(*)::int as n from roles where exists (select 1 from unnest(permissions) p where p like 'policy:%')`);
      expect(left?.n).toBe(0);

      // the next start finds nothing to do
      await migrateDatabase(handle, serverSlices);
      expect(await objectsOf(handle, 'collections')).toEqual({ ...objects, slots: [{ name: 'collections', n: 32 }] });
      expect((await rows(handle, sql`select id from collections`)).length).toBe(3);
    } finally {
      await handle.close();
      first.remove();
    }
  });

  it('put the collections of an earlier version in the root department, owned by the first administrator (0002)', async () => {
    const handle = await openEmptyTestDatabase();
    const earlier = earlierFolder(2);
    try {
      // A database of the version before scoped collections: both earlier migrations, accounts, and rows.
      await migrateDatabase(handle, [{ name: 'search-table', migrations: earlier.path }]);
      const accounts = await earlierAccounts(handle);
      await handle.db.execute(sql`insert into collections (number, name, content_type, filter_type, count, status, created_time, updated_at) values
        ('30000001', 'Kept one', 'img', 'rules', 3, 'online', now() - interval '2 days', now()),
        ('30000002', 'Kept two', 'verticalVideo', 'artificial', 4, 'offline', now() - interval '1 day', now())`);
      const applied = await migrateDatabase(handle, serverSlices);
      expect(applied).toContain('search-table/0002_collection_scope');
      const kept = await rows<{ number: string; name: string; department_id: number; owner_id: number }>(
        handle,
        sql`select number, name, department_id, owner_id from collections order by number`,
      );
      expect(kept).toEqual([
        { number: '30000001', name: 'Kept one', department_id: 1, owner_id: accounts.admin },
        { number: '30000002', name: 'Kept two', department_id: 1, owner_id: accounts.admin },
      ]);
      const objects = await objectsOf(handle, 'collections');
      expect(objects.indexes).toEqual(expect.arrayContaining(['collections_department_created_idx', 'collections_owner_created_idx']));
      expect(objects.constraints).toEqual(expect.arrayContaining(['collections_department_id_departments_id_fk', 'collections_owner_id_users_id_fk']));
      // both columns are required and refer to real rows; a new row without a department lands in the root
      await expect(handle.db.execute(sql`insert into collections (number, name, content_type, filter_type, count, status, created_time, updated_at)
        values ('30000003', 'No owner', 'img', 'rules', 1, 'online', now(), now())`)).rejects.toThrow();
      await expect(handle.db.execute(sql`insert into collections (number, name, content_type, filter_type, count, status, created_time, updated_at, owner_id, department_id)
        values ('30000004', 'Nowhere', 'img', 'rules', 1, 'online', now(), now(), ${accounts.user}, 999999)`)).rejects.toThrow();
      const [placed] = await rows<{ department_id: number }>(handle, sql`insert into collections (number, name, content_type, filter_type, count, status, created_time, updated_at, owner_id)
        values ('30000005', 'Placed', 'img', 'rules', 1, 'online', now(), now(), ${accounts.user}) returning department_id`);
      expect(placed).toEqual({ department_id: 1 });
      // the next start finds nothing to do
      expect(await migrateDatabase(handle, serverSlices)).toEqual([]);
      expect(await objectsOf(handle, 'collections')).toEqual(objects);
    } finally {
      await handle.close();
      earlier.remove();
    }
  });

  it('stop with a clear error on collections no account could own', async () => {
    const handle = await openEmptyTestDatabase();
    const earlier = earlierFolder(2);
    try {
      await migrateDatabase(handle, [{ name: 'search-table', migrations: earlier.path }]);
      await handle.db.execute(sql`insert into collections (number, name, content_type, filter_type, count, status, created_time, updated_at)
        values ('40000001', 'Orphan', 'img', 'rules', 1, 'online', now(), now())`);
      await expect(migrateDatabase(handle, serverSlices)).rejects.toThrow(/no account to own them/);
    } finally {
      await handle.close();
      earlier.remove();
    }
  });

  it('give a fresh database the table under its new name only', async () => {
    const handle = await openEmptyTestDatabase();
    try {
      await migrateDatabase(handle, serverSlices);
      expect(await rows(handle, sql`select to_regclass('policies') is null as gone`)).toEqual([{ gone: true }]);
      const objects = await objectsOf(handle, 'collections');
      expect(objects.triggers).toEqual(['collections_list_generation']);
      expect(objects.sequence).toBe('collections_id_seq');
      expect(objects.slots).toEqual([{ name: 'collections', n: 32 }]);
      expect([...objects.indexes, ...objects.constraints].filter((name) => !name.startsWith('collections_'))).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
