import { describe, expect, it } from 'vitest';
import { defaultColumns, mergeColumns, moveColumn } from './columns.ts';

describe('column settings', () => {
  it('defaults to every column shown in table order', () => {
    expect(mergeColumns(undefined)).toEqual(defaultColumns);
    expect(defaultColumns.map((c) => c.key)).toEqual(['index', 'number', 'name', 'contentType', 'filterType', 'count', 'createdTime', 'status', 'department', 'owner']);
  });

  it('repairs a saved order', () => {
    const merged = mergeColumns([
      { key: 'status', visible: false },
      { key: 'bogus', visible: true },
      { key: 'status', visible: true },
      { key: 'name', visible: true },
    ]);
    expect(merged.slice(0, 3)).toEqual([
      { key: 'status', visible: false },
      { key: 'name', visible: true },
      { key: 'index', visible: true },
    ]);
    expect(merged).toHaveLength(10);
  });

  it('keeps one column visible', () => {
    const merged = mergeColumns(defaultColumns.map((c) => ({ ...c, visible: false })));
    expect(merged.filter((c) => c.visible)).toHaveLength(1);
  });

  it('moves columns', () => {
    const moved = moveColumn(defaultColumns, 0, 2);
    expect(moved.map((c) => c.key).slice(0, 3)).toEqual(['number', 'name', 'index']);
    expect(moveColumn(defaultColumns, 0, 99)).toBe(defaultColumns);
  });
});
