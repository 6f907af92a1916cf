/**
 * `npm run upgrade:resources [-- --dry-run]`: writes, for every scoped resource generated before records
 * were scoped (issue 39), the migration that gives its records a department and an owner (plan-upgrade.ts;
 * docs/resources.md, "Resources generated before scoped records"). Nothing to upgrade: it says so and
 * writes nothing.
 */
import { applyChanges } from './apply.ts';
import { planScopeUpgrade } from './plan-upgrade.ts';
import { loadRepo, nodeDisk, repoRoot } from './repo.ts';

async function main(argv: string[]): Promise<number> {
  const dryRun = argv.includes('--dry-run');
  const unknown = argv.filter((a) => a !== '--dry-run');
  if (unknown.length > 0) {
    console.error(`unknown argument ${unknown.join(', ')}\nusage: npm run upgrade:resources [-- --dry-run]`);
    return 1;
  }
  const root = repoRoot();
  const plan = planScopeUpgrade(await loadRepo(root));
  if (plan.problems.length > 0) {
    for (const p of plan.problems) console.error(p);
    console.error('upgrade:resources: nothing was written');
    return 1;
  }
  if (plan.resources.length === 0) {
    console.log('Every scoped resource has its department and owner: nothing to upgrade.');
    return 0;
  }
  if (!dryRun) applyChanges(plan.changes, nodeDisk(root));
  console.log(dryRun ? 'Dry run (nothing is written): upgrading would write:' : 'Wrote:');
  for (const r of plan.resources) for (const f of r.files) console.log(`  ${f.kind.padEnd(8)} ${f.path}`);
  console.log(`\n${plan.notes.join('\n')}`);
  console.log('\nNext: npm run typecheck && npm test, then npm start (it applies the migrations)');
  return 0;
}

process.exitCode = await main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`upgrade:resources: ${err instanceof Error ? err.message : String(err)}`);
  return 1;
});
