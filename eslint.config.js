import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Import boundaries (import-x/no-restricted-paths zones: files under `target` may not import from `from`).
const web = './apps/web/src';
const features = readdirSync(new URL('apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// Features other pages show parts of (two-step: the enrolment in the user settings; system-department:
// the department tree the account pages pick from); they import no other feature themselves.
const sharedFeatures = ['two-step', 'system-department'];
const webZones = [
  // A feature is a page: it builds on lib, components, stores, locales and the contracts, never on the
  // shell (layout), the composition (app) or another feature (but the shared ones above).
  ...features.map((name) => ({
    target: `${web}/features/${name}`,
    from: [`${web}/app`, `${web}/layout`, ...features.filter((other) => other !== name && !sharedFeatures.includes(other)).map((other) => `${web}/features/${other}`)],
    message: 'A feature imports only lib, components, stores, locales and the contracts.',
  })),
  // The shell gets its pages from app/ (the composition), not by importing them.
  { target: `${web}/layout`, from: [`${web}/app`, `${web}/features`], message: 'The shell imports lib, components, stores and locales; app/ composes it with the pages.' },
  { target: `${web}/components`, from: [`${web}/app`, `${web}/layout`, `${web}/features`], message: 'Shared components import only lib, stores and locales.' },
  { target: `${web}/stores`, from: [`${web}/app`, `${web}/layout`, `${web}/features`, `${web}/components`], message: 'Stores import only lib and the contracts.' },
  { target: `${web}/lib`, from: [`${web}/app`, `${web}/layout`, `${web}/features`, `${web}/components`, `${web}/stores`], message: 'lib imports only lib and the contracts.' },
  { target: `${web}/locales`, from: [`${web}/app`, `${web}/layout`, `${web}/features`, `${web}/components`, `${web}/stores`, `${web}/lib`], message: 'Dictionaries import nothing of the app.' },
];
const server = './apps/server/src';
// Modules build on each other in one direction: each may import only those listed before it (a new
// module takes its place here, or the configuration refuses to load).
const moduleOrder = ['shared', 'auth', 'user', 'user-setting', 'system', 'message', 'health', 'openapi', 'resources', 'approvals'];
const serverModules = readdirSync(new URL('apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unplaced = serverModules.filter((name) => !moduleOrder.includes(name));
if (unplaced.length > 0) throw new Error(`eslint.config.js: place the server module(s) ${unplaced.join(', ')} in moduleOrder`);
const moduleDirection = moduleOrder.slice(0, -1).map((name, i) => ({
  target: `${server}/modules/${name}`,
  from: moduleOrder.slice(i + 1).map((later) => `${server}/modules/${later}`),
  message: `Server modules import in one direction (${moduleOrder.join(' < ')}): ${name} may import only the modules before it.`,
}));
// A concern the request pipeline and the modules share keeps every layer in one folder (store, resolving,
// service, routes, tests): sessions/ and audit/ (docs/architecture.md, "Where each concern lives"). The
// pipeline uses them, so they sit below the modules: they import none but the shared helpers of
// modules/shared (it imports no module itself) and no plugin; the modules import them and register their
// routes. Below both sits the list layer (lists/: pages, totals, the answer cache, the data scope's
// condition, CSV), which every list uses and which imports only the database layer and the HTTP helpers.
const concerns = [`${server}/sessions`, `${server}/audit`];
const listLayer = `${server}/lists`;
const serverZones = [
  ...moduleDirection,
  { target: [`${server}/plugins`, `${server}/http`], from: `${server}/modules`, message: 'The request pipeline and the HTTP helpers serve the modules; they never import one.' },
  { target: concerns, from: `${server}/modules`, except: ['./shared'], message: 'sessions/ and audit/ sit below the modules: of modules/ they import only the shared helpers (modules/shared).' },
  { target: concerns, from: `${server}/plugins`, message: 'sessions/ and audit/ serve the request pipeline; they never import a plugin.' },
  { target: listLayer, from: [`${server}/modules`, `${server}/plugins`, ...concerns, `${server}/demo`, `${server}/resources`], message: 'The list layer (lists/) sits below the modules, sessions/ and audit/: it imports only db/, http/ and the contracts.' },
  { target: `${server}/db`, from: [`${server}/modules`, `${server}/plugins`, ...concerns, listLayer], message: 'The database layer (schema, migrations, seeds) imports no module, plugin, sessions/ or audit/.' },
];

// The core never imports a slice (docs/architecture.md, "Core and slices"): in each package only the
// registry (`slices.ts`, and the contracts' `slice-calls.ts` for the schemas) names the demo, so `npm run
// demo:remove` takes the demo out by its folders and the registry lines. Every other file and folder of a
// package's source is core.
const coreOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.name !== 'demo' && entry.name !== 'slices.ts' && entry.name !== 'slice-calls.ts')
    .map((entry) => `./${dir}/${entry.name}`);
const demoOf = (dir) => `./${dir}/demo`;
const coreMessage = 'The core imports no slice: only the registry (slices.ts) names the demo (docs/architecture.md, "Core and slices").';
const sliceZones = [
  { target: coreOf('packages/contracts/src'), from: demoOf('packages/contracts/src'), message: coreMessage },
  { target: coreOf('apps/server/src'), from: [demoOf('apps/server/src'), demoOf('packages/contracts/src')], message: coreMessage },
  { target: coreOf('apps/web/src'), from: [demoOf('apps/web/src'), demoOf('packages/contracts/src')], message: coreMessage },
  { target: [...coreOf('e2e/specs'), './e2e/lib'], from: [demoOf('e2e/specs'), demoOf('packages/contracts/src'), demoOf('apps/server/src'), demoOf('apps/web/src')], message: coreMessage },
  // A slice's pages are pages: like a feature, they build on lib, components, stores, locales, the contracts
  // and the shared features (a scoped page's department picker is the departments' own, decision 036).
  {
    target: `${web}/demo`,
    from: [`${web}/app`, `${web}/layout`, ...features.filter((name) => !sharedFeatures.includes(name)).map((name) => `${web}/features/${name}`)],
    message: "A slice's pages import only lib, components, stores, locales, the contracts and the shared features.",
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', 'apps/server/drizzle/**', 'e2e/artifacts/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'tests/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...webZones, ...serverZones, ...sliceZones] }],
    },
  },
  // In a module only the repository speaks SQL: services and routes reach the database through it
  // (a transaction handle passes through them unopened).
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/pglite', '@electric-sql/pglite/*'], message: 'Only a *.repository.ts queries the database.' },
            { group: ['**/db/schema', '**/db/schema/*', '**/db/prepared.ts'], message: 'Only a *.repository.ts reads the schema or runs statements.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Tests read parsed JSON answers; typing every envelope there costs more than it finds.
  { files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**/*.ts', 'e2e/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: ['**/*.mjs', '**/*.js'], languageOptions: { globals: { window: 'readonly', document: 'readonly', fetch: 'readonly' } } },
  // The console reaches the API only through its client (call() and the endpoints checked against the
  // contract's call table); a hand-typed API path anywhere else escapes those checks. (\x2F is the slash.)
  {
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/lib/api/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\x2Fapi\\x2F/]', message: "Call the API through call(endpoints.…) from lib/api, not with an '/api/' path." },
        { selector: 'TemplateElement[value.raw=/^\\x2Fapi\\x2F/]', message: "Call the API through call(endpoints.…) from lib/api, not with an '/api/' path." },
        // Arco names a field's input `<form id>-<field>_input` (its label's `for`): without an id, two forms
        // on one page (a list's filters and its drawer's form) give two inputs one id, and a label names the wrong one.
        { selector: "JSXOpeningElement[name.name='Form']:not(:has(JSXAttribute[name.name='id']))", message: 'Give the <Form> an id of its own: the ids of its inputs and its labels start with it.' },
        // Arco's Modal leaves the focus on the page's body when it closes: components/dialog-modal.tsx gives it back to its opener.
        { selector: "ImportDeclaration[source.value='@arco-design/web-react'] > ImportSpecifier[imported.name='Modal']", message: 'Use DialogModal (components/dialog-modal.tsx): it gives the focus back to the modal\'s opener when it closes.' },
      ],
    },
  },
);
