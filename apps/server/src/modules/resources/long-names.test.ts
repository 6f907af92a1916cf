import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, type ResourceDef } from '@atrium/contracts/resource';
import { resourceSqlName } from '@atrium/contracts/resource-names';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { resourceServerSlice } from './kit.ts';
import { resourceMigrationSql } from './migration-sql.ts';
import { describeResource } from './resource-suite.ts';

/**
 * The longest names the spec allows (31 characters for a resource and for a field, every one after the
 * first a capital, so their snake case nearly doubles: a table of 62 characters, columns of 61), and
 * the names a team writes (issue 38): the migration applies, on both engines, and the kit still finds
 * the field of a violated constraint, whose name had to be shortened to PostgreSQL's 63 bytes.
 */
const label = (en: string, zh: string) => ({ 'zh-CN': zh, 'en-US': en });
const CAPITALS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZABCD';
/** 31 characters: `head`, then capitals, the last one `last` (two such names differ only at their end). */
const longest = (head: string, last = 'D') => `${head}${CAPITALS.slice(0, 29)}${last}`;

const holder = defineResource({
  name: longest('h'),
  label: label('Holder', '持有方'),
  pluralLabel: label('Holders', '持有方'),
  menu: { group: 'long-names', groupLabel: label('Long names', '长名称'), order: 90 },
  fields: [
    { name: longest('f'), type: 'string', label: label('Code', '编码'), required: true, unique: true, filter: 'prefix', sortable: true },
    { name: longest('f', 'E'), type: 'string', label: label('Alias', '别名'), unique: true, filter: 'contains', sortable: true },
    { name: longest('n'), type: 'integer', label: label('Number', '编号'), unique: true, filter: 'range', sortable: true },
    { name: longest('p'), type: 'reference', to: longest('h'), label: label('Parent', '上级'), filter: 'equals' },
  ],
});
/** Its name differs from the holder's at the end only: cut short, their tables' index names would meet. */
const holding = defineResource({
  name: longest('h', 'E'),
  label: label('Holding', '持有物'),
  pluralLabel: label('Holdings', '持有物'),
  menu: { group: 'long-names', order: 90 },
  // not scoped, referring to the scoped holder: its references are checked within the writer's scope
  scoped: false,
  fields: [
    { name: longest('f'), type: 'string', label: label('Code', '编码'), required: true, unique: true, filter: 'prefix', sortable: true },
    { name: longest('r'), type: 'reference', to: longest('h'), label: label('Holder', '持有方'), required: true, filter: 'equals', sortable: true },
    { name: longest('r', 'E'), type: 'reference', to: longest('h'), label: label('Second holder', '第二持有方') },
  ],
});
/** The spec of issue 38, as a team writes it. */
const attachment = defineResource({
  name: 'maintenanceRequestAttachmentX',
  label: label('Attachment', '附件'),
  pluralLabel: label('Attachments', '附件'),
  menu: { group: 'long-names', order: 90 },
  fields: [
    { name: 'title', type: 'string', label: label('Title', '标题'), required: true, filter: 'contains', sortable: true },
    { name: 'veryLongUniqueIdentifierField', type: 'string', label: label('Identifier', '标识'), required: true, unique: true, filter: 'prefix' },
  ],
});
const defs = [holder, holding, attachment];
const slices = defs.map((d) => resourceServerSlice(d));

const migrations = defs.map((d) => resourceMigrationSql(d, `long_${d.name}`, defs));

async function prepare(t: TestApp): Promise<void> {
  for (const text of migrations) {
    for (const statement of text.replaceAll('"public".', `"${t.handle.schemaName}".`).split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
  }
  const granted = defs.flatMap((d) => Object.values(d.permissions));
  await t.db.execute(sql`update roles set permissions = permissions || ${`{${granted.join(',')}}`}::text[] where code = 'admin'`);
}

describe('the longest names a spec allows', () => {
  it('make no name of the migrations longer than PostgreSQL keeps (63 bytes), and no two alike', () => {
    // the watch's trigger is named by the database function, which PostgreSQL shortens on the one table it belongs to
    const names = migrations.flatMap((text) => [...text.matchAll(/(?:INDEX|CONSTRAINT) "([^"]+)"/g)].map((m) => m[1]!));
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect(Buffer.byteLength(name), name).toBeLessThanOrEqual(63);
    const created = migrations.flatMap((text) => [...text.matchAll(/(?:CREATE (?:UNIQUE )?INDEX|ADD CONSTRAINT) "([^"]+)"/g)].map((m) => m[1]!));
    expect(new Set(created).size).toBe(created.length);
    expect(Math.max(...defs.map((d) => d.table.length))).toBe(62);
  });
});

// Every path of the kit on the longest names, scoped (the holder) and not (the holding, the one resource of
// the server's suites that is not scoped). The attachment's names are shorter than the holder's in every
// part: its migration applies with theirs, and its constraint's old cut name is found below.
for (const def of [holder, holding]) describeResource(def, { resources: slices, prepare });

describe('the kit on shortened constraint names, when a write loses a race', () => {
  let t: TestApp;
  let admin: string;
  let serial = 0;
  const schema = () => t.handle.schemaName;
  const [code, alias, number, parent] = holder.fields;
  const [holdingCode, holderRef] = holding.fields;
  beforeAll(async () => {
    t = await createTestApp({ resources: slices });
    await prepare(t);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  const post = (def: ResourceDef, body: Record<string, unknown>) => t.request({ method: 'POST', url: def.apiPath, token: admin, body, locale: 'en-US' });
  /** A trigger that runs `body` before each `event` on the table, once (not again for the rows it writes itself). */
  const before = async (def: ResourceDef, event: 'insert' | 'delete', body: string) => {
    const fn = `"${schema()}".race_${event}_${++serial}`;
    await t.db.execute(sql.raw(`create or replace function ${fn}() returns trigger language plpgsql as $$ begin if pg_trigger_depth() = 1 then ${body} end if; return coalesce(new, old); end $$`));
    await t.db.execute(sql.raw(`create or replace trigger race_${event} before ${event} on "${schema()}"."${def.table}" for each row execute function ${fn}()`));
  };
  const drop = (def: ResourceDef, event: 'insert' | 'delete') => t.db.execute(sql.raw(`drop trigger race_${event} on "${schema()}"."${def.table}"`));

  it('answers 409 UNIQUE_VIOLATION naming the field when another write takes the value first', async () => {
    const table = `"${schema()}"."${holder.table}"`;
    // the other write takes the value after the kit's own check: only the unique index sees it
    const cases = [
      // (the holder is scoped: the row taken is put where the write puts its own)
      { field: code!, take: `insert into ${table} ("${code!.column}", department_id, owner_id) values (new."${code!.column}", new.department_id, new.owner_id);`, body: { [code!.name]: 'Race-1' } },
      { field: alias!, take: `insert into ${table} ("${code!.column}", "${alias!.column}", department_id, owner_id) values (new."${code!.column}" || '-first', upper(new."${alias!.column}"), new.department_id, new.owner_id);`, body: { [code!.name]: 'Race-2', [alias!.name]: 'alias' } },
      { field: number!, take: `insert into ${table} ("${code!.column}", "${number!.column}", department_id, owner_id) values (new."${code!.column}" || '-first', new."${number!.column}", new.department_id, new.owner_id);`, body: { [code!.name]: 'Race-3', [number!.name]: 7 } },
    ];
    for (const c of cases) {
      await before(holder, 'insert', c.take);
      const res = await post(holder, c.body);
      await drop(holder, 'insert');
      expect(res.status, `${c.field.name}: ${res.text}`).toBe(409);
      expect(res.body.data).toMatchObject({ error: 'UNIQUE_VIOLATION', details: [{ path: c.field.name }] });
    }
  });

  it('finds the field by the name PostgreSQL cut from a long one in a migration written before names were shortened', async () => {
    const field = attachment.fields[1]!;
    const cut = `${attachment.table}_${field.column}_unique`.slice(0, 63);
    await t.db.execute(sql.raw(`alter index "${schema()}"."${resourceSqlName(attachment.table, field.column, 'unique')}" rename to "${cut}"`));
    await before(attachment, 'insert', `insert into "${schema()}"."${attachment.table}" ("title", "${field.column}", "department_id", "owner_id") values ('first', new."${field.column}", new."department_id", new."owner_id");`);
    const res = await post(attachment, { title: 'second', [field.name]: 'ID-1' });
    await drop(attachment, 'insert');
    expect(res.status, res.text).toBe(409);
    expect(res.body.data).toMatchObject({ error: 'UNIQUE_VIOLATION', details: [{ path: field.name }] });
  });

  it('answers 409 IN_USE naming the referring resource when a record comes to refer to the one deleted', async () => {
    const referred = (await post(holder, { [code!.name]: 'Referred' })).body.data;
    const referredSelf = (await post(holder, { [code!.name]: 'Referred by itself' })).body.data;
    await before(holder, 'delete', `if old."${code!.column}" = 'Referred' then insert into "${schema()}"."${holding.table}" ("${holdingCode!.column}", "${holderRef!.column}") values ('late', old.id); else insert into "${schema()}"."${holder.table}" ("${code!.column}", "${parent!.column}", department_id, owner_id) values ('late', old.id, old.department_id, old.owner_id); end if;`);
    const res = await t.request({ method: 'DELETE', url: `${holder.apiPath}/${referred.id}?version=1`, token: admin });
    const self = await t.request({ method: 'DELETE', url: `${holder.apiPath}/${referredSelf.id}?version=1`, token: admin });
    await drop(holder, 'delete');
    expect(res.status, res.text).toBe(409);
    expect(res.body.data).toMatchObject({ error: 'IN_USE', details: { referredBy: holding.name } });
    expect(self.status, self.text).toBe(409);
    expect(self.body.data).toMatchObject({ error: 'IN_USE', details: { referredBy: holder.name } });
  });

  it('refuses a reference on its field when the referred record goes away first', async () => {
    const referred = (await post(holder, { [code!.name]: 'Going away' })).body.data;
    await before(holding, 'insert', `delete from "${schema()}"."${holder.table}" where id = new."${holderRef!.column}";`);
    const res = await post(holding, { [holdingCode!.name]: 'Orphan', [holderRef!.name]: referred.id });
    await drop(holding, 'insert');
    expect(res.status, res.text).toBe(400);
    expect(res.body.data).toMatchObject({ error: 'VALIDATION_FAILED', details: [{ path: holderRef!.name }] });
  });
});
