import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource } from '@atrium/contracts/resource';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { resourceServerSlice } from './kit.ts';
import { resourceMigrationSql } from './migration-sql.ts';

/**
 * The pickers' options (issue 38): every title field gets what the options query reads, whatever its
 * filter, and the options come in the order a person expects. How fast at a million records is
 * bench/resources' to say, not a test's.
 */
const label = (en: string, zh: string) => ({ 'zh-CN': zh, 'en-US': en });
const menu = { group: 'picker', groupLabel: label('Pickers', '选择器'), order: 20 };
// a title filtered by its beginning (issue 38's customers), and a second string field with a substring filter
const client = defineResource({
  name: 'pickerClient',
  label: label('Client', '客户'),
  pluralLabel: label('Clients', '客户'),
  menu,
  fields: [
    { name: 'name', type: 'string', label: label('Name', '名称'), required: true, unique: true, max: 80, filter: 'prefix' },
    { name: 'city', type: 'string', label: label('City', '城市'), max: 40, filter: 'contains' },
  ],
});
// a title without a filter, which may be empty
const note = defineResource({
  name: 'pickerNote',
  label: label('Note', '便签'),
  pluralLabel: label('Notes', '便签'),
  menu,
  fields: [{ name: 'heading', type: 'string', label: label('Heading', '标题'), max: 80 }],
});
const defs = [client, note];

describe('the migration of a title field, whatever its filter', () => {
  it.each([
    ['prefix', client, 'name'],
    ['none', note, 'heading'],
  ])('writes a trigram index and the pickers\' ordered index (filter: %s)', (_filter, def, column) => {
    const text = resourceMigrationSql(def, 'tag', defs);
    expect(text).toContain('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    expect(text).toMatch(new RegExp(`CREATE INDEX "[a-z_0-9]+" ON "${def.table}" USING gin \\(lower\\("${column}"\\) public.gin_trgm_ops\\);`));
    expect(text).toMatch(new RegExp(`CREATE INDEX "[a-z_0-9]+" ON "${def.table}" \\(lower\\("${column}"\\) COLLATE "C", "id"\\);`));
  });

  it('writes the pickers\' index for the title only', () => {
    expect(resourceMigrationSql(client, 'tag', defs)).not.toMatch(/lower\("city"\) COLLATE "C"/);
  });
});

describe('a picker\'s options', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ resources: defs.map((d) => resourceServerSlice(d)) });
    for (const def of defs) {
      const text = resourceMigrationSql(def, `picker_${def.table}`, defs).replaceAll('"public".', `"${t.handle.schemaName}".`);
      for (const statement of text.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    }
    const granted = defs.flatMap((d) => Object.values(d.permissions));
    await t.db.execute(sql`update roles set permissions = permissions || ${`{${granted.join(',')}}`}::text[] where code = 'admin'`);
    admin = await t.login('admin');
    // scoped records: the root's, the administrator's (who reaches every one)
    await t.db.execute(sql`insert into picker_notes (heading, department_id, owner_id) select heading, 1, (select id from users where username = 'admin') from (values
      ('banana split'), ('Anchor'), ('Cherry'), ('apple'), (null), ('Pineapple'), ('grape'), ('Banana'), ('100% juice'), ('a_b')) v (heading)`);
    // more records than the options sort of those that hold a keyword, the rare ones last in order
    await t.db.execute(sql`insert into picker_clients (name, department_id, owner_id) select 'Client ' || lpad(g::text, 4, '0'), 1, (select id from users where username = 'admin') from generate_series(1, 3000) g`);
    await t.db.execute(sql`insert into picker_clients (name, department_id, owner_id) select name, 1, (select id from users where username = 'admin') from (values ('lamp house'), ('Zeta lamp 2'), ('Zeta lamp 1'), ('Zeta Lamp 3')) v (name)`);
  });
  afterAll(() => t?.close());

  const options = async (path: string, keyword?: string) => {
    const res = await t.request({ url: `/api/${path}/options${keyword === undefined ? '' : `?keyword=${encodeURIComponent(keyword)}`}`, token: admin });
    expect(res.status, res.text).toBe(200);
    return (res.body.data as { id: number; label: string }[]).map((o) => o.label);
  };

  it('opens in the title\'s order without regard to case, records without a title last', async () => {
    expect(await options('picker-notes')).toEqual(['100% juice', 'a_b', 'Anchor', 'apple', 'Banana', 'banana split', 'Cherry', 'grape', 'Pineapple', '']);
  });

  it('lists the titles that begin with the keyword first, then those that hold it elsewhere', async () => {
    expect(await options('picker-notes', 'AP')).toEqual(['apple', 'grape', 'Pineapple']);
    expect(await options('picker-notes', 'an')).toEqual(['Anchor', 'Banana', 'banana split']);
    expect(await options('picker-notes', 'split')).toEqual(['banana split']);
    expect(await options('picker-notes', 'kiwi')).toEqual([]);
  });

  it('matches % and _ as themselves', async () => {
    expect(await options('picker-notes', '%')).toEqual(['100% juice']);
    expect(await options('picker-notes', '_')).toEqual(['a_b']);
  });

  it('answers the first 20 in that order, wherever they lie in a larger table', async () => {
    const clients = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `Client ${String(from + i).padStart(4, '0')}`);
    expect(await options('picker-clients')).toEqual(clients(1, 20));
    // beginnings alone fill the picker
    expect(await options('picker-clients', 'client 2')).toEqual(clients(2000, 2019));
    // none begins with it, a hundred hold it
    expect(await options('picker-clients', 'ent 01')).toEqual(clients(100, 119));
    // one beginning, the others last in order
    expect(await options('picker-clients', 'LAMP')).toEqual(['lamp house', 'Zeta lamp 1', 'Zeta lamp 2', 'Zeta Lamp 3']);
    expect(await options('picker-clients', 'amp')).toEqual(['lamp house', 'Zeta lamp 1', 'Zeta lamp 2', 'Zeta Lamp 3']);
    // one beginning, then of the thousands that hold it the first of those found first (here in the order
    // they were written: a fresh table)
    expect(await options('picker-clients', 'l')).toEqual(['lamp house', ...clients(1, 19)]);
    expect(await options('picker-clients', 'ent 300')).toEqual(['Client 3000']);
  });

  it('answers the record of an id', async () => {
    const [row] = rowsOf<{ id: number }>(await t.db.execute(sql`select id from picker_clients where name = 'lamp house'`));
    const byId = await t.request({ url: `/api/picker-clients/options?id=${row!.id}`, token: admin });
    expect(byId.body.data).toEqual([{ id: row!.id, label: 'lamp house' }]);
  });
});
