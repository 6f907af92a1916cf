import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, type ResourceDef, type ResourceSpec } from '@atrium/contracts/resource';
import type * as ResourceKit from '@atrium/contracts/resource';
import { applyChanges, type Disk } from './apply.ts';
import { dropMigrationSql } from './migrations.ts';
import { paths } from './plan.ts';
import { orderByReferences } from './plan-new.ts';
import { addToRegistry, MARKER, removeFromRegistry } from './registry.ts';
import { tsLiteral } from './templates.ts';
import { scratchCopy } from './scratch-copy.ts';

// The commands run as they do for a team (node --import tsx), in a scratch copy of this repository.
let scratch: string;
let specs: string;
let pristine: Map<string, string>;
/** A resource's first migration: in its slice's own folder, the first of its own journal. */
const firstMigration = (kebab: string, table: string) => `${paths.sliceMigrations(kebab)}/0000_${table}.sql`;

/** Every file of the copy but node_modules, with its text. */
function tree(dir: string, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.name === 'node_modules') continue;
    if (entry.isDirectory()) tree(dir, path, out);
    else out.set(path, readFileSync(join(dir, path), 'utf8'));
  }
  return out;
}

/** The files added, deleted and changed since `before`. */
function changedSince(before: Map<string, string>) {
  const now = tree(scratch);
  return {
    added: [...now.keys()].filter((p) => !before.has(p)).sort(),
    deleted: [...before.keys()].filter((p) => !now.has(p)).sort(),
    changed: [...now.keys()].filter((p) => before.has(p) && before.get(p) !== now.get(p)).sort(),
  };
}
const unchanged = { added: [], deleted: [], changed: [] };

function run(command: 'new' | 'remove' | 'upgrade', ...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', `scripts/resource/${command}.ts`, ...args], {
    cwd: scratch,
    encoding: 'utf8',
    env: { ...process.env, ATRIUM_ROOT: scratch },
  });
  return { code: r.status, out: r.stdout, err: r.stderr, errLines: r.stderr.trim().split('\n') };
}

function spec(name: string, body: Record<string, unknown>): string {
  const file = join(specs, `${name}.json`);
  writeFileSync(file, JSON.stringify(body));
  return file;
}

const labels = (en: string) => ({ 'zh-CN': en, 'en-US': en });
const field = (name: string, extra: Record<string, unknown> = {}) => ({ name, type: 'string', label: labels(name), ...extra });
const resource = (name: string, plural: string, group: string, fields: unknown[]) => ({ name, plural, label: labels(name), pluralLabel: labels(plural), menu: { group }, fields });

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'atrium-resource-'));
  specs = mkdtempSync(join(tmpdir(), 'atrium-resource-specs-'));
  scratchCopy(scratch);
  pristine = tree(scratch);
}, 60_000);

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(specs, { recursive: true, force: true });
}, 60_000);

describe('new:resource', () => {
  it('names every problem of a spec on a line of its own, exits 1 and writes nothing', () => {
    const file = spec('gadget', {
      ...resource('gadget', 'gadgets', 'list', [
        field('title'),
        { name: 'price', type: 'money', label: labels('Price') },
        field('version'),
        field('title'),
        { name: 'maker', type: 'reference', to: 'maker', label: labels('Maker') },
      ]),
    });
    const r = run('new', file);
    expect(r.code).toBe(1);
    expect(r.errLines).toEqual([
      `${file}: fields[1].type: unknown type "money" (one of string, text, integer, decimal, boolean, date, datetime, enum, reference)`,
      `${file}: fields[2].name: "version" is reserved`,
      `${file}: fields[3].name: "title" is used twice`,
      `${file}: fields[4].to: no resource "maker"`,
      'new:resource: 4 problems; nothing was written',
    ]);
    expect(r.out).toBe('');
    expect(changedSince(pristine)).toEqual(unchanged);
  });

  it('refuses a table, a page, calls or permissions that exist, for every spec of the run at once', () => {
    const table = spec('account', resource('account', 'users', 'catalog', [field('name')]));
    const page = spec('cardItem', resource('cardItem', 'card', 'list', [field('name')]));
    const permission = spec('collection', resource('collection', 'collectionRecords', 'list', [field('name')]));
    const group = spec('gizmo', resource('gizmo', 'gizmos', 'workplace', [field('name')]));
    // a demo slice's name: the resource's slice would share its migrations journal
    const slice = spec('stepForm', resource('stepForm', 'stepForms', 'list', [field('name')]));
    const r = run('new', table, page, permission, group, slice);
    expect(r.code).toBe(1);
    expect(r.errLines).toContain(`${table}: plural: the table "users" already exists (apps/server/drizzle/0000_init.sql)`);
    expect(r.errLines).toContain(`${table}: menu.groupLabel: "catalog" is a new menu group: give its label in zh-CN and en-US (and its order in the menu, default 9)`);
    expect(r.errLines).toContain(`${page}: plural: the page /list/card already exists (route Card)`);
    expect(r.errLines).toContain(`${permission}: name: the permissions collection:read, collection:write, collection:export already exist`);
    expect(r.errLines).toContain(`${group}: menu.group: /workplace is a page (Workplace), not a menu group`);
    expect(r.errLines).toContain(`${slice}: name: the slice "step-form" exists (packages/contracts/src/slices.ts); a resource is a slice of that name`);
    // one line per problem, each prefixed by its spec file
    expect(r.errLines.slice(0, -1).every((l) => [table, page, permission, group, slice].some((f) => l.startsWith(`${f}: `)))).toBe(true);
    expect(changedSince(pristine)).toEqual(unchanged);
  });

  it('refuses references that go round in a circle', () => {
    const a = spec('alpha', resource('alpha', 'alphas', 'list', [field('name'), { name: 'beta', type: 'reference', to: 'beta', label: labels('b') }]));
    const b = spec('beta', resource('beta', 'betas', 'list', [field('name'), { name: 'alpha', type: 'reference', to: 'alpha', label: labels('a') }]));
    const r = run('new', a, b);
    expect(r.code).toBe(1);
    expect(r.errLines[0]).toMatch(/^.*alpha\.json: the references alpha -> beta -> alpha go round in a circle/);
    expect(changedSince(pristine)).toEqual(unchanged);
  });

  const samples = ['scripts/resource/samples/product.json', 'scripts/resource/samples/supplier.json'];
  let listed: string[] = [];

  it('--dry-run prints the files and their text and writes nothing', () => {
    const r = run('new', ...samples, '--dry-run');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    listed = r.out.split('\n').filter((l) => /^ {2}(new|changed) /.test(l));
    // per resource: the definition with its slice, the server's slice, migration, journal and suite, the
    // console's slice and page, the browser suite, and a line in each of the three registries
    expect(listed).toHaveLength(22);
    expect(r.out).toContain('--- packages/contracts/src/resources/product.ts (new)');
    expect(r.out).toContain('+   productWebSlice,');
    expect(r.out).toContain("+ import { productServerSlice } from './resources/product/index.ts';");
    expect(changedSince(pristine)).toEqual(unchanged);
  });

  it('writes exactly the files it lists, a referred resource first, and the definitions define the specs', async () => {
    const r = run('new', ...samples);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Wrote supplier, product /);
    const lines = r.out.split('\n').filter((l) => /^ {2}(new|changed) /.test(l));
    expect(lines).toEqual(listed);
    const files = (kind: string) => [...new Set(lines.filter((l) => l.trim().startsWith(kind)).map((l) => l.trim().split(/\s+/)[1]!))].sort();
    expect(changedSince(pristine)).toEqual({ added: files('new'), deleted: [], changed: files('changed') });
    expect(files('new')).toContain(firstMigration('supplier', 'suppliers'));
    expect(files('new')).toContain(firstMigration('product', 'products'));
    expect(files('changed')).toEqual([paths.webRegistry, paths.serverRegistry, paths.contractsRegistry].sort());

    for (const name of ['supplier', 'product']) {
      const json = JSON.parse(readFileSync(join(scratch, `scripts/resource/samples/${name}.json`), 'utf8'));
      const mod = (await import(pathToFileURL(join(scratch, `packages/contracts/src/resources/${name}.ts`)).href)) as Record<string, ResourceDef>;
      const def = mod[name]!;
      expect(def.fields.map(({ column: _, ...f }) => f)).toEqual(json.fields);
      expect({ label: def.label, pluralLabel: def.pluralLabel, menu: def.menu }).toEqual({ label: json.label, pluralLabel: json.pluralLabel, menu: json.menu });
    }
    // each slice's migrations have a journal of their own; the core's is left alone
    const journal = (kebab: string) => JSON.parse(readFileSync(join(scratch, paths.sliceJournal(kebab)), 'utf8'));
    const [supplier, product] = [journal('supplier'), journal('product')];
    expect(supplier.entries).toEqual([{ idx: 0, version: '7', when: expect.any(Number), tag: '0000_suppliers', breakpoints: true }]);
    expect(product.entries.map((e: { tag: string }) => e.tag)).toEqual(['0000_products']);
    expect(product.entries[0].when).toBeGreaterThan(supplier.entries[0].when);
    // one line per registry, a referred resource first: slices migrate in registry order
    const registry = readFileSync(join(scratch, paths.serverRegistry), 'utf8');
    expect(registry.indexOf('  supplierServerSlice,')).toBeGreaterThan(0);
    expect(registry.indexOf('  productServerSlice,')).toBeGreaterThan(registry.indexOf('  supplierServerSlice,'));
    const contracts = (await import(pathToFileURL(join(scratch, paths.contractsRegistry)).href)) as { resources: ResourceDef[]; sliceDefs: { name: string }[] };
    expect(contracts.resources.map((d) => d.name)).toEqual(['supplier', 'product']);
  });

  it('refuses a resource that exists, naming each clash', () => {
    const r = run('new', 'scripts/resource/samples/supplier.json');
    expect(r.code).toBe(1);
    const at = 'scripts/resource/samples/supplier.json: ';
    expect(r.errLines).toEqual(
      expect.arrayContaining([
        `${at}name: the resource "supplier" already exists (packages/contracts/src/slices.ts)`,
        `${at}name: the permissions supplier:read, supplier:write, supplier:export already exist`,
        `${at}packages/contracts/src/resources/supplier.ts already exists`,
        `${at}plural: the table "suppliers" already exists (${firstMigration('supplier', 'suppliers')})`,
        `${at}plural: the page /catalog/suppliers already exists (route Resource:supplier)`,
      ]),
    );
  });
});

describe('remove:resource', () => {
  it('refuses a resource another one refers to, and one that is not registered', () => {
    const referred = run('remove', 'supplier');
    expect(referred.code).toBe(1);
    expect(referred.errLines).toEqual(['supplier: the resource "product" refers to it (product.supplier); remove that first, or its reference', 'remove:resource: nothing was removed']);
    const unknown = run('remove', 'gadget');
    expect(unknown.code).toBe(1);
    expect(unknown.errLines[0]).toBe('gadget: no such resource in packages/contracts/src/slices.ts (there: supplier, product)');
  });

  it('takes out what new:resource wrote, byte for byte, and prints the table to drop by hand', () => {
    const product = run('remove', 'product');
    expect(product.code).toBe(0);
    expect(product.out).toContain(`  deleted  ${firstMigration('product', 'products')}`);
    expect(product.out).toContain('drop table "products";');
    expect(run('remove', 'supplier').code).toBe(0);
    expect(changedSince(pristine)).toEqual(unchanged);
  });
});

describe('remove:resource and the menu group', () => {
  it('moves the group\u2019s label to a resource that stays in the group', async () => {
    const support = { group: 'support', groupLabel: { 'zh-CN': '支持', 'en-US': 'Support' }, order: 5 };
    const alpha = spec('alpha', { ...resource('alpha', 'alphas', 'support', [field('name')]), menu: support });
    const beta = spec('beta', resource('beta', 'betas', 'support', [field('name')]));
    expect(run('new', alpha, beta).code).toBe(0);
    const r = run('remove', 'alpha');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`  changed  ${paths.definition('beta')}`);
    expect(r.out).toContain(`The menu group "support" keeps its label: beta has it now (${paths.definition('beta')}).`);
    const text = readFileSync(join(scratch, paths.definition('beta')), 'utf8');
    expect(text).toContain("  menu: { group: 'support', groupLabel: { 'zh-CN': '支持', 'en-US': 'Support' }, order: 5 },");
    const { beta: def } = (await import(`${pathToFileURL(join(scratch, paths.definition('beta'))).href}?moved`)) as Record<string, ResourceDef>;
    expect(def!.menu).toEqual(support);
    // the last one of the group takes it with it
    const last = run('remove', 'beta');
    expect(last.code).toBe(0);
    expect(last.out).not.toContain('keeps its label');
    expect(changedSince(pristine)).toEqual(unchanged);
  }, 60_000);
});

describe('new:resource and life cycles', () => {
  const orderFile = 'scripts/resource/samples/order.json';
  const supplierFile = 'scripts/resource/samples/supplier.json';
  const productFile = 'scripts/resource/samples/product.json';
  const state = (value: string) => ({ value, label: labels(value) });
  const step = (name: string, from: string[], to: string, extra: Record<string, unknown> = {}) => ({ name, from, to, label: labels(name), ...extra });
  const withLifecycle = (name: string, plural: string, lifecycle: Record<string, unknown>) => ({ ...resource(name, plural, 'list', [field('title'), field('amount', { type: 'decimal' })]), lifecycle });
  const flow = (extra: Record<string, unknown> = {}) => ({
    field: 'status',
    initial: 'draft',
    states: [state('draft'), state('submitted'), state('approved')],
    transitions: [step('submit', ['draft'], 'submitted', { requires: ['amount'] }), step('approve', ['submitted'], 'approved', { approval: { by: 'role', role: 'buyer' } })],
    ...extra,
  });
  const buyer = { buyer: { name: labels('Buyer'), description: labels('Approves requests') } };

  it('writes the order’s life cycle into its definition and its state column into the migration', async () => {
    // the order's lines refer to products: the product comes in the same run (its spec first or not)
    const r = run('new', orderFile, supplierFile, productFile);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('order:read, order:write, order:export, order:import, order:submit, order:approve, order:reject from the next start');
    expect(r.out).toContain('The role finance is created with the sample data of an empty database outside production');
    const text = readFileSync(join(scratch, paths.definition('order')), 'utf8');
    // the header says it in a sentence; the literal lists the keys in the definitions' order
    expect(text.split('\n */')[0]!.replace(/\n \* /g, ' ')).toContain(
      'Its records have a life cycle (docs/resources.md, "Life cycles"): each starts in draft, and its `status` (draft, submitted, approved, rejected) changes only by the transitions submit, approve and reject, each a permission of its own (`order:submit`, ...); approve and reject are fired by an approver.',
    );
    expect(text).toContain("  lifecycle: {\n    field: 'status',\n    initial: 'draft',\n    states: [\n      { value: 'draft', label: { 'zh-CN': '草稿', 'en-US': 'Draft' } },");
    expect(text).toContain("      { value: 'approved', label: { 'zh-CN': '已批准', 'en-US': 'Approved' }, locks: 'all' },");
    expect(text).toContain("      { name: 'submit', from: ['draft', 'rejected'], to: 'submitted', label: { 'zh-CN': '提交', 'en-US': 'Submit' }, requires: ['amount'] },");
    expect(text).toContain("    roles: { finance: { name: { 'zh-CN': '财务', 'en-US': 'Finance' }, description: { 'zh-CN': '审批订单', 'en-US': 'Approves orders' } } },\n  },\n});");

    const json = JSON.parse(readFileSync(join(scratch, orderFile), 'utf8'));
    const { order } = (await import(pathToFileURL(join(scratch, paths.definition('order'))).href)) as Record<string, ResourceDef>;
    expect(order!.fields.filter((f) => !f.state).map(({ column: _, ...f }) => f)).toEqual(json.fields.filter((f: { type: string }) => f.type !== 'children'));
    // its lines: a table of their own, written in the order's migration, going with the order
    const lines = json.fields.find((f: { type: string }) => f.type === 'children');
    expect(order!.children).toEqual([expect.objectContaining({ name: 'lines', onDelete: 'cascade', max: 500, required: false, parentColumn: 'order_id' })]);
    expect(order!.children[0]!.def).toMatchObject({ name: 'orderLine', table: 'order_lines', scoped: false, fields: lines.fields.map((f: { name: string }) => expect.objectContaining({ name: f.name })) });
    expect(text.split('\n */')[0]!.replace(/\n \* /g, ' ')).toContain('Its `lines` are rows of its own (table order_lines), edited in its form and saved with it under its version; they are deleted with it.');
    expect(text).toContain("      name: 'lines',\n      type: 'children',\n      resource: 'orderLine',\n      label: { 'zh-CN': '订单明细', 'en-US': 'Lines' },\n      onDelete: 'cascade',\n      fields: [");
    expect(order!.fields.at(-1)).toMatchObject({ name: 'status', type: 'enum', default: 'draft', required: true, state: true });
    expect(order!.lifecycle).toEqual({
      ...json.lifecycle,
      label: { 'zh-CN': '状态', 'en-US': 'Status' },
      transitions: json.lifecycle.transitions.map((t: { name: string }) => ({ ...t, permission: `order:${t.name}` })),
      awaiting: ['submitted'],
    });
    // the state column from the enum the definition adds: created in the initial state, one of the states, sorted in their order
    const sql = readFileSync(join(scratch, firstMigration('order', 'orders')), 'utf8');
    expect(sql).toContain(`\t"status" text DEFAULT 'draft' NOT NULL CHECK ("status" IN ('draft', 'submitted', 'approved', 'rejected')),\n`);
    expect(sql).toContain(`CREATE INDEX "orders_status_order_idx" ON "orders" (array_position(ARRAY['draft', 'submitted', 'approved', 'rejected']::text[], "status") NULLS FIRST, "id");`);
    expect(sql).toContain('CREATE INDEX "orders_status_idx" ON "orders" ("status" NULLS FIRST, "id");');
    expect(sql).toContain('CREATE TABLE "order_lines" (\n\t"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,\n\t"order_id" integer NOT NULL,\n\t"position" integer NOT NULL,\n\t"product" integer NOT NULL,\n\t"quantity" integer DEFAULT 1 NOT NULL,\n\t"unit_price" numeric(18, 2)\n);');
    expect(sql).toContain('ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE CASCADE;');
    expect(sql).toContain('ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_fk" FOREIGN KEY ("product") REFERENCES "public"."products"("id") ON DELETE RESTRICT;');

    // the role the order brings is the repository's from now on: a new spec may name it, none may bring it again
    const names = run('new', spec('invoice', withLifecycle('invoice', 'invoices', flow({ transitions: [step('submit', ['draft'], 'submitted'), step('approve', ['submitted'], 'approved', { approval: { by: 'role', role: 'finance' } })] }))), '--dry-run');
    expect(names.err).toBe('');
    expect(names.code).toBe(0);
    const brings = run('new', spec('invoice', withLifecycle('invoice', 'invoices', flow({ roles: { finance: buyer.buyer } }))));
    expect(brings.errLines).toContain(`${join(specs, 'invoice.json')}: lifecycle.roles.finance: a role "finance" exists already`);

    expect(run('remove', 'order').code).toBe(0);
    expect(run('remove', 'product').code).toBe(0);
    expect(run('remove', 'supplier').code).toBe(0);
    expect(changedSince(pristine)).toEqual(unchanged);
  }, 90_000);

  it('accepts a life cycle of 20 states and 60 transitions', async () => {
    const states = Array.from({ length: 20 }, (_, i) => state(`s${i}`));
    const transitions = Array.from({ length: 60 }, (_, i) => step(`step${i}`, [`s${i % 20}`], `s${(i + 1 + Math.floor(i / 20)) % 20}`, i % 8 === 0 ? { approval: { by: 'department-leader' }, comment: 'required' } : {}));
    const r = run('new', spec('flow', withLifecycle('flow', 'flows', { field: 'stage', initial: 's0', states, transitions })));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('flow:step0, flow:step1,');
    expect(r.out).toContain(', flow:step59 from the next start');
    const text = readFileSync(join(scratch, paths.definition('flow')), 'utf8');
    expect(text.split('\n */')[0]!.replace(/\n \* /g, ' ')).toContain('its `stage` (20 states) changes only by its 60 transitions, each a permission of its own (`flow:step0`, ...); 8 of them are fired by an approver.');
    const { flow: def } = (await import(pathToFileURL(join(scratch, paths.definition('flow'))).href)) as Record<string, ResourceDef>;
    expect(def!.lifecycle!.states.map((s) => s.value)).toEqual(states.map((s) => s.value));
    expect(def!.lifecycle!.transitions.map((t) => t.name)).toEqual(transitions.map((t) => t.name));
    expect(def!.fields.at(-1)!.values).toHaveLength(20);
    expect(run('remove', 'flow').code).toBe(0);
    expect(changedSince(pristine)).toEqual(unchanged);
  }, 60_000);

  it('refuses a bad life cycle, naming each problem on a line of its own, and writes nothing', () => {
    const file = spec(
      'claim',
      withLifecycle(
        'claim',
        'claims',
        flow({
          initial: 'new',
          states: [state('draft'), state('submitted'), state('approved'), state('archived')],
          transitions: [
            step('submit', ['draft'], 'submitted', { requires: ['weight'] }),
            step('submit', ['submitted'], 'approved'),
            step('close', ['gone'], 'done'),
            step('approve', ['submitted'], 'approved', { approval: { by: 'role', role: 'board' } }),
          ],
        }),
      ),
    );
    const r = run('new', file);
    expect(r.code).toBe(1);
    expect(r.errLines).toEqual([
      `${file}: lifecycle.initial: no state "new"`,
      `${file}: lifecycle.transitions[0].requires: no field "weight"`,
      `${file}: lifecycle.transitions[1].name: "submit" is used by two transitions`,
      `${file}: lifecycle.transitions[2].from: no state "gone"`,
      `${file}: lifecycle.transitions[2].to: no state "done"`,
      `${file}: lifecycle.transitions[3].approval.role: no role "board" (one of admin, user, auditor, or one of lifecycle.roles)`,
      `${file}: lifecycle.states: no transition reaches "draft"`,
      `${file}: lifecycle.states: no transition reaches "archived"`,
      'new:resource: 8 problems; nothing was written',
    ]);
    expect(r.out).toBe('');
    expect(changedSince(pristine)).toEqual(unchanged);
  });

  it('lets a spec name a role another spec of the run brings, in either order, and refuses two bringing one', () => {
    const request = spec('request', withLifecycle('request', 'requests', flow()));
    const desk = spec('desk', withLifecycle('desk', 'desks', flow({ roles: buyer })));
    const alone = run('new', request);
    expect(alone.errLines).toEqual([
      `${request}: lifecycle.transitions[1].approval.role: no role "buyer" (one of admin, user, auditor, or one of lifecycle.roles)`,
      'new:resource: 1 problem; nothing was written',
    ]);
    for (const files of [[request, desk], [desk, request]]) {
      const r = run('new', ...files, '--dry-run');
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toContain('The role buyer is created with the sample data');
    }
    const again = spec('counter', withLifecycle('counter', 'counters', flow({ roles: buyer })));
    const twice = run('new', desk, again);
    expect(twice.errLines).toEqual([
      `${again}: lifecycle.roles.buyer: the role "buyer" is also brought by ${desk}; one spec brings it, the other names it in its approvals`,
      'new:resource: 1 problem; nothing was written',
    ]);
    expect(changedSince(pristine)).toEqual(unchanged);
  }, 60_000);
});

describe('sample values for the generated suites', () => {
  const ticketFields = [
    field('code', { required: true, unique: true, max: 6, pattern: '^T-[0-9]{4}$' }),
    field('email', { max: 60, pattern: '^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$', filter: 'contains' }),
    field('phone', { unique: true, max: 11, pattern: '^1[3-9]\\d{9}$' }),
    field('passport', { unique: true, pattern: '^[A-Z]{2}\\d{6}$', filter: 'prefix' }),
    field('kind', { max: 7, pattern: '^(?:INC|REQ)-\\d{3}$' }),
    field('badge', { unique: true, max: 4, pattern: '^(?!0)\\d{4}$', example: '1001' }),
  ];

  it('accepts fields with the patterns a team writes, and both suites it writes get values they accept', async () => {
    const r = run('new', spec('ticket', resource('ticket', 'tickets', 'list', ticketFields)));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    // the server suite and the browser suite: the kit's, which fill the form with contracts' resourceSample
    expect(readFileSync(join(scratch, paths.serverTest('ticket')), 'utf8')).toContain('describeResource(ticket);');
    expect(readFileSync(join(scratch, paths.browserTest('tickets')), 'utf8')).toContain('describeResourcePage(ticket);');
    for (const suite of ['apps/server/src/modules/resources/resource-suite.ts', 'e2e/lib/resource-suite.ts']) expect(readFileSync(join(scratch, suite), 'utf8')).toMatch(/^import \{[^}]*\bresourceSample\b[^}]*\} from '@atrium\/contracts\/resource-sample';$/m);
    const load = async <T>(path: string) => (await import(pathToFileURL(join(scratch, path)).href)) as T;
    const { ticket } = await load<Record<string, ResourceDef>>('packages/contracts/src/resources/ticket.ts');
    const { resourceSample } = await load<{ resourceSample: (def: ResourceDef, n: number) => Record<string, unknown> }>('packages/contracts/src/resource-sample.ts');
    const { resourceSchemas } = await load<{ resourceSchemas: (def: ResourceDef) => { form: { safeParse: (v: unknown) => { success: boolean } } } }>('packages/contracts/src/resource-calls.ts');
    const form = resourceSchemas(ticket!).form;
    // the server suite's serials, and the browser suite's six digits of the clock with the next
    const ns = [...Array.from({ length: 60 }, (_, i) => i + 1), 420_815, 420_816, 999_999];
    const samples = ns.map((n) => resourceSample(ticket!, n));
    for (const sample of samples) expect(form.safeParse(sample).success, JSON.stringify(sample)).toBe(true);
    for (const name of ['code', 'phone', 'passport', 'badge']) expect(new Set(samples.map((s) => String(s[name]).toLowerCase())).size, name).toBe(ns.length);
    expect(samples[41]).toMatchObject({ code: 'T-0042', passport: 'AA000042' });
    expect(run('remove', 'ticket').code).toBe(0);
    expect(changedSince(pristine)).toEqual(unchanged);
  }, 60_000);

  it('refuses a field it cannot make values for, naming it and saying to add an example', () => {
    const file = spec('ticket', resource('ticket', 'tickets', 'list', [field('title'), field('badge', { unique: true, max: 4, pattern: '^(?!0)\\d{4}$' })]));
    const r = run('new', file);
    expect(r.code).toBe(1);
    expect(r.errLines).toEqual([
      `${file}: fields[1]: no sample values can be made for "badge" from its pattern /^(?!0)\\d{4}$/ within 4 characters, a different one for each record: add an "example" to the field, a value it accepts (the generated tests fill the form with such values)`,
      'new:resource: 1 problem; nothing was written',
    ]);
    const wrong = run('new', spec('ticket', resource('ticket', 'tickets', 'list', [field('title'), field('badge', { max: 4, pattern: '^(?!0)\\d{4}$', example: '0123' })])));
    expect(wrong.errLines[0]).toMatch(/fields\[1\]\.example: "0123" does not match the pattern/);
    expect(changedSince(pristine)).toEqual(unchanged);
  }, 60_000);
});

describe('the generator’s pieces', () => {
  it('orders resources so that a referred one comes first, keeping the given order otherwise', () => {
    const items = [
      { name: 'a', refersTo: ['c'] },
      { name: 'b', refersTo: [] },
      { name: 'c', refersTo: ['c'] },
    ];
    expect(orderByReferences(items).order.map((i) => i.name)).toEqual(['b', 'c', 'a']);
    expect(orderByReferences([{ name: 'a', refersTo: ['b'] }, { name: 'b', refersTo: ['a'] }]).cycle).toEqual(['a', 'b', 'a']);
  });

  it('writes literals in the repository’s style', () => {
    expect(tsLiteral({ 'zh-CN': "l'été", pattern: '^\\d+$', n: 2, ok: true })).toBe("{ 'zh-CN': 'l\\'été', pattern: '^\\\\d+$', n: 2, ok: true }");
    const long = { values: Array.from({ length: 8 }, (_, i) => ({ value: `value${i}`, label: labels(`Label ${i}`) })) };
    const lines = tsLiteral(long).split('\n');
    // too long for one line: a value per line, each on one line as it fits
    expect(lines).toHaveLength(12);
    expect(lines.slice(0, 3)).toEqual(['{', '  values: [', "    { value: 'value0', label: { 'zh-CN': 'Label 0', 'en-US': 'Label 0' } },"]);
    expect(lines.slice(-2)).toEqual(['  ],', '}']);
  });

  it('drops a removed resource\u2019s table (its rows\u2019 tables first), and for a life cycle what of it awaits an approval', () => {
    const order = defineResource(JSON.parse(readFileSync(new URL('./samples/order.json', import.meta.url), 'utf8')) as ResourceSpec);
    expect(dropMigrationSql(order, '0012_drop_orders', '0000_orders')).toBe(
      `-- 0012_drop_orders: the resource "order" removed (npm run remove:resource): its table goes, with its rows, where 0000_orders ran\n` +
        `DELETE FROM "awaiting_approvals" WHERE "resource" = 'order';\n--> statement-breakpoint\nDROP TABLE IF EXISTS "order_lines";\n--> statement-breakpoint\nDROP TABLE IF EXISTS "orders";\n`,
    );
  });

  it('adds registry lines in import order and takes them out again', () => {
    const text = `import type { X } from '../x.ts';\nimport { b } from './b.ts';\n\nexport const all = [\n  b,\n  ${MARKER}\n];\n`;
    const added = addToRegistry(text, 'a,', "import { a } from './a.ts';");
    expect(added).toBe(`import type { X } from '../x.ts';\nimport { a } from './a.ts';\nimport { b } from './b.ts';\n\nexport const all = [\n  b,\n  a,\n  ${MARKER}\n];\n`);
    expect(removeFromRegistry(added, 'a,', "import { a } from './a.ts';", [])).toBe(text);
  });

  it('puts every file back when a write fails', () => {
    const files = new Map<string, string>([['a.ts', 'old a']]);
    const dirs = new Set<string>(['.']);
    let writes = 0;
    const disk: Disk = {
      read: (p) => files.get(p),
      write: (p, t) => {
        if (++writes === 3) throw new Error('disk full');
        files.set(p, t);
      },
      remove: (p) => void files.delete(p),
      makeDirs: (d) => (dirs.has(d) ? [] : (dirs.add(d), [d])),
      removeDir: (d) => void dirs.delete(d),
    };
    const changes = [
      { path: 'a.ts', before: 'old a', after: 'new a' },
      { path: 'new/b.ts', before: undefined, after: 'b' },
      { path: 'c.ts', before: undefined, after: 'c' },
    ];
    expect(() => applyChanges(changes, disk)).toThrow(/disk full; every file written before it was put back/);
    expect([...files]).toEqual([['a.ts', 'old a']]);
    expect([...dirs]).toEqual(['.']);
  });
});

describe('remove:resource and a resource generated before resources were slices', () => {
  it('finds its migration in the core\u2019s folder and takes it out with its journal entry', () => {
    // as new:resource wrote a resource then: its migration the core's next one, its server part without a folder of migrations
    const file = spec('gizmo', resource('gizmo', 'gizmos', 'list', [field('title')]));
    expect(run('new', file).code).toBe(0);
    const journal = JSON.parse(readFileSync(join(scratch, paths.journal), 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
    const idx = journal.entries.length;
    const tag = `${String(idx).padStart(4, '0')}_gizmos`;
    writeFileSync(join(scratch, paths.migration(tag)), readFileSync(join(scratch, firstMigration('gizmo', 'gizmos')), 'utf8'));
    rmSync(join(scratch, paths.sliceMigrations('gizmo')), { recursive: true });
    const sliceFile = join(scratch, paths.serverSlice('gizmo'));
    writeFileSync(sliceFile, readFileSync(sliceFile, 'utf8').replace(', { migrations: migrationsBeside(import.meta.url) }', ''));
    journal.entries.push({ idx, version: '7', when: journal.entries.at(-1)!.when + 1, tag, breakpoints: true } as (typeof journal.entries)[number]);
    writeFileSync(join(scratch, paths.journal), `${JSON.stringify(journal, null, 2)}\n`);

    // its table counts as taken
    const again = run('new', spec('gizmo2', resource('gizmoTwo', 'gizmos', 'list', [field('title')])));
    expect(again.errLines).toContain(`${join(specs, 'gizmo2.json')}: plural: the table "gizmos" already exists (${paths.migration(tag)})`);
    const r = run('remove', 'gizmo');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`  deleted  ${paths.migration(tag)}`);
    expect(r.out).toContain(`  changed  ${paths.journal}`);
    expect(r.out).toContain('drop table "gizmos";');
    expect(changedSince(pristine)).toEqual(unchanged);
  }, 60_000);
});

describe('upgrade:resources', () => {
  it('gives a resource generated before scoped records a migration of its own that adds them, once', async () => {
    const file = spec('widget', resource('widget', 'widgets', 'list', [field('title')]));
    expect(run('new', file).code).toBe(0);
    expect(run('upgrade').out).toContain('nothing to upgrade');
    // as new:resource wrote it before records were scoped: the table without a department and an owner
    const load = <T>(path: string) => import(pathToFileURL(join(scratch, path)).href) as Promise<T>;
    const { defineResource } = await load<typeof ResourceKit>('packages/contracts/src/resource.ts');
    const { resourceMigrationSql } = await load<{ resourceMigrationSql: (def: ResourceDef, tag: string, others: readonly ResourceDef[]) => string }>('apps/server/src/modules/resources/migration-sql.ts');
    const def = defineResource(JSON.parse(readFileSync(file, 'utf8')));
    const first = firstMigration('widget', 'widgets');
    writeFileSync(join(scratch, first), resourceMigrationSql({ ...def, scoped: false }, '0000_widgets', []));
    expect(readFileSync(join(scratch, first), 'utf8')).not.toContain('department_id');

    const dry = run('upgrade', '--dry-run');
    expect(dry.code).toBe(0);
    const upgrade = `${paths.sliceMigrations('widget')}/0001_widgets_scope.sql`;
    expect(dry.out).toContain(`  new      ${upgrade}`);
    expect(existsSync(join(scratch, upgrade))).toBe(false);
    const r = run('upgrade');
    expect(r.err).toBe('');
    expect(r.out).toContain(`  new      ${upgrade}`);
    expect(r.out).toContain(`  changed  ${paths.sliceJournal('widget')}`);
    const text = readFileSync(join(scratch, upgrade), 'utf8');
    expect(text).toContain('ALTER TABLE "widgets" ADD COLUMN IF NOT EXISTS "department_id" integer;');
    expect(text).toContain('CREATE INDEX "widgets_department_id_idx" ON "widgets" ("department_id", "id");');
    const entries = (JSON.parse(readFileSync(join(scratch, paths.sliceJournal('widget')), 'utf8')) as { entries: { idx: number; tag: string; when: number }[] }).entries;
    expect(entries.map((e) => [e.idx, e.tag])).toEqual([[0, '0000_widgets'], [1, '0001_widgets_scope']]);
    expect(entries[1]!.when).toBeGreaterThan(entries[0]!.when);
    // written once: the next run finds the column added
    expect(run('upgrade').out).toContain('nothing to upgrade');

    expect(run('remove', 'widget').code).toBe(0);
    expect(changedSince(pristine)).toEqual(unchanged);
  }, 90_000);
});

// Last: it makes the scratch copy a git repository (the tree compared above would include .git).
describe('remove:resource with a committed migration', () => {
  it('writes a migration of the core\u2019s that drops the table, deletes the slice; the name can be generated again', () => {
    const journal = () => (JSON.parse(readFileSync(join(scratch, paths.journal), 'utf8')) as { entries: { idx: number; tag: string; when: number }[] }).entries;
    const next = journal().length;
    const tag = (i: number, name: string) => `${String(i).padStart(4, '0')}_${name}`;
    const file = spec('ticket', resource('ticket', 'tickets', 'list', [field('title')]));
    expect(run('new', file).code).toBe(0);
    const git = (...args: string[]) => spawnSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', ...args], { cwd: scratch, encoding: 'utf8' });
    expect(git('init', '-q').status).toBe(0);
    expect(git('add', '.').status).toBe(0);
    expect(git('commit', '-qm', 'ticket').status).toBe(0);
    const created = firstMigration('ticket', 'tickets');
    const firstWhen = (JSON.parse(readFileSync(join(scratch, paths.sliceJournal('ticket')), 'utf8')) as { entries: { when: number }[] }).entries[0]!.when;

    const r = run('remove', 'ticket');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const dropped = `apps/server/drizzle/${tag(next, 'drop_tickets')}.sql`;
    expect(r.out).toContain(`  new      ${dropped}`);
    expect(r.out).toContain(`  deleted  ${created}`);
    expect(r.out).toContain(`${created} is committed (a database may have run it): the new migration ${dropped} drops the table, and runs after the slice's folder is gone:`);
    expect(r.out).toContain('  DROP TABLE IF EXISTS "tickets";');
    // the slice's folders go whole
    for (const dir of ['apps/server/src/resources/ticket', 'apps/web/src/resources/ticket']) expect(existsSync(join(scratch, dir)), dir).toBe(false);
    expect(readFileSync(join(scratch, dropped), 'utf8')).toBe(
      `-- ${tag(next, 'drop_tickets')}: the resource "ticket" removed (npm run remove:resource): its table goes, with its rows, where 0000_tickets ran\nDROP TABLE IF EXISTS "tickets";\n`,
    );
    expect(journal().at(-1)).toMatchObject({ idx: next, tag: tag(next, 'drop_tickets') });
    expect(journal().at(-1)!.when).toBeGreaterThan(journal().at(-2)!.when);

    // the table is gone once every migration ran: the same resource can be generated again; its journal
    // (in a database, __drizzle_migrations_ticket, which keeps the first one's row) takes the new migration
    // as it is dated later
    const again = run('new', file);
    expect(again.err).toBe('');
    expect(again.code).toBe(0);
    expect(existsSync(join(scratch, created))).toBe(true);
    expect((JSON.parse(readFileSync(join(scratch, paths.sliceJournal('ticket')), 'utf8')) as { entries: { when: number }[] }).entries[0]!.when).toBeGreaterThan(firstWhen);
    // a migration not committed yet goes with its slice, and the drop stays
    const uncommitted = run('remove', 'ticket');
    expect(uncommitted.code).toBe(0);
    expect(uncommitted.out).toContain(`  deleted  ${created}`);
    expect(uncommitted.out).not.toContain(paths.journal);
    expect(journal().at(-1)!.tag).toBe(tag(next, 'drop_tickets'));
    expect(existsSync(join(scratch, created)) || !existsSync(join(scratch, dropped))).toBe(false);
  }, 120_000);
});
