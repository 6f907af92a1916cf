import { dirname, resolve } from 'node:path';
import { build, runnerImport, type Plugin } from 'vite';
import { chunkOf, reachable } from './graph.ts';
import { lazyModules } from './prerender-plugin.ts';

type Group = { name: string; test: (id: string) => boolean; priority: number; includeDependenciesRecursively: false };
/** What a chunk of the bundle says of itself (rolldown's output chunk, the fields read here). */
type Chunk = { type: 'chunk'; fileName: string; isEntry: boolean; facadeModuleId: string | null; moduleIds: string[]; imports: string[] };

const src = (path: string) => resolve(import.meta.dirname, 'src', path);
const LOGIN = src('features/login/login-page.tsx');
const SHELL = src('app/shell.tsx');
/** Set in the measuring build, so that its own configuration does not measure again. */
const MEASURING = 'ATRIUM_FIRST_VIEW_MEASURING';

/** The files a view loads before it runs: its chunk and every chunk that imports, followed down. */
function viewFiles(chunks: Chunk[], moduleId: string): Set<string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const start = chunkOf(chunks, moduleId);
  if (!start) throw new Error(`first-view chunks: no chunk holds ${moduleId}`);
  return reachable([start.fileName], (file) => byFile.get(file)?.imports ?? []);
}

/**
 * The shell's first view in two files instead of about forty, without a byte more for the sign-in page.
 *
 * Left to itself the bundler cuts one chunk per set of importers, and the shell's modules are shared with
 * forty pages in as many ways: a signed-in visitor's first view asked for about 80 scripts and 27
 * stylesheets, which HTTP/1.1 fetches six at a time, each paying the round trip (on the 100 ms network,
 * about 1.2 s of queue; bench/README.md, issue 27). Every signed-in view loads the shell, and the sign-in
 * page loads its own part of the console; so two groups cost no view anything:
 * - `first-common`: what the shell and the sign-in page both load (the sign-in page loads all of it anyway);
 * - `first-shell`: what the shell loads and the sign-in page does not (every signed-in page loads it anyway).
 * - `first-page`: what the landing page (the contracts' `defaultRoute`) loads beyond the shell, the
 *   sign-in page and the entry: left to itself, about 30 scripts and 14 stylesheets, each a request of the
 *   signed-in first view queued behind the others (issue 42). Another page that needs one of its modules
 *   loads the whole file (issue 42 measured that no page is opened before the landing page but by a link);
 *   the total stays the same, since every module is still in one file only. What the page imports on
 *   demand (the charts) is not in it.
 * What the console's entry loads stays where it is (both views load it, before either).
 *
 * Which modules those are can only be read from a bundle: the static import graph is wider than what is
 * kept (the icon package's index names every icon), and groups drawn from it held modules the sign-in page
 * never runs, or left two chunks importing each other (texts-chunks.ts). So the build first bundles the
 * console as it would be cut without these groups (in memory, without the pre-rendering), reads which
 * chunks each view loads, and gives the real build those chunks' modules. The groups take no dependencies
 * with them; the plugin checks, on the real bundle, that the sign-in page loads nothing of `first-shell`.
 */
export async function firstViewChunks(configFile: string): Promise<{ plugin: Plugin; groups: Group[] } | null> {
  const common = new Set<string>();
  const shell = new Set<string>();
  const page = new Set<string>();
  const plugin: Plugin = {
    name: 'atrium-first-view-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk') as unknown as Chunk[];
      const loginFiles = viewFiles(chunks, LOGIN);
      const leaked = chunks.filter((c) => loginFiles.has(c.fileName) && c.moduleIds.some((id) => shell.has(id))).map((c) => c.fileName);
      if (leaked.length > 0) this.error(`first-view chunks: the sign-in page would load the shell's own code (${leaked.join(', ')})`);
    },
  };
  // The measuring build itself: cut as the bundler would without the groups.
  if (process.env[MEASURING]) return null;

  process.env[MEASURING] = '1';
  let output;
  try {
    output = await build({ configFile, root: dirname(configFile), logLevel: 'silent', build: { write: false, emptyOutDir: false } });
  } finally {
    delete process.env[MEASURING];
  }
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => ('output' in o ? o.output : [])).filter((c) => c.type === 'chunk') as unknown as Chunk[];
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('first-view chunks: the measuring build has no entry chunk');
  const entryFiles = viewFiles(chunks, entry.facadeModuleId!);
  const login = viewFiles(chunks, LOGIN);
  const shellFiles = viewFiles(chunks, SHELL);
  const modulesOf = (file: string) => chunks.find((c) => c.fileName === file)!.moduleIds;
  for (const file of shellFiles) {
    if (entryFiles.has(file)) continue;
    for (const id of modulesOf(file)) (login.has(file) ? common : shell).add(id);
  }
  const landing = await landingModule(configFile);
  for (const file of viewFiles(chunks, landing)) {
    if (entryFiles.has(file) || shellFiles.has(file) || login.has(file)) continue;
    for (const id of modulesOf(file)) page.add(id);
  }
  const groups: Group[] = [
    { name: 'first-common', test: (id) => common.has(id), priority: 10, includeDependenciesRecursively: false },
    { name: 'first-shell', test: (id) => shell.has(id), priority: 10, includeDependenciesRecursively: false },
    { name: 'first-page', test: (id) => page.has(id), priority: 10, includeDependenciesRecursively: false },
  ];
  return { plugin, groups };
}

/** The landing page's module: the contracts' `defaultRoute` (a slice's landing page, else the core's home page). */
async function landingModule(configFile: string): Promise<string> {
  const root = dirname(configFile);
  const { module } = await runnerImport<{ defaultRoute: { name: string } }>('@atrium/contracts/routes', { root, configFile: false, logLevel: 'silent' });
  const id = lazyModules().pages.get(module.defaultRoute.name);
  if (!id) throw new Error(`first-view chunks: no page module for the landing page ${module.defaultRoute.name}`);
  return id;
}

/** Whether this configuration is the measuring build's (which leaves out what only the real build needs). */
export const measuringFirstView = (): boolean => !!process.env[MEASURING];
