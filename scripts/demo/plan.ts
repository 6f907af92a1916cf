/**
 * What `npm run demo:remove` changes, worked out from the files alone (no disk, no database), so the
 * command and its tests share one plan.
 *
 * The demo is four folders, one per package: the contracts', the server's, the console's and the browser
 * suites'. The rest of the repository names them only in registry lines: an import from a `demo/` path
 * on its own line, and each use of an imported name as a list entry of its own (`  ...demoSlices,` or
 * `  demoThing,`). The plan deletes the folders and those lines, and refuses (changing nothing) when any
 * other use of a demo name or path would be left behind: the code would not build, and a person would
 * have to guess what the command meant.
 */
import ts from 'typescript';

/** The demo's folders, one per package (docs/architecture.md, "Core and slices"). */
export const demoFolders = ['packages/contracts/src/demo', 'apps/server/src/demo', 'apps/web/src/demo', 'e2e/specs/demo'] as const;

/** Where registry lines may be: the packages' sources, the browser suites, the other tests and the benches. */
export const scannedRoots = ['packages', 'apps', 'e2e', 'tests', 'bench', 'scripts'] as const;
/** Not scanned: installed and built files, and this command itself (it names the folders it removes). */
const skipped = /(^|\/)(node_modules|dist|data|artifacts|results)(\/|$)|^scripts\/demo\//;
export const isScanned = (path: string) => /\.(ts|tsx|mts|mjs|js)$/.test(path) && !skipped.test(path) && !demoFolders.some((d) => path.startsWith(`${d}/`));

/** A module specifier that points into a demo folder: relative (`./demo/…`, `../demo/…`) or the contracts' (`@atrium/contracts/demo/…`). */
const isDemoSpecifier = (specifier: string) => /^(\.{1,2}\/)+(.*\/)?demo\//.test(specifier) || specifier.startsWith('@atrium/contracts/demo/');

export interface DemoPlan {
  /** path -> the file's text without the demo's lines */
  edits: Map<string, string>;
  /** every line taken out, as `path:line: text`, for the report */
  removedLines: string[];
  problems: string[];
}

function kind(path: string): ts.ScriptKind {
  return path.endsWith('.tsx') ? ts.ScriptKind.TSX : path.endsWith('.ts') || path.endsWith('.mts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
}

/** The names a file imports from the demo, and the lines (0-based) of those imports. */
function demoImports(path: string, text: string): { names: Set<string>; lines: Set<number> } {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind(path));
  const names = new Set<string>();
  const lines = new Set<number>();
  for (const statement of source.statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || !isDemoSpecifier(specifier.text)) continue;
    const first = source.getLineAndCharacterOfPosition(statement.getStart(source)).line;
    const last = source.getLineAndCharacterOfPosition(statement.getEnd()).line;
    for (let line = first; line <= last; line++) lines.add(line);
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.name) names.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) names.add(element.name.text);
    }
  }
  return { names, lines };
}

/** Uses of demo names and paths that survive in a file's new text. */
function leftovers(path: string, text: string, names: ReadonlySet<string>): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind(path));
  const found: string[] = [];
  const at = (node: ts.Node) => `${path}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && names.has(node.text)) found.push(`${at(node)}: ${node.text} is still used (only a line of its own, \`${node.text},\` or \`...${node.text},\`, is taken out)`);
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && isDemoSpecifier(node.text)) found.push(`${at(node)}: '${node.text}' still points into the demo`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The plan for a repository given as `path -> text` of its scanned files (isScanned). */
export function planDemoRemoval(files: ReadonlyMap<string, string>): DemoPlan {
  const plan: DemoPlan = { edits: new Map(), removedLines: [], problems: [] };
  for (const [path, text] of files) {
    const { names, lines } = demoImports(path, text);
    if (lines.size === 0) continue;
    const all = text.split('\n');
    const entry = new RegExp(`^\\s*(\\.\\.\\.)?(${[...names].map((n) => n.replace(/\$/g, '\\$')).join('|')}),?\\s*$`);
    const kept: string[] = [];
    all.forEach((line, i) => {
      if (lines.has(i) || (names.size > 0 && entry.test(line))) plan.removedLines.push(`${path}:${i + 1}: ${line.trim()}`);
      else kept.push(line);
    });
    const after = kept.join('\n');
    plan.problems.push(...leftovers(path, after, names));
    plan.edits.set(path, after);
  }
  return plan;
}

/**
 * The tables a demo's migrations create (the command names them; it never drops one), under the names a
 * later `ALTER TABLE ... RENAME TO` gave them: pass a folder's SQL files in their order, joined.
 */
export function createdTables(sql: string): string[] {
  const statements = /create\s+table\s+(?:if\s+not\s+exists\s+)?(?:"?[\w]+"?\.)?"?([\w]+)"?|alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?(?:"?[\w]+"?\.)?"?([\w]+)"?\s+rename\s+to\s+"?([\w]+)"?/gi;
  const tables: string[] = [];
  for (const m of sql.matchAll(statements)) {
    if (m[1]) tables.push(m[1]);
    else for (let i = 0; i < tables.length; i++) if (tables[i] === m[2]) tables[i] = m[3]!;
  }
  return tables;
}
