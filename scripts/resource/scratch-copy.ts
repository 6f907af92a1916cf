/**
 * A scratch copy of the repository to generate into (CI and the generator's tests): the files git knows
 * (tracked, and new ones it does not ignore), and node_modules as links to this checkout's packages, so
 * nothing is installed again. The workspaces' own links (node_modules/@atrium) point into the copy, so
 * typecheck, lint and the tests there see the copy's contracts, server and console, not this checkout's.
 *
 *   node --import tsx scripts/resource/scratch-copy.ts <empty or missing directory>
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** `node_modules` of `from` in `to`: each package a link to the original, the workspaces' links copied as they are (relative). */
function linkModules(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    // caches (vite's) stay the copy's own
    if (entry.startsWith('.vite') || entry === '.cache') continue;
    const source = join(from, entry);
    if (entry === '@atrium') {
      mkdirSync(join(to, entry));
      for (const workspace of readdirSync(source)) {
        const link = join(source, workspace);
        symlinkSync(lstatSync(link).isSymbolicLink() ? readlinkSync(link) : link, join(to, entry, workspace));
      }
    } else symlinkSync(source, join(to, entry));
  }
}

export function scratchCopy(dest: string, root = here): void {
  if (existsSync(dest) && readdirSync(dest).length > 0) throw new Error(`${dest} is not empty`);
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  for (const file of new Set(listed.split('\0').filter(Boolean))) {
    const source = join(root, file);
    // a file deleted in the working tree but still in the index is not part of the copy
    if (!existsSync(source) || lstatSync(source).isDirectory()) continue;
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    copyFileSync(source, join(dest, file));
  }
  const moduleDirs = ['node_modules', ...['apps', 'packages', 'tests'].flatMap((d) => (existsSync(join(root, d)) ? readdirSync(join(root, d)).map((w) => `${d}/${w}/node_modules`) : []))];
  for (const dir of moduleDirs) if (existsSync(join(root, dir))) linkModules(join(root, dir), join(dest, dir));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const dest = process.argv[2];
  if (!dest) {
    console.error('usage: node --import tsx scripts/resource/scratch-copy.ts <directory>');
    process.exit(1);
  }
  scratchCopy(resolve(dest));
  console.log(`copied ${here} to ${resolve(dest)}`);
}
