/**
 * The edits of the three registries (contracts, server, console): a resource's line above the marker and
 * its import among the imports, and both taken out again.
 */

/** The line in each registry above which the command adds a resource's line. */
export const MARKER = '// new:resource adds its lines above this one';

export const markerIndex = (lines: string[]) => lines.findIndex((l) => l.trim() === MARKER);

/** The import statements of a file: first and last line, and the module they import. */
function importStatements(lines: string[]) {
  const out: { start: number; end: number; from: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^import\s/.test(lines[i]!)) continue;
    const start = i;
    while (i < lines.length && !/(from\s+|^import\s+)'[^']+';\s*$/.test(lines[i]!)) i++;
    const from = /'([^']+)';\s*$/.exec(lines[Math.min(i, lines.length - 1)]!)?.[1] ?? '';
    out.push({ start, end: i, from });
  }
  return out;
}

/** `text` with `entry` above the marker (at its indentation) and `importLine` among the imports, sorted by module. */
export function addToRegistry(text: string, entry: string, importLine?: string): string {
  const lines = text.split('\n');
  const at = markerIndex(lines);
  if (at < 0) throw new Error(`no line "${MARKER}"`);
  const indent = /^\s*/.exec(lines[at]!)![0];
  lines.splice(at, 0, `${indent}${entry}`);
  if (importLine) {
    const from = /'([^']+)';$/.exec(importLine)![1]!;
    const imports = importStatements(lines);
    const next = imports.find((s) => s.from > from);
    const where = next ? next.start : imports.length > 0 ? imports.at(-1)!.end + 1 : 0;
    lines.splice(where, 0, importLine);
  }
  return lines.join('\n');
}

/** `text` without the resource's lines; `missing` gets the lines that were not there (edited by hand). */
export function removeFromRegistry(text: string, entry: string, importLine: string | undefined, missing: string[]): string {
  const lines = text.split('\n');
  const drop = (wanted: string, trim: boolean) => {
    const i = lines.findIndex((l) => (trim ? l.trim() : l) === wanted);
    if (i < 0) missing.push(wanted);
    else lines.splice(i, 1);
  };
  drop(entry, true);
  if (importLine) drop(importLine, false);
  return lines.join('\n');
}
