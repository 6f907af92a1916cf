import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createdTables, isScanned, planDemoRemoval, scannedRoots } from './plan.ts';

const registry = `import type { SliceDef } from './slice.ts';
import { demoCalls, demoSlices } from './demo/index.ts';
import { teamSlice } from './team/index.ts';

export const slices = [
  ...demoSlices,
  teamSlice,
] as const;

export const sliceCalls = {
  ...demoCalls,
} as const;
`;

describe('demo:remove: the plan', () => {
  it('takes out the imports from the demo and the list entries that use them, and nothing else', () => {
    const plan = planDemoRemoval(new Map([['packages/contracts/src/slices.ts', registry], ['packages/contracts/src/other.ts', "export const a = 'demo';\n"]]));
    expect(plan.problems).toEqual([]);
    expect(plan.edits.get('packages/contracts/src/slices.ts')).toBe(`import type { SliceDef } from './slice.ts';
import { teamSlice } from './team/index.ts';

export const slices = [
  teamSlice,
] as const;

export const sliceCalls = {
} as const;
`);
    expect(plan.edits.has('packages/contracts/src/other.ts')).toBe(false);
    expect(plan.removedLines).toEqual([
      "packages/contracts/src/slices.ts:2: import { demoCalls, demoSlices } from './demo/index.ts';",
      'packages/contracts/src/slices.ts:6: ...demoSlices,',
      'packages/contracts/src/slices.ts:11: ...demoCalls,',
    ]);
  });

  it('takes out an import written over several lines, and the contracts\' demo paths', () => {
    const text = "import {\n  demoAuditSamples,\n  demoSeeds,\n} from '../demo/index.ts';\nimport { collectionCalls } from '@atrium/contracts/demo/search-table/calls';\nexport const samples = [\n  ...demoAuditSamples,\n  demoSeeds,\n  collectionCalls,\n];\n";
    const plan = planDemoRemoval(new Map([['apps/server/src/test/samples.ts', text]]));
    expect(plan.problems).toEqual([]);
    expect(plan.edits.get('apps/server/src/test/samples.ts')).toBe('export const samples = [\n];\n');
  });

  it('refuses when a demo name is used other than as a line of its own', () => {
    const text = "import { demoSlices } from './demo/index.ts';\nexport const count = demoSlices.length;\n";
    const plan = planDemoRemoval(new Map([['packages/contracts/src/count.ts', text]]));
    expect(plan.problems).toEqual(['packages/contracts/src/count.ts:1: demoSlices is still used (only a line of its own, `demoSlices,` or `...demoSlices,`, is taken out)']);
  });

  it('refuses when a path into the demo is left, as in a lazy import', () => {
    const text = "export const load = () => import('./demo/workplace/page.tsx');\n";
    const plan = planDemoRemoval(new Map([['apps/web/src/pages.ts', text]]));
    expect(plan.problems).toEqual([]);
    expect(plan.edits.size).toBe(0);
    const registryLine = "import { pages } from './demo/pages.ts';\nexport const load = () => import('./demo/workplace/page.tsx');\n";
    expect(planDemoRemoval(new Map([['apps/web/src/pages.ts', registryLine]])).problems).toEqual(["apps/web/src/pages.ts:1: './demo/workplace/page.tsx' still points into the demo"]);
  });

  it('scans the sources and tests, not installed or built files, nor the demo itself', () => {
    expect(isScanned('apps/server/src/app.ts')).toBe(true);
    expect(isScanned('e2e/specs/core-smoke.test.ts')).toBe(true);
    expect(isScanned('apps/web/dist/assets/index.js')).toBe(false);
    expect(isScanned('apps/server/src/demo/card/card.routes.ts')).toBe(false);
    expect(isScanned('scripts/demo/plan.ts')).toBe(false);
    expect(isScanned('apps/server/drizzle/0000_init.sql')).toBe(false);
  });

  it('names the tables a migration creates', () => {
    expect(createdTables('CREATE TABLE IF NOT EXISTS "collections" (\n"id" serial);\ncreate table cards (id int);\nCREATE INDEX x ON "collections" (id);')).toEqual(['collections', 'cards']);
    // a later migration's rename: the table goes by its new name
    expect(createdTables('CREATE TABLE IF NOT EXISTS "old_cards" (id int);\nDO $$ BEGIN\n  ALTER TABLE "old_cards" RENAME TO "cards";\nEND $$;')).toEqual(['cards']);
  });
});

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
function sources(dir: string, found = new Map<string, string>()): Map<string, string> {
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    const rel = relative(root, path).split('\\').join('/');
    if (statSync(path).isDirectory()) sources(path, found);
    else if (isScanned(rel)) found.set(rel, readFileSync(path, 'utf8'));
  }
  return found;
}

describe('demo:remove on this repository', () => {
  it('finds the demo named only in registry lines, so it comes out cleanly', () => {
    const files = new Map<string, string>();
    for (const top of scannedRoots) for (const [path, text] of sources(join(root, top))) files.set(path, text);
    const plan = planDemoRemoval(files);
    expect(plan.problems).toEqual([]);
  });
});
