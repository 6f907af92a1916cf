import { patternSamples } from './pattern-sample.ts';
import type { ResourceDef, ResourceField } from './resource.ts';
import type { Locale } from './locale.ts';

/**
 * Valid values of a resource's fields, the n-th of a series (a string differs from one n to the next):
 * what the kit's tests and the browser suite fill a form with, for any definition. A string field's
 * values come from its `example` varied, else from readable candidates (`Sample title 7`, `SAMPLE-7`),
 * else from its pattern itself (pattern-sample.ts), whichever first gives values the field accepts for
 * every n the suites use; `new:resource` refuses a field none of them serves (resourceSampleProblems).
 * Never a life cycle's state field: no create or update takes it (docs/resources.md, "Life cycles").
 */
export function resourceSample(def: ResourceDef, n: number, references: Record<string, number | undefined> = {}): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of def.fields.filter((f) => !f.state)) {
    const value = sampleValue(f, n, references[f.name]);
    if (value !== undefined) values[f.name] = value;
  }
  return values;
}

function clamp(value: number, f: ResourceField): number {
  return Math.min(f.max ?? Number.MAX_SAFE_INTEGER, Math.max(f.min ?? Number.MIN_SAFE_INTEGER, value));
}

function sampleValue(f: ResourceField, n: number, reference: number | undefined): unknown {
  switch (f.type) {
    case 'string': {
      const sampler = stringSampler(f);
      if (!sampler) throw new Error(`${f.name}: no sample value can be made for /${f.pattern}/; give the field an "example" (docs/resources.md)`);
      return sampler(n);
    }
    case 'text':
      return `Sample text ${n}`.slice(0, f.max ?? 2000);
    case 'integer':
      return clamp((f.min ?? 0) + (n % 1000), f);
    case 'decimal': {
      const value = clamp((f.min ?? 0) + (n % 1000) + 0.5, f);
      return value.toFixed(f.scale ?? 2);
    }
    case 'boolean':
      return n % 2 === 0;
    case 'date':
      return `2026-01-${String((n % 28) + 1).padStart(2, '0')}`;
    case 'datetime':
      return `2026-01-${String((n % 28) + 1).padStart(2, '0')}T08:30:00.000Z`;
    case 'enum':
      return f.values![n % f.values!.length]!.value;
    case 'reference':
      return reference;
  }
}

/* ---------- string values ---------- */

type Sampler = (n: number) => string;

/** The n the suites take: the server suite's serials, the browser suite's six digits of the clock and the next. */
const probes = [...Array.from({ length: 64 }, (_, i) => i), 999, 99_999, 123_456, 999_998];

/** Whether `sampler` serves the field: every probe's value (and the next n's) accepted; a unique field's all different. */
function serves(f: ResourceField, sampler: Sampler, accepts: (v: string) => boolean): boolean {
  const seen = new Set<string>();
  for (const n of probes) {
    const [value, next] = [sampler(n), sampler(n + 1)];
    if (!accepts(value) || !accepts(next)) return false;
    // a unique string is compared without regard to case
    if (f.unique && (value.toLowerCase() === next.toLowerCase() || (n < 64 && seen.has(value.toLowerCase())))) return false;
    seen.add(value.toLowerCase());
  }
  return true;
}

/** The example with its digits and letters changed, one position at a time where the pattern allows: the n-th variant. */
function exampleVariants(example: string, accepts: (v: string) => boolean): Sampler {
  const kinds = ['0123456789', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'];
  const chars = [...example];
  const choices = chars.map((c, i) => {
    const kind = kinds.find((k) => k.includes(c));
    return [c, ...(kind ? [...kind].filter((o) => o !== c && accepts(chars.with(i, o).join(''))) : [])];
  });
  return (n) => {
    const out = [...chars];
    for (let i = out.length - 1, k = n; i >= 0 && k > 0; i--) {
      out[i] = choices[i]![k % choices[i]!.length]!;
      k = Math.floor(k / choices[i]!.length);
    }
    return out.join('');
  };
}

const samplers = new Map<string, Sampler | null>();

/** How a string field's values are made, or null when no way serves it (remembered per field shape). */
function stringSampler(f: ResourceField): Sampler | null {
  const key = JSON.stringify([f.pattern, f.max, f.example, f.unique === true]);
  if (samplers.has(key)) return samplers.get(key)!;
  const max = f.max ?? 100;
  const re = f.pattern === undefined ? undefined : new RegExp(`^(?:${f.pattern})$`, 'u');
  const accepts = (v: string) => v !== '' && v.trim() === v && [...v].length <= max && (!re || re.test(v));
  const readable: Sampler = (n) => [`Sample ${f.name} ${n}`, `SAMPLE-${n}`, `sample-${n}`, `S${n}`, `${n}`.padStart(3, '0'), `sample${n}@example.com`].map((c) => c.slice(-max)).find(accepts) ?? '';
  const fromPattern = patternSamples(f.pattern ?? '[A-Za-z0-9]+', max);
  const ways = [f.example === undefined ? undefined : exampleVariants(f.example, accepts), readable, fromPattern];
  const found = ways.find((way): way is Sampler => way !== undefined && serves(f, way, accepts)) ?? null;
  samplers.set(key, found);
  return found;
}

/**
 * A field of the definition for which no sample values can be made, with what to add: `new:resource`
 * refuses the spec, since the generated suites could not fill the field.
 */
export function resourceSampleProblems(def: ResourceDef): string[] {
  return def.fields.flatMap((f, i) => {
    if (f.type !== 'string' || stringSampler(f)) return [];
    const what = `fields[${i}]: no sample values can be made for "${f.name}"${f.pattern === undefined ? '' : ` from its pattern /${f.pattern}/`} within ${f.max ?? 100} characters${f.unique ? ', a different one for each record' : ''}`;
    return [`${what}: ${f.example === undefined ? 'add an "example" to the field, a value it accepts' : 'give an "example" whose digits or letters the pattern lets vary'} (the generated tests fill the form with such values)`];
  });
}

/** A cell as a person types it in a spreadsheet: an enum by its label, a boolean as 是/否 (Yes/No), a reference by the id given. */
function importCell(def: ResourceDef, name: string, value: unknown, locale: Locale): string {
  const field = def.fields.find((f) => f.name === name);
  if (value === null || value === undefined) return '';
  if (field?.type === 'enum') return field.values!.find((v) => v.value === value)?.label[locale] ?? String(value);
  if (field?.type === 'boolean') return value ? (locale === 'zh-CN' ? '是' : 'Yes') : locale === 'zh-CN' ? '否' : 'No';
  return String(value);
}

/**
 * Records (a form's values) as the rows of a spreadsheet to import: the header the fields' labels in `locale`
 * (those the records hold), then a row each. What the import's tests upload.
 */
export function importSampleTable(def: ResourceDef, records: readonly Record<string, unknown>[], locale: Locale = 'zh-CN'): string[][] {
  const names = def.fields.filter((f) => !f.state && records.some((r) => r[f.name] !== undefined)).map((f) => f.name);
  return [names.map((n) => def.fields.find((f) => f.name === n)!.label[locale]), ...records.map((r) => names.map((n) => importCell(def, n, r[n], locale)))];
}

const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
/** A table as a CSV file's text, as a spreadsheet saves one: a BOM, CRLF, a quoted cell where it needs quotes. */
export const importSampleCsv = (table: readonly (readonly string[])[]) => `\uFEFF${table.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
