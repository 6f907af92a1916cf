import type { Preferences } from '@atrium/contracts/calls/preferences';
import { searchTableColumnKeys } from '@atrium/contracts/demo/search-table/index';

export type ColumnKey = (typeof searchTableColumnKeys)[number];
export interface ColumnSetting {
  key: ColumnKey;
  visible: boolean;
}
export type Density = NonNullable<NonNullable<Preferences['searchTable']>['density']>;

export const defaultColumns: ColumnSetting[] = searchTableColumnKeys.map((key) => ({ key, visible: true }));
export const DEFAULT_DENSITY: Density = 'medium';

/**
 * The saved order and visibility, repaired: unknown or repeated keys are dropped, columns added since
 * the save are appended visible, and at least one column stays visible.
 */
export function mergeColumns(saved: readonly { key: string; visible: boolean }[] | undefined): ColumnSetting[] {
  if (!saved?.length) return defaultColumns;
  const known = new Set<string>(searchTableColumnKeys);
  const seen = new Set<string>();
  const out: ColumnSetting[] = [];
  for (const column of saved) {
    if (!known.has(column.key) || seen.has(column.key)) continue;
    seen.add(column.key);
    out.push({ key: column.key as ColumnKey, visible: column.visible });
  }
  for (const key of searchTableColumnKeys) if (!seen.has(key)) out.push({ key, visible: true });
  if (!out.some((c) => c.visible)) out[0] = { ...out[0]!, visible: true };
  return out;
}

/** Moves the column at `from` to `to` (both indexes in the current order). */
export function moveColumn(columns: ColumnSetting[], from: number, to: number): ColumnSetting[] {
  if (from === to || from < 0 || to < 0 || from >= columns.length || to >= columns.length) return columns;
  const next = [...columns];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** Arco Table sizes for the four densities. */
export const densityToSize = { mini: 'mini', small: 'small', medium: 'middle', large: 'default' } as const;
