import type { QueryParams } from './options';

/** Query string with RFC 3986 encoding (space as %20, never `+`, which the signature reads as a plus). */
export function buildQuery(query: QueryParams | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      // an empty value alone is no value; in a repeated key it holds its place (a range's open start)
      if (v === undefined || v === null || (v === '' && !Array.isArray(value))) continue;
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`);
    }
  }
  return parts.join('&');
}

/** The definition's path with each `:name` replaced by its encoded value; a missing value is a programming error. */
export function fillPath(pattern: string, params: Record<string, string | number> | undefined): string {
  return pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`missing path parameter ${name} of ${pattern}`);
    return encodeURIComponent(String(value));
  });
}
