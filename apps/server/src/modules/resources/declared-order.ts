import type { ResourceField } from '@atrium/contracts/resource';

/**
 * An enum field's sort value: its position among the values the definition declares (1, 2, ...; null for
 * null), as SQL text over `column` (a quoted column reference), so `sort=priority` answers low, normal,
 * high, urgent as the select offers them, not the stored values' alphabetical order.
 *
 * The migration's index on it (migration-sql.ts) and the list's ORDER BY (resource.repository.ts) are both
 * written from here, character for character with the values inlined: PostgreSQL uses an expression index
 * only for the same expression, never for one whose array is a parameter. array_position is immutable, so
 * it may be indexed. The values are the definition's (`[A-Za-z0-9_-]`, never a request's).
 */
export function declaredPosition(field: ResourceField, column: string): string {
  const values = field.values!.map((v) => `'${v.value.replaceAll("'", "''")}'`);
  return `array_position(ARRAY[${values.join(', ')}]::text[], ${column})`;
}
