import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defineResource } from '@atrium/contracts/resource';
import { rowsOf, type DbHandle } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { openEmptyTestDatabase } from '../../test/harness.ts';
import { resourceMigrationSql, resourceScopeUpgradeSql } from './migration-sql.ts';

/**
 * The upgrade of a resource generated before records were scoped (issue 39): a database that ran the
 * resource's first migration as it was then, with rows, runs the upgrade `upgrade:resources` writes into
 * the slice's folder, under the slice's own journal, on the project's engine (PGlite, PostgreSQL).
 */
const label = (en: string) => ({ 'zh-CN': en, 'en-US': en });
const widget = defineResource({
  name: 'scopeWidget',
  label: label('Widget'),
  pluralLabel: label('Widgets'),
  menu: { group: 'kit', groupLabel: label('Kit'), order: 20 },
  fields: [{ name: 'title', type: 'string', label: label('Title'), required: true, filter: 'contains' }],
});

/** A slice's migrations folder with these migrations in its journal, in order. */
function sliceFolder(path: string, migrations: { tag: string; sql: string }[]): void {
  mkdirSync(join(path, 'meta'), { recursive: true });
  migrations.forEach((m) => writeFileSync(join(path, `${m.tag}.sql`), m.sql));
  const entries = migrations.map((m, idx) => ({ idx, version: '7', when: 1_790_000_000_000 + idx, tag: m.tag, breakpoints: true }));
  writeFileSync(join(path, 'meta/_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries }));
}

const rows = <T>(handle: DbHandle, query: ReturnType<typeof sql>) => handle.db.execute(query).then((r) => rowsOf<T>(r));

describe('the scope upgrade of a resource generated before', () => {
  it('gives the rows of an old table the root as department and their author (else the first administrator) as owner, then NOT NULL, keys and indexes', async () => {
    const handle = await openEmptyTestDatabase();
    const folder = mkdtempSync(join(tmpdir(), 'atrium-scope-upgrade-'));
    const slice = { name: 'scope-widget', migrations: folder };
    const first = { tag: '0000_scope_widgets', sql: resourceMigrationSql({ ...widget, scoped: false }, '0000_scope_widgets', []) };
    try {
      sliceFolder(folder, [first]);
      await migrateDatabase(handle, [slice]);
      // accounts: an earlier one who is no administrator, then the first administrator, then the author
      const account = async (username: string, roles: string) =>
        Number((await rows<{ id: number }>(handle, sql`insert into users (account_id, username, roles) values (${`acc-${username}`}, ${username}, ${roles}::text[]) returning id`))[0]!.id);
      const early = await account('early', '{user}');
      const admin = await account('first-admin', '{admin}');
      const author = await account('author', '{user}');
      await handle.db.execute(sql`insert into scope_widgets (title, created_by) values ('by the author', ${author}), ('by nobody known', null), ('by an account long gone', 987654)`);
      expect(early).toBeLessThan(admin);

      sliceFolder(folder, [first, { tag: '0001_scope_widgets_scope', sql: resourceScopeUpgradeSql(widget, '0001_scope_widgets_scope') }]);
      await migrateDatabase(handle, [slice]);

      const [root] = await rows<{ id: number }>(handle, sql`select id from departments where parent_id is null`);
      const upgraded = await rows<{ title: string; department_id: number; owner_id: number }>(handle, sql`select title, department_id, owner_id from scope_widgets order by id`);
      expect(upgraded).toEqual([
        { title: 'by the author', department_id: root!.id, owner_id: author },
        { title: 'by nobody known', department_id: root!.id, owner_id: admin },
        { title: 'by an account long gone', department_id: root!.id, owner_id: admin },
      ]);
      const columns = await rows<{ column_name: string; is_nullable: string }>(
        handle,
        sql`select column_name, is_nullable from information_schema.columns where table_schema = current_schema() and table_name = 'scope_widgets' and column_name in ('department_id', 'owner_id') order by 1`,
      );
      expect(columns).toEqual([
        { column_name: 'department_id', is_nullable: 'NO' },
        { column_name: 'owner_id', is_nullable: 'NO' },
      ]);
      // the same keys and indexes a table generated scoped has (migration-sql.ts)
      const constraints = await rows<{ name: string }>(handle, sql`select conname as name from pg_constraint where conrelid = to_regclass('scope_widgets') and contype = 'f' order by 1`);
      expect(constraints.map((c) => c.name)).toEqual(['scope_widgets_department_id_fk', 'scope_widgets_owner_id_fk']);
      const indexes = await rows<{ name: string; definition: string }>(handle, sql`select indexname as name, indexdef as definition from pg_indexes where schemaname = current_schema() and tablename = 'scope_widgets' and indexname like '%_id_idx' order by 1`);
      expect(indexes.map((i) => [i.name, i.definition.replace(/^.* USING btree /, '')])).toEqual([
        ['scope_widgets_department_id_idx', '(department_id, id)'],
        ['scope_widgets_owner_id_idx', '(owner_id, id)'],
      ]);
      // the keys hold: a department that does not exist is refused
      await expect(handle.db.execute(sql`update scope_widgets set department_id = 987654`)).rejects.toThrow();
      // and a run again applies nothing more (the journal recorded the upgrade)
      expect(await migrateDatabase(handle, [slice])).toEqual([]);
    } finally {
      await handle.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
