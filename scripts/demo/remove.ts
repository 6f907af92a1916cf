/**
 * `npm run demo:remove [-- --dry-run]`: takes the demo out of the repository, leaving the blank product
 * a team starts from (docs/architecture.md, "Core and slices"): the four demo folders and the registry
 * lines that name them (plan.ts). CI runs it on a scratch copy on every change and tests what is left.
 *
 * It never touches a database: a database that already holds the demo's tables keeps them (a team's data
 * is never removed by a command), and the command prints the statement to drop them by hand.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createdTables, demoFolders, isScanned, planDemoRemoval, scannedRoots } from './plan.ts';

const usage = 'usage: npm run demo:remove [-- --dry-run]';
const root = resolve(process.env.ATRIUM_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '../..'));

function walk(dir: string, found: string[] = []): string[] {
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path, found);
    else found.push(path);
  }
  return found;
}

function main(argv: string[]): number {
  const unknown = argv.filter((a) => a !== '--dry-run');
  if (unknown.length > 0) {
    console.error(`unknown argument ${unknown.join(', ')}\n${usage}`);
    return 1;
  }
  const dryRun = argv.includes('--dry-run');
  const present = demoFolders.filter((folder) => existsSync(join(root, folder)));
  if (present.length === 0) {
    console.log('demo:remove: the demo is not here (no demo folder); nothing to remove.');
    return 0;
  }
  const files = new Map<string, string>();
  for (const top of scannedRoots) {
    for (const path of walk(join(root, top))) {
      const rel = relative(root, path).split('\\').join('/');
      if (isScanned(rel)) files.set(rel, readFileSync(path, 'utf8'));
    }
  }
  const plan = planDemoRemoval(files);
  if (plan.problems.length > 0) {
    for (const problem of plan.problems) console.error(problem);
    console.error('demo:remove: nothing was removed');
    return 1;
  }
  // In the migrations' order, so a later rename names the table as a migrated database holds it.
  const sqlFiles = walk(join(root, 'apps/server/src/demo'))
    .filter((path) => path.endsWith('.sql'))
    .sort();
  const tables = createdTables(sqlFiles.map((path) => readFileSync(path, 'utf8')).join('\n'));
  if (!dryRun) {
    for (const [path, text] of plan.edits) writeFileSync(join(root, path), text);
    for (const folder of present) rmSync(join(root, folder), { recursive: true });
  }
  console.log(dryRun ? 'Dry run (nothing is removed): demo:remove would take out' : 'Removed the demo:');
  for (const folder of present) console.log(`  folder   ${folder}/`);
  for (const line of plan.removedLines) console.log(`  line     ${line}`);
  const unique = [...new Set(tables)];
  if (unique.length > 0) {
    console.log(
      `\nNo database was changed. A new database gets none of the demo's tables; one that already has them keeps them` +
        ` and their rows. To drop them by hand (docs/architecture.md, "Removing the demo"):\n` +
        `  drop table if exists ${unique.map((t) => `"${t}"`).join(', ')} cascade;`,
    );
  }
  console.log('\nNext: npm run typecheck && npm run lint && npm test');
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (err) {
  console.error(`demo:remove: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
