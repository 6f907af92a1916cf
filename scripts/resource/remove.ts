/**
 * `npm run remove:resource -- <name> [--dry-run]`: takes a generated resource out of the repository: its
 * slice (the definition, the server's and the console's folders, the browser suite) and its lines in the
 * three registries (docs/resources.md); its menu group's label moves to a resource that stays in the group.
 * Once its migration is committed, a new migration of the core's drops the table (a database that ran it
 * is cleaned at its next start); one never committed goes, and the command prints the statement to drop
 * the table by hand. It refuses a resource another one refers to.
 */
import { applyChanges } from './apply.ts';
import { planRemove } from './plan-remove.ts';
import { loadRepo, nodeDisk, repoRoot } from './repo.ts';

const usage = 'usage: npm run remove:resource -- <name> [--dry-run]';

async function main(argv: string[]): Promise<number> {
  const dryRun = argv.includes('--dry-run');
  const names = argv.filter((a) => !a.startsWith('-'));
  const unknown = argv.filter((a) => a.startsWith('-') && a !== '--dry-run');
  if (unknown.length > 0 || names.length !== 1) {
    console.error(unknown.length > 0 ? `unknown option ${unknown.join(', ')}\n${usage}` : usage);
    return 1;
  }
  const root = repoRoot();
  const plan = planRemove(await loadRepo(root), names[0]!);
  if (plan.problems.length > 0) {
    for (const p of plan.problems) console.error(p);
    console.error('remove:resource: nothing was removed');
    return 1;
  }
  if (!dryRun) {
    try {
      applyChanges(plan.changes, nodeDisk(root));
    } catch (err) {
      console.error(`remove:resource: could not remove: ${(err as Error).message}`);
      return 1;
    }
  }
  console.log(dryRun ? `Dry run (nothing is removed): removing ${names[0]} would take out:` : `Removed ${names[0]}:`);
  for (const f of plan.resources[0]!.files) console.log(`  ${f.kind.padEnd(8)} ${f.path}`);
  if (plan.notes.length > 0) console.log(`\n${plan.notes.join('\n')}`);
  console.log('\nNext: npm run typecheck && npm run lint && npm test');
  return 0;
}

// An error the checks did not foresee (a registered definition that no longer loads, ...): one message, exit 1.
process.exitCode = await main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`remove:resource: ${err instanceof Error ? err.message : String(err)}`);
  return 1;
});
