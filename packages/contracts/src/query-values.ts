/** Shared readings of query and filter values. */

/** An empty string means "not set" (a cleared input), so it never filters. */
export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A `YYYY-MM-DD` that names a day of the calendar (not 2026-02-30). */
export const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** An ISO 8601 instant with a real calendar day; without an offset it is read as UTC. */
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})(?:[T ]([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,6})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/;
export function parseInstant(value: string): Date | null {
  const match = ISO_INSTANT.exec(value);
  if (!match || !isRealDate(match[1]!)) return null;
  let text = value.replace(' ', 'T');
  if (text.length === 10) text += 'T00:00:00';
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(text)) text += 'Z';
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** An instant's text names its offset from UTC (`Z`, `+08:00`): without one it would be read as UTC, silently. */
export const hasOffset = (value: string) => /(?:Z|[+-]\d{2}:?\d{2})$/.test(value.trim());
