import { describe, expect, it } from 'vitest';
import type { CollectionFilter } from '@atrium/contracts/demo/search-table/calls';
import { filterKey } from './collection.repository.ts';

describe('filterKey', () => {
  const filter: CollectionFilter = { number: '123', contentType: 'img', status: 'online', createdTime: ['2026-11-01', '2026-11-21'] };

  it('is the same for equal filters, and differs by zone and by any filter field', () => {
    const first = filterKey(filter, 'Asia/Shanghai');
    expect(filterKey({ ...filter }, 'Asia/Shanghai')).toBe(first);
    expect(filterKey(filter, 'UTC')).not.toBe(first);
    expect(filterKey({ ...filter, status: 'offline' }, 'Asia/Shanghai')).not.toBe(first);
    expect(filterKey({ ...filter, createdTime: ['2026-11-01', '2026-11-22'] }, 'Asia/Shanghai')).not.toBe(first);
  });

  it('follows a filter that changed since it was last asked', () => {
    const open: CollectionFilter = { ...filter };
    const before = filterKey(open, 'UTC');
    open.number = '456';
    expect(filterKey(open, 'UTC')).not.toBe(before);
  });
});
