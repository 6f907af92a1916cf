import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDef } from '@atrium/contracts/resource';
import { addToRegistry, applyChanges, MARKER, orderByReferences, paths, removeFromRegistry, tsLiteral, type Disk } from './generator.ts';
import { scratchCopy } from './scratch-copy.ts';

// The commands run as they do for a team (node --import tsx), in a scratch copy of this repository.
let scratch: string;
let specs: string;
let pristine: Map<string, string>;
/** The tags the two samples' migrations take: the journal's next two numbers (set when new:resource writes them). */
let tags: string[] = [];
const nextTags = () => {
  const next = (JSON.parse(readFileSync(join(scratch, paths.journal), 'utf8')) as { entries: unknown[] }).entries.length;
  return [`${String(next).padStart(4, '0')}_suppliers`, `${String(next + 1).padStart(4, '0')}_products`];
};

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

function run(command: 'new' | 'remove', ...args: string[]) {
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
  // The server and console kits own these registries; a copy made before they exist gets a stand-in.
  for (const registry of [paths.serverRegistry, paths.webRegistry]) {
    if (existsSync(join(scratch, registry))) continue;
    mkdirSync(join(scratch, registry, '..'), { recursive: true });
    writeFileSync(join(scratch, registry), `export const registry: unknown[] = [\n  ${MARKER}\n];\n`);
  }
  pristine = tree(scratch);
}, 60_000);

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(specs, { recursive: true, force: true });
});

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
    const r = run('new', table, page, permission, group);
    expect(r.code).toBe(1);
    expect(r.errLines).toContain(`${table}: plural: the table "users" already exists (apps/server/drizzle/0000_init.sql)`);
    expect(r.errLines).toContain(`${table}: menu.groupLabel: "catalog" is a new menu group: give its label in zh-CN and en-US (and its order in the menu, default 9)`);
    expect(r.errLines).toContain(`${page}: plural: the page /list/card already exists (route Card)`);
    expect(r.errLines).toContain(`${permission}: name: the permissions collection:read, collection:write, collection:export already exist`);
    expect(r.errLines).toContain(`${group}: menu.group: /workplace is a page (Workplace), not a menu group`);
    // one line per problem, each prefixed by its spec file
    expect(r.errLines.slice(0, -1).every((l) => [table, page, permission, group].some((f) => l.startsWith(`${f}: `)))).toBe(true);
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
    expect(listed).toHaveLength(20);
    expect(r.out).toContain('--- packages/contracts/src/resources/product.ts (new)');
    expect(r.out).toContain("+   'Resource:product': () => import('./product-page.tsx'),");
    expect(changedSince(pristine)).toEqual(unchanged);
  });

  it('writes exactly the files it lists, a referred resource first, and the definitions define the specs', async () => {
    tags = nextTags();
    const r = run('new', ...samples);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Wrote supplier, product /);
    const lines = r.out.split('\n').filter((l) => /^ {2}(new|changed) /.test(l));
    expect(lines).toEqual(listed);
    const files = (kind: string) => [...new Set(lines.filter((l) => l.trim().startsWith(kind)).map((l) => l.trim().split(/\s+/)[1]!))].sort();
    expect(changedSince(pristine)).toEqual({ added: files('new'), deleted: [], changed: files('changed') });
    expect(files('new')).toContain(`apps/server/drizzle/${tags[0]}.sql`);
    expect(files('new')).toContain(`apps/server/drizzle/${tags[1]}.sql`);

    for (const name of ['supplier', 'product']) {
      const json = JSON.parse(readFileSync(join(scratch, `scripts/resource/samples/${name}.json`), 'utf8'));
      const mod = (await import(pathToFileURL(join(scratch, `packages/contracts/src/resources/${name}.ts`)).href)) as Record<string, ResourceDef>;
      const def = mod[name]!;
      expect(def.fields.map(({ column: _, ...f }) => f)).toEqual(json.fields);
      expect({ label: def.label, pluralLabel: def.pluralLabel, menu: def.menu }).toEqual({ label: json.label, pluralLabel: json.pluralLabel, menu: json.menu });
    }
    const journal = JSON.parse(readFileSync(join(scratch, paths.journal), 'utf8'));
    const [before, supplier, product] = journal.entries.slice(-3);
    expect([supplier.tag, product.tag]).toEqual(tags);
    expect(supplier.when).toBeGreaterThan(before.when);
    expect(product.when).toBeGreaterThan(supplier.when);
  });

  it('refuses a resource that exists, naming each clash', () => {
    const r = run('new', 'scripts/resource/samples/supplier.json');
    expect(r.code).toBe(1);
    const at = 'scripts/resource/samples/supplier.json: ';
    expect(r.errLines).toEqual(
      expect.arrayContaining([
        `${at}name: the resource "supplier" already exists (packages/contracts/src/resources/index.ts)`,
        `${at}name: the permissions supplier:read, supplier:write, supplier:export already exist`,
        `${at}packages/contracts/src/resources/supplier.ts already exists`,
        `${at}plural: the table "suppliers" already exists (apps/server/drizzle/${tags[0]}.sql)`,
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
    expect(unknown.errLines[0]).toBe('gadget: no such resource in packages/contracts/src/resources/index.ts (there: supplier, product)');
  });

  it('takes out what new:resource wrote, byte for byte, and prints the table to drop by hand', () => {
    const product = run('remove', 'product');
    expect(product.code).toBe(0);
    expect(product.out).toContain(`  deleted  apps/server/drizzle/${tags[1]}.sql`);
    expect(product.out).toContain('drop table "products";');
    expect(run('remove', 'supplier').code).toBe(0);
    expect(changedSince(pristine)).toEqual(unchanged);
  });
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
