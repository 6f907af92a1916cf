/**
 * What `npm run new:resource` and `npm run remove:resource` share: where a resource's files are, what the
 * commands need of the repository they work on (repo.ts reads it from the files), and the plan each makes
 * of the files to write (plan-new.ts, plan-remove.ts), which apply.ts writes all or nothing. Nothing in
 * the planning writes.
 */
import type { ResourceDef } from '@atrium/contracts/resource';
import type * as ResourceKit from '@atrium/contracts/resource';

/**
 * A resource is a slice (docs/architecture.md, "Core and slices"): its files in each package, and one line
 * in each package's registry (slices.ts). `kebab` is the resource's name in kebab case (`purchase-order`).
 */
export const paths = {
  contractsRegistry: 'packages/contracts/src/slices.ts',
  serverRegistry: 'apps/server/src/slices.ts',
  webRegistry: 'apps/web/src/slices.ts',
  /** The core's migrations: those of resources generated before they were slices, and the drops of removed ones. */
  migrations: 'apps/server/drizzle',
  journal: 'apps/server/drizzle/meta/_journal.json',
  /** The definition and its contracts slice. */
  definition: (name: string) => `packages/contracts/src/resources/${name}.ts`,
  serverSlice: (kebab: string) => `apps/server/src/resources/${kebab}/index.ts`,
  serverTest: (kebab: string) => `apps/server/src/resources/${kebab}/${kebab}.test.ts`,
  sliceMigrations: (kebab: string) => `apps/server/src/resources/${kebab}/migrations`,
  sliceJournal: (kebab: string) => `apps/server/src/resources/${kebab}/migrations/meta/_journal.json`,
  webSlice: (kebab: string) => `apps/web/src/resources/${kebab}/index.ts`,
  webPage: (kebab: string) => `apps/web/src/resources/${kebab}/${kebab}-page.tsx`,
  browserTest: (kebabPlural: string) => `e2e/specs/resource-${kebabPlural}.test.ts`,
  migration: (tag: string) => `apps/server/drizzle/${tag}.sql`,
};

/** What the command needs of the repository it works on (repo.ts loads it from the files). */
export interface Repo {
  /** A file's text, undefined when it does not exist. Paths are relative to the repository, with `/`. */
  read(path: string): string | undefined;
  /** The file names in a directory (none when it does not exist). */
  list(dir: string): string[];
  /** Every file under a directory, at any depth, as paths from the repository (none when it does not exist). */
  files(dir: string): string[];
  /** The registry's resources, as the contracts define them. */
  resources: readonly ResourceDef[];
  /** The names of the registry's slices (a resource's server slice names its migrations journal after it). */
  slices: readonly string[];
  /** The folders of migrations: the core's (apps/server/drizzle) first, then every slice's (`migrations/` with a journal). */
  migrationFolders: readonly string[];
  /** The console's pages (leaf routes) and its own menu groups (top-level routes with a page that is not a resource's). */
  pages: readonly { path: string; name?: string }[];
  groups: readonly string[];
  calls: readonly { id: string; path: string }[];
  permissions: readonly string[];
  /** The role codes a life cycle's approval may name: the built-in roles and those the slices bring (contracts' permissions.ts). */
  roles: readonly string[];
  kit: Pick<typeof ResourceKit, 'resourceSpecProblems' | 'defineResource' | 'snakeCase' | 'kebabCase' | 'RESOURCE_NAME_PATTERN'>;
  /** The fields the generated tests could not fill (contracts' resource-sample.ts), each with what to add. */
  sampleProblems?: (def: ResourceDef) => string[];
  /** Whether git has the file in the commit checked out (a migration there may have run anywhere). */
  committed?: (path: string) => boolean;
  /** A file's text in the commit checked out (undefined: not there, or no git repository). */
  committedText?: (path: string) => string | undefined;
  /** The server kit's migration text; undefined when the server kit is not in the repository. */
  migrationSql?: (def: ResourceDef, tag: string, others: readonly ResourceDef[]) => string;
  /** The server kit's upgrade of a table generated before records were scoped; undefined without it. */
  scopeUpgradeSql?: (def: ResourceDef, tag: string) => string;
}

/** One file the command writes: `before` undefined creates it, `after` undefined deletes it. */
export interface Change {
  path: string;
  before: string | undefined;
  after: string | undefined;
}

export interface Planned {
  /** The spec file (new) or the resource (remove), and its files in the order they are written. */
  source: string;
  def: ResourceDef;
  files: { path: string; kind: 'new' | 'changed' | 'deleted' }[];
}

export interface Plan {
  problems: string[];
  resources: Planned[];
  changes: Change[];
  /** What the command prints after the list (remove: the table that stays). */
  notes: string[];
}
