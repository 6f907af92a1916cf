// `npm run build -w @atrium/server`: the server as plain JavaScript (decision 011).
//
// - apps/server/dist: the server, one ES module per source file reached from src/main.ts and the two
//   command-line tools, with source maps (apps/server/tsconfig.build.json).
// - apps/server/dist/node_modules/@atrium/contracts: the contracts, compiled the same way, with a
//   package.json whose exports name the .js files. Node resolves `@atrium/contracts` from dist/ to this
//   copy before the workspace link (which points at the TypeScript sources that tsx, vite and vitest read),
//   so the compiled server needs no loader and no flag.
//
// dist/ is emptied first, so a source file deleted since the last build leaves nothing behind.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/server/dist');
const contractsOut = join(dist, 'node_modules/@atrium/contracts');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function compile(args) {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [tsc, ...args], { cwd: root, stdio: 'inherit' });
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? ok() : fail(new Error(`tsc ${args.join(' ')} failed (exit ${code})`))));
  });
}

const started = Date.now();
rmSync(dist, { recursive: true, force: true });
// Two independent programs: compiled side by side.
const results = await Promise.allSettled([
  compile(['-p', 'apps/server/tsconfig.build.json']),
  compile(['-p', 'packages/contracts/tsconfig.build.json', '--outDir', contractsOut]),
]);
const failed = results.find((r) => r.status === 'rejected');
if (failed) {
  console.error(failed.reason.message);
  process.exit(1);
}
mkdirSync(contractsOut, { recursive: true });
writeFileSync(
  join(contractsOut, 'package.json'),
  `${JSON.stringify({ name: '@atrium/contracts', private: true, type: 'module', exports: { '.': './index.js', './*': './*.js' } }, null, 2)}\n`,
);
console.log(`Built the server in ${((Date.now() - started) / 1000).toFixed(1)} s: apps/server/dist (run it with npm run start:prod)`);
