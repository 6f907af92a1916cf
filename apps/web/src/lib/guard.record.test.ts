import { describe, expect, it, vi } from 'vitest';
import type * as Registry from '@atrium/contracts/slices';

// A product with a resource: the guard's handling of a record's own page (`/catalog/products/:id`), which
// the core's route table alone has none of (guard.test.ts).
const fx = await vi.hoisted(async () => {
  const { defineResource } = await import('@atrium/contracts/resource');
  const l = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
  return defineResource({
    name: 'product',
    label: l('商品', 'Product'),
    pluralLabel: l('商品', 'Products'),
    menu: { group: 'catalog', groupLabel: l('商品中心', 'Catalog'), order: 9 },
    fields: [{ name: 'title', type: 'string', label: l('名称', 'Title'), required: true }],
  });
});
vi.mock('@atrium/contracts/slices', async (importOriginal) => {
  const registry = await importOriginal<typeof Registry>();
  const { resourceSlice } = await import('@atrium/contracts/resource-slice');
  const sliceDefs = [...registry.sliceDefs.filter((s) => !s.resource), resourceSlice(fx)];
  return { ...registry, slices: sliceDefs, sliceDefs, resources: [fx] };
});

const { decide, loginRedirectUrl, postLoginUrl } = await import('./guard');
const { defaultRoute, firstAllowedRoute, findRouteByPath } = await import('@atrium/contracts/routes');

const reader = { token: 't', role: 'clerk', permissions: ['product:read'] };
const anon = { token: '', role: '', permissions: [] };

describe('route guard: a record\'s own page', () => {
  it('is its resource\'s record route, opened by those who may read the resource', () => {
    expect(findRouteByPath('/catalog/products/12')).toMatchObject({ name: 'Resource:product:record', permission: 'product:read', hideInMenu: true });
    expect(findRouteByPath('/catalog/products')).toMatchObject({ name: 'Resource:product' });
    expect(decide({ pathname: '/catalog/products/12', search: '' }, reader)).toEqual({ type: 'allow' });
    expect(decide({ pathname: '/catalog/products/12', search: '' }, { ...reader, permissions: ['audit:read'] })).toMatchObject({ type: 'redirect', reason: 'noPermission' });
    // never where a role lands
    expect(firstAllowedRoute(['product:read'])!.path).toBe('/catalog/products');
  });

  it('comes back after signing in: the id travels in the query, and only as one plain segment', () => {
    const to = loginRedirectUrl({ pathname: '/catalog/products/12', search: '' });
    expect(to).toBe('/login?redirect=Resource%3Aproduct%3Arecord&id=12');
    expect(decide({ pathname: '/catalog/products/12', search: '' }, anon)).toEqual({ type: 'redirect', to });
    expect(postLoginUrl(to.slice('/login'.length))).toBe('/catalog/products/12');
    for (const id of ['..%2F..%2Fsystem', '%2F%2Fevil.example', '', 'a b']) {
      expect(postLoginUrl(`?redirect=Resource%3Aproduct%3Arecord&id=${id}`), id).toBe(defaultRoute.path);
    }
    expect(postLoginUrl('?redirect=Resource%3Aproduct%3Arecord')).toBe(defaultRoute.path);
  });
});
