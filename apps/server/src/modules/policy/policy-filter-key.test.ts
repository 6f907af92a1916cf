import { describe, expect, it } from 'vitest';
import type { PolicyFilter } from '@atrium/contracts/calls/policy';
import { filterKey } from './policy.repository.ts';

describe('filterKey', () => {
  const filter: PolicyFilter = { number: '123', contentType: 'img', status: 'online', createdTime: ['2026-11-01', '2026-11-21'] };

  it('is the same for a frozen parse read again, and differs by zone and by any filter field', () => {
    const frozen = Object.freeze({ ...filter });
    const first = filterKey(frozen, 'Asia/Shanghai');
    expect(filterKey(frozen, 'Asia/Shanghai')).toBe(first);
    expect(filterKey({ ...filter }, 'Asia/Shanghai')).toBe(first);
    expect(filterKey(frozen, 'UTC')).not.toBe(first);
    expect(filterKey(frozen, 'Asia/Shanghai')).toBe(first);
    expect(filterKey({ ...filter, status: 'offline' }, 'Asia/Shanghai')).not.toBe(first);
  });

  it('is computed afresh for a filter that is not frozen (it could change between calls)', () => {
    const open: PolicyFilter = { ...filter };
    const before = filterKey(open, 'UTC');
    open.number = '456';
    expect(filterKey(open, 'UTC')).not.toBe(before);
  });
});
