import type { ResourceDef, ResourceField } from './resource.ts';

/**
 * Valid values of a resource's fields, the n-th of a series (unique fields differ from one n to the
 * next): what the kit's tests and the browser suite fill a form with, for any definition. A string
 * field with a `pattern` gets the first candidate its pattern accepts.
 */
export function resourceSample(def: ResourceDef, n: number, references: Record<string, number | undefined> = {}): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of def.fields) {
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
      const max = f.max ?? 100;
      const candidates = [`Sample ${f.name} ${n}`, `SAMPLE-${n}`, `sample-${n}`, `S${n}`, `${n}`.padStart(3, '0'), `sample${n}@example.com`].map((c) => c.slice(-max));
      if (!f.pattern) return candidates[0];
      const re = new RegExp(`^(?:${f.pattern})$`, 'u');
      const hit = candidates.find((c) => re.test(c));
      if (hit === undefined) throw new Error(`${f.name}: no sample value matches /${f.pattern}/; give the test its own values`);
      return hit;
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
