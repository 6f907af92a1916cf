/**
 * `npm run new:resource -- <spec.json> [more specs...] [--dry-run]`: a resource's files from its JSON
 * spec (docs/resources.md). Every spec is checked first, against the others of the run and against what
 * the repository has; one problem is one line, and with any problem nothing is written (exit 1).
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { applyChanges } from './apply.ts';
import type { Change, Plan } from './plan.ts';
import { planNew } from './plan-new.ts';
import { loadRepo, nodeDisk, repoRoot } from './repo.ts';

const usage = 'usage: npm run new:resource -- <spec.json> [more specs...] [--dry-run]';

/** The list both a run and a dry run print: per resource, every file it writes or changes. */
export function fileList(plan: Plan): string[] {
  const out: string[] = [];
  for (const r of plan.resources) {
    out.push(`${r.def.name} (${r.source})`);
    for (const f of r.files) out.push(`  ${f.kind.padEnd(8)} ${f.path}`);
  }
  return out;
}

/** The lines of `a` that `b` lacks, counting repeats (`}` and `},` in the journal). */
function minus(a: string[], b: string[]): string[] {
  const left = new Map<string, number>();
  for (const line of b) left.set(line, (left.get(line) ?? 0) + 1);
  return a.filter((line) => {
    const n = left.get(line) ?? 0;
    if (n > 0) left.set(line, n - 1);
    return n === 0;
  });
}

/** A changed file's lines that go and come (registries and the journal change by a few lines). */
function lineChanges(change: Change): string[] {
  const before = (change.before ?? '').split('\n');
  const after = (change.after ?? '').split('\n');
  return [...minus(before, after).map((l) => `- ${l}`), ...minus(after, before).map((l) => `+ ${l}`)];
}

function nextSteps(plan: Plan): string[] {
  const defs = plan.resources.map((r) => r.def);
  const roles = defs.flatMap((d) => Object.keys(d.lifecycle?.roles ?? {}));
  const migrations = plan.changes.filter((c) => c.path.endsWith('.sql')).map((c) => c.path.replace(/^apps\/server\/src\/resources\//, '').replace(/migrations\/|\.sql$/g, ''));
  const tests = plan.resources.flatMap((r) => r.files.filter((f) => f.path.startsWith('apps/server/') && f.path.endsWith('.test.ts')).map((f) => f.path.slice('apps/server/'.length)));
  return [
    'Next:',
    '  npm run typecheck && npm run lint',
    `  npx vitest run --project server ${tests.join(' ')}`,
    '  npm test      # with TEST_DATABASE_URL set, the server suites run on PostgreSQL too; then the browser suites',
    `  npm start     # applies ${migrations.join(', ')}; serves ${defs.map((d) => d.path).join(', ')}`,
    `The built-in admin holds ${defs.flatMap((d) => [...Object.values(d.permissions), ...(d.lifecycle?.transitions ?? []).map((t) => t.permission)]).join(', ')} from the next start; other roles get them in System > Roles.`,
    ...(roles.length === 0
      ? []
      : [
          `The role${roles.length > 1 ? 's' : ''} ${roles.join(', ')} ${roles.length > 1 ? 'are' : 'is'} created with the sample data of an empty database outside production; elsewhere an administrator creates ${roles.length > 1 ? 'them' : 'it'} in System > Roles with that code (docs/resources.md, "Life cycles").`,
        ]),
  ];
}

async function main(argv: string[]): Promise<number> {
  const dryRun = argv.includes('--dry-run');
  const unknown = argv.filter((a) => a.startsWith('-') && a !== '--dry-run');
  const files = argv.filter((a) => !a.startsWith('-'));
  if (unknown.length > 0 || files.length === 0) {
    console.error(unknown.length > 0 ? `unknown option ${unknown.join(', ')}\n${usage}` : usage);
    return 1;
  }
  const root = repoRoot();
  const repo = await loadRepo(root);
  // A spec path is read from where the command was started: npm runs the script at the root and keeps
  // the shell's directory in INIT_CWD.
  const cwd = (process.env.npm_lifecycle_event === 'new:resource' && process.env.INIT_CWD) || process.cwd();
  const inputs = files.map((file) => {
    try {
      return { file, text: readFileSync(resolve(cwd, file), 'utf8') };
    } catch {
      return { file, text: undefined };
    }
  });
  const plan = planNew(repo, inputs);
  if (plan.problems.length > 0) {
    for (const p of plan.problems) console.error(p);
    console.error(`new:resource: ${plan.problems.length} problem${plan.problems.length > 1 ? 's' : ''}; nothing was written`);
    return 1;
  }
  const order = plan.resources.map((r) => r.def.name);
  if (dryRun) {
    console.log(`Dry run, nothing written: a run would write these files for ${order.join(', ')}.`);
    console.log(fileList(plan).join('\n'));
    for (const change of plan.changes) {
      console.log(`\n--- ${change.path} (${change.before === undefined ? 'new' : 'changed'})`);
      console.log(change.before === undefined ? change.after!.replace(/\n$/, '') : lineChanges(change).join('\n'));
    }
    console.log('');
    console.log(nextSteps(plan).join('\n').replace('Next:', 'After a run, next:'));
    return 0;
  }
  try {
    applyChanges(plan.changes, nodeDisk(root));
  } catch (err) {
    console.error(`new:resource: could not write: ${(err as Error).message}`);
    return 1;
  }
  console.log(`Wrote ${order.join(', ')}${order.length > 1 ? ' (in this order: a resource comes after the ones it refers to)' : ''}:`);
  console.log(fileList(plan).join('\n'));
  if (relative(process.cwd(), root) !== '') console.log(`(in ${root})`);
  console.log('');
  console.log(nextSteps(plan).join('\n'));
  return 0;
}

// An error the checks did not foresee (a registered definition that no longer loads, ...): one message, exit 1.
process.exitCode = await main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`new:resource: ${err instanceof Error ? err.message : String(err)}`);
  return 1;
});
